/**
 * The words our Markdown rendering adds around an answer (notes on tables, message parts, the
 * overflow note), in the answer's language, so a Chinese answer carries no English chrome.
 */
import type { AnswerLanguage } from './answer-language.js';

export interface MessageWords {
  tableCaption(heading: string | undefined, n: number, columns: readonly string[]): string;
  /** A message that starts with a table, in its fallback text: "Table: Metric, NVDA". */
  tableFallback(columns: readonly string[]): string;
  tableTooLongCell: string;
  tableTooWide(columns: number, max: number): string;
  tableShownAsText(why: string): string;
  tableContinued(first: number, last: number, total: number): string;
  /** Appended to a message's fallback text: " (part 1 of 3)". */
  partOf(part: number, of: number): string;
  tooLongForSlack(droppedSections: number): string;
  noContent: string;
  defaultFallback: string;
}

const WORDS: Record<AnswerLanguage, MessageWords> = {
  en: {
    tableCaption: (heading, n, columns) => {
      const what = columns.length > 0 ? `: ${columns.join(', ')}` : '';
      return heading ? `${heading} — table ${n}${what}` : `Table ${n}${what}`;
    },
    tableFallback: (columns) => `Table: ${columns.join(', ')}`,
    tableTooLongCell: 'a cell is too long for a Slack table',
    tableTooWide: (columns, max) => `it has ${columns} columns and Slack tables hold at most ${max}`,
    tableShownAsText: (why) => `Table shown as text: ${why}.`,
    tableContinued: (first, last, total) => `Table continued: rows ${first}–${last} of ${total}.`,
    partOf: (part, of) => ` (part ${part} of ${of})`,
    tooLongForSlack: (n) => `The answer is too long for Slack: ${n} more ${n === 1 ? 'section was' : 'sections were'} not posted.`,
    noContent: '(No content.)',
    defaultFallback: 'Research Desk answer',
  },
  zh: {
    tableCaption: (heading, n, columns) => {
      const what = columns.length > 0 ? `：${columns.join('、')}` : '';
      return heading ? `${heading} — 表${n}${what}` : `表${n}${what}`;
    },
    tableFallback: (columns) => `表格：${columns.join('、')}`,
    tableTooLongCell: '有单元格超出 Slack 表格的长度上限',
    tableTooWide: (columns, max) => `共${columns}列，Slack 表格最多${max}列`,
    tableShownAsText: (why) => `表格以文本显示：${why}。`,
    tableContinued: (first, last, total) => `表格续：第${first}–${last}行，共${total}行。`,
    partOf: (part, of) => `（第${part}部分，共${of}部分）`,
    tooLongForSlack: (n) => `回答过长，Slack 无法全部显示：另有${n}节未发布。`,
    noContent: '（无内容。）',
    defaultFallback: 'Research Desk 回答',
  },
};

export function messageWords(lang: AnswerLanguage): MessageWords {
  return WORDS[lang];
}
