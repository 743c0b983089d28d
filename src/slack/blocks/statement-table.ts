/**
 * Builds the table of a statement card: periods as columns, key lines as rows, as a `data_table`
 * whose figures are numeric cells (raw_number: Slack sorts them as numbers) showing the card's
 * formatting. Every line fits on one page. Where Slack refuses data_table, the clients' fetch
 * sends it as a `table` (slack-api/table-fallback-fetch.ts).
 * @see https://docs.slack.dev/reference/block-kit/blocks/data-table-block
 */
import type { StatementHeader, StatementSection } from '../../service/types.js';
import type { DataTableBlock, RawNumberElement, RawTextElement } from '@slack/types';
import { periodLabel } from '../../periods/period-label.js';
import { plainText } from './escape.js';
import { chooseUnit, formatInUnit, formatNumber, formatPercent, isNum, type AmountUnit } from './format.js';
import { SLACK_LIMITS } from './limits.js';
import type { NegativeName } from './percent-change.js';

export interface StatementLine<R> {
  label: string;
  value: (record: R) => number | undefined;
  /** Section heading rows carry no numbers. */
  heading?: boolean;
  /**
   * `amount` (default) is shown in the table's unit; a per-share figure (EPS) and a percentage
   * (a margin) are shown as they are and left out when the unit is chosen.
   */
  kind?: 'amount' | 'per_share' | 'percent';
  /** What a negative value of this line is called when a change is written (percent-change.ts). */
  negativeAs?: NegativeName;
}

/** A line's value as its cell shows it. */
export function formatLineValue<R>(line: StatementLine<R>, record: R, unit: AmountUnit): string {
  const v = line.value(record);
  if (line.kind === 'per_share') return formatNumber(v, 2);
  if (line.kind === 'percent') return formatPercent(v, false, 1);
  return formatInUnit(v, unit);
}

/** Looks a line name up in any of a record's sections (variants file some lines differently). */
export function lineValue(sections: Array<StatementSection | undefined>, key: string): number | undefined {
  for (const s of sections) {
    const v = s?.[key];
    if (isNum(v)) return v;
  }
  return undefined;
}

/** Period labels follow the one scheme of every card, chart and report (src/periods/period-label.ts). */
export { periodLabel };

export const cell = (text: string): RawTextElement => ({ type: 'raw_text', text: plainText(text) || ' ' });

/** A figure: its value for sorting, its formatted text for reading; a missing one is text ("—"). */
export const numberCell = (value: number | undefined, text: string): RawNumberElement | RawTextElement =>
  value === undefined || !Number.isFinite(value) ? cell(text) : { type: 'raw_number', value, text: plainText(text) || String(value) };

/** Newest first, at most 19 periods (one column is the line label; Slack allows 20 columns). */
export function latestRecords<R extends Pick<StatementHeader, 'endDate'>>(records: R[], max = SLACK_LIMITS.dataTableColumns - 1): R[] {
  return [...records].sort((a, b) => String(b.endDate).localeCompare(String(a.endDate))).slice(0, max);
}

export interface BuiltTable {
  table: DataTableBlock;
  unit: AmountUnit;
  /** Lines that had at least one number. */
  lines: string[];
}

export function buildStatementTable<R extends StatementHeader>(
  records: R[],
  lines: Array<StatementLine<R>>,
  firstHeader = 'Line',
  caption = 'Statement',
): BuiltTable {
  const present = lines.filter((l) => l.heading || records.some((r) => isNum(l.value(r))));
  const used = present.filter((l, i) => !l.heading || (present[i + 1] !== undefined && !present[i + 1]?.heading));
  const unit = chooseUnit(
    records.flatMap((r) => used.map((l) => (l.heading || (l.kind ?? 'amount') !== 'amount' ? undefined : l.value(r)))),
  );
  const labels = records.map((r) => periodLabel(r));
  const seen = new Map<string, number>();
  const uniqueLabels = labels.map((l, i) => {
    const n = (seen.get(l) ?? 0) + 1;
    seen.set(l, n);
    return n > 1 ? `${l} (${records[i]?.endDate ?? n})` : l;
  });
  const rows: Array<Array<RawTextElement | RawNumberElement>> = [[cell(firstHeader), ...uniqueLabels.map(cell)]];
  for (const line of used) {
    rows.push([
      cell(line.heading ? `— ${line.label} —` : line.label),
      ...records.map((r) => (line.heading ? cell(' ') : numberCell(line.value(r), formatLineValue(line, r, unit)))),
    ]);
  }
  const body = Math.max(1, rows.length - 1);
  return {
    table: {
      type: 'data_table',
      caption: plainText(caption) || 'Statement',
      rows,
      page_size: Math.min(body, SLACK_LIMITS.dataTablePageSizeMax),
    },
    unit,
    lines: used.filter((l) => !l.heading).map((l) => l.label),
  };
}
