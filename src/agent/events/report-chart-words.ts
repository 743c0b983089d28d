/**
 * The words of a report's charts in one answer language, all from the glossary (src/language),
 * so a Chinese answer's chart has no English word but symbols; only how several companies are
 * joined in a title is the charts' own ("NVIDIA vs AMD" / the glossary's list, "英伟达和AMD").
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

export const REPORT_CHART_LANGUAGES: readonly AnswerLanguage[] = ['en', 'zh'];

export function reportChartWords(lang: AnswerLanguage): ReportChartWords {
  const g = glossary(lang);
  return {
    g,
    incomeStatement: g.words.incomeStatement,
    dailyClose: g.words.dailyClose,
    sharePrice: g.words.sharePrice,
    close: g.words.close,
    axisNote: g.words.axisNotFromZero,
    rebasedAxis: (day) => g.rebasedClose(day),
    perShare: (currency) => g.perShare(currency),
    join: lang === 'en' ? (names) => names.join(' vs ') : (names) => g.list(names),
  };
}
