/** Builds the one Slack table of a statement card: periods as columns, key lines as rows. */
import type { StatementHeader, StatementSection } from '../../service/types.js';
import type { RawTextElement, TableBlock } from '@slack/types';
import { plainText } from './escape.js';
import { chooseUnit, formatInUnit, formatNumber, formatPercent, isNum, type AmountUnit } from './format.js';
import { SLACK_LIMITS } from './limits.js';

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

/** "FY2024", "2024 Q2", else the period end date. */
export function periodLabel(h: Pick<StatementHeader, 'fiscalYear' | 'fiscalQuarter' | 'period' | 'endDate'>): string {
  const fy = String(h.fiscalYear ?? '').trim();
  const q = String(h.fiscalQuarter ?? '')
    .trim()
    .toUpperCase();
  if (fy && (q === 'FY' || (!q && /annual/i.test(h.period ?? '')))) return `FY${fy}`;
  if (fy && q) return `${fy} ${q}`;
  return h.endDate || fy || '—';
}

export const cell = (text: string): RawTextElement => ({ type: 'raw_text', text: plainText(text) || ' ' });

/** Newest first, at most 19 periods (one column is the line label; Slack allows 20 cells). */
export function latestRecords<R extends Pick<StatementHeader, 'endDate'>>(records: R[], max = SLACK_LIMITS.tableCellsPerRow - 1): R[] {
  return [...records].sort((a, b) => String(b.endDate).localeCompare(String(a.endDate))).slice(0, max);
}

export interface BuiltTable {
  table: TableBlock;
  unit: AmountUnit;
  /** Lines that had at least one number. */
  lines: string[];
}

export function buildStatementTable<R extends StatementHeader>(
  records: R[],
  lines: Array<StatementLine<R>>,
  firstHeader = 'Line',
): BuiltTable {
  const present = lines.filter((l) => l.heading || records.some((r) => isNum(l.value(r))));
  const used = present.filter((l, i) => !l.heading || (present[i + 1] !== undefined && !present[i + 1]?.heading));
  const unit = chooseUnit(
    records.flatMap((r) => used.map((l) => (l.heading || (l.kind ?? 'amount') !== 'amount' ? undefined : l.value(r)))),
  );
  const labels = records.map(periodLabel);
  const seen = new Map<string, number>();
  const uniqueLabels = labels.map((l, i) => {
    const n = (seen.get(l) ?? 0) + 1;
    seen.set(l, n);
    return n > 1 ? `${l} (${records[i]?.endDate ?? n})` : l;
  });
  const rows: RawTextElement[][] = [[cell(firstHeader), ...uniqueLabels.map(cell)]];
  for (const line of used) {
    rows.push([
      cell(line.heading ? `— ${line.label} —` : line.label),
      ...records.map((r) => cell(line.heading ? ' ' : formatLineValue(line, r, unit))),
    ]);
  }
  return {
    table: { type: 'table', rows, column_settings: [{ is_wrapped: true }, ...records.map(() => ({ align: 'right' as const }))] },
    unit,
    lines: used.filter((l) => !l.heading).map((l) => l.label),
  };
}
