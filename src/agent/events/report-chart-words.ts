/**
 * The words of a report's charts in each answer language: the glossary's (src/language) where it
 * has them, and the few chart-only words it lacks yet (a request to move them into the glossary
 * is open), so a Chinese answer's chart has no English word but symbols.
 */
import type { AnswerLanguage } from '../../language/answer-language.js';
import { glossary, type Glossary } from '../../language/glossary.js';

export interface ReportChartWords {
  g: Glossary;
  incomeStatement: string;
  dailyClose: string;
  sharePrice: string;
  close: string;
  axisNote: string;
  /** The rebased price axis: "Close, 2025-01-03 = 100". */
  rebasedAxis: (day: string) => string;
  /** A price axis: "USD per share" / "美元/股". */
  perShare: (currency: string | undefined) => string;
  /** Several companies in a title: "NVIDIA vs AMD" / "英伟达和AMD". */
  join: (names: string[]) => string;
}

const ZH_CURRENCY: Record<string, string> = { CNY: '元', RMB: '元', USD: '美元', HKD: '港元' };

const CHART_ONLY: Record<AnswerLanguage, Omit<ReportChartWords, 'g' | 'incomeStatement' | 'dailyClose' | 'join'>> = {
  en: {
    sharePrice: 'share price',
    close: 'Close',
    axisNote: 'axis not from zero',
    rebasedAxis: (day) => `Close, ${day} = 100`,
    perShare: (currency) => (currency ? `${currency} per share` : 'Close'),
  },
  zh: {
    sharePrice: '股价',
    close: '收盘价',
    axisNote: '纵轴不从零开始',
    rebasedAxis: (day) => `收盘价（${day} = 100）`,
    perShare: (currency) => (currency ? `${ZH_CURRENCY[currency] ?? currency}/股` : '收盘价'),
  },
};

export const REPORT_CHART_LANGUAGES: readonly AnswerLanguage[] = ['en', 'zh'];

export function reportChartWords(lang: AnswerLanguage): ReportChartWords {
  const g = glossary(lang);
  const join = lang === 'en' ? (names: string[]) => names.join(' vs ') : (names: string[]) => g.list(names);
  return { g, incomeStatement: g.words.incomeStatement, dailyClose: g.words.dailyClose, join, ...CHART_ONLY[lang] };
}
