/**
 * The words of an answer in its one language ('zh' | 'en'): captions, headings, units, period
 * labels and company names, shared by the agent's report rendering, its charts and the cards.
 * A leaf beside src/periods/: both src/agent and src/slack (blocks included) may import it.
 */
import type { PeriodFields } from '../periods/period-label.js';
import type { AnswerLanguage } from './answer-language.js';
import { companyLabel, companyName, type CompanyNames } from './company-names.js';
import { messageWords } from './message-words.js';
import { localPeriodLabel } from './period-words.js';

export type { AnswerLanguage } from './answer-language.js';

/** Fixed words: one entry per language, the same keys. */
export interface Words {
  table: string;
  sources: string;
  untitledDocument: string;
  /** Income statement lines (chart legends). */
  revenue: string;
  grossProfit: string;
  operatingProfit: string;
  netProfit: string;
  incomeStatement: string;
  dailyClose: string;
  sharePrice: string;
  close: string;
  /** Said of a chart whose value axis is zoomed. */
  axisNotFromZero: string;
}

const WORDS: Record<AnswerLanguage, Words> = {
  en: {
    table: 'Table',
    sources: 'Sources',
    untitledDocument: 'Untitled document',
    revenue: 'Revenue',
    grossProfit: 'Gross profit',
    operatingProfit: 'Operating profit',
    netProfit: 'Net profit',
    incomeStatement: 'income statement',
    dailyClose: 'daily close',
    sharePrice: 'share price',
    close: 'Close',
    axisNotFromZero: 'axis not from zero',
  },
  zh: {
    table: '表',
    sources: '参考资料',
    untitledDocument: '无标题文档',
    revenue: '营业收入',
    grossProfit: '毛利',
    operatingProfit: '营业利润',
    netProfit: '归母净利润',
    incomeStatement: '利润表',
    dailyClose: '每日收盘价',
    sharePrice: '股价',
    close: '收盘价',
    axisNotFromZero: '纵轴不从零开始',
  },
};

/** Currency names in Chinese amounts: 亿元, 亿美元, 亿港元. */
const ZH_CURRENCY: Record<string, string> = { CNY: '元', RMB: '元', USD: '美元', HKD: '港元', EUR: '欧元', JPY: '日元', GBP: '英镑' };
const zhCurrency = (code: string): string => ZH_CURRENCY[code.toUpperCase()] ?? code;

export interface Glossary {
  lang: AnswerLanguage;
  words: Words;
  /** A table's caption: "对比 — 表1：指标、NVDA" / "Compare — table 1: Metric, NVDA". */
  tableCaption(heading: string | undefined, n: number, columns: readonly string[]): string;
  /** The heading of the list of sources under an answer. */
  sourcesHeading: string;
  /** The line after a capped list of sources: "另有3篇" / "+3 more". */
  moreSources(n: number): string;
  /** What amounts are divided by to be shown in amountUnit: 1e8 (亿) or 1e9 (billions). */
  amountDivisor: number;
  /** "亿元" / "CNY billions"; "亿" / "billions" without a currency. */
  amountUnit(currency: string | undefined): string;
  /** A price axis: "USD per share" / "美元/股"; the word for a close without a currency. */
  perShare(currency: string | undefined): string;
  /** A price axis rebased to 100 on a day: "Close, 2025-01-03 = 100" / "收盘价（2025-01-03 = 100）". */
  rebasedClose(day: string): string;
  /** "2026年中报" / "H1 FY2026". */
  periodLabel(fields: PeriodFields): string;
  /** The company's name in this language when the service gave one, else the first given. */
  companyName(company: CompanyNames): string | undefined;
  /** "英伟达 (US:NVDA)" / "NVIDIA (US:NVDA)". */
  companyLabel(company: CompanyNames): string;
  /** "A、B和C" / "A, B and C". */
  list(items: readonly string[]): string;
}

function list(items: readonly string[], lang: AnswerLanguage): string {
  if (items.length <= 1) return items[0] ?? '';
  const head = items.slice(0, -1).join(lang === 'zh' ? '、' : ', ');
  return lang === 'zh' ? `${head}和${items.at(-1)}` : `${head} and ${items.at(-1)}`;
}

const GLOSSARIES: Record<AnswerLanguage, Glossary> = {
  en: {
    lang: 'en',
    words: WORDS.en,
    tableCaption: messageWords('en').tableCaption,
    sourcesHeading: WORDS.en.sources,
    moreSources: (n) => `+${n} more`,
    amountDivisor: 1e9,
    amountUnit: (currency) => (currency ? `${currency} billions` : 'billions'),
    perShare: (currency) => (currency ? `${currency} per share` : WORDS.en.close),
    rebasedClose: (day) => `${WORDS.en.close}, ${day} = 100`,
    periodLabel: (fields) => localPeriodLabel(fields, 'en'),
    companyName: (company) => companyName(company, 'en'),
    companyLabel: (company) => companyLabel(company, 'en'),
    list: (items) => list(items, 'en'),
  },
  zh: {
    lang: 'zh',
    words: WORDS.zh,
    tableCaption: messageWords('zh').tableCaption,
    sourcesHeading: WORDS.zh.sources,
    moreSources: (n) => `另有${n}篇`,
    amountDivisor: 1e8,
    amountUnit: (currency) => `亿${currency ? zhCurrency(currency) : ''}`,
    perShare: (currency) => (currency ? `${zhCurrency(currency)}/股` : WORDS.zh.close),
    rebasedClose: (day) => `${WORDS.zh.close}（${day} = 100）`,
    periodLabel: (fields) => localPeriodLabel(fields, 'zh'),
    companyName: (company) => companyName(company, 'zh'),
    companyLabel: (company) => companyLabel(company, 'zh'),
    list: (items) => list(items, 'zh'),
  },
};

export function glossary(lang: AnswerLanguage): Glossary {
  return GLOSSARIES[lang];
}

/** Headings a report may give its own list of sources, in either language. */
const SOURCES_HEADING = /^\s*(?:sources?|references?|further reading|参考资料|参考文献|资料来源|来源|数据来源|引用)\s*[:：]?\s*$/i;

/** True for a heading that names a list of sources (so no second one is added under it). */
export function isSourcesHeading(text: string): boolean {
  return SOURCES_HEADING.test(text);
}
