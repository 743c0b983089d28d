/**
 * The trailing-twelve-month figures of a company: its latest four single quarters
 * (latest-four-quarters.ts), added line by line into one record of the same shape, so the
 * comparison's lines (revenue, profit, margins) are computed on the sums exactly as on a year: a
 * margin of summed profit over summed revenue, never an average of four margins. Flows only (an
 * income or cash flow statement); a balance sheet is a position and is never summed. Pure.
 */
import { latestFourQuarters } from '../../../periods/latest-four-quarters.js';
import type { StatementHeader } from '../../../service/types.js';
import type { StatementLine } from '../../blocks/statement-table.js';
import { periodLabelOf, type TrailingFigures } from './align-comparison.js';

const isNumberMap = (v: unknown): v is Record<string, number> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every((x) => typeof x === 'number');

/**
 * One record whose number maps (an income statement's `lines`, a cash flow's sections) hold the
 * sums of `records`' members; a member some record lacks is left out rather than summed over
 * fewer quarters. Other fields are the first (newest) record's.
 */
export function sumRecords<R extends object>(records: readonly R[]): R {
  const [first] = records;
  if (!first) throw new RangeError('sumRecords needs at least one record');
  const out: Record<string, unknown> = { ...(first as Record<string, unknown>) };
  for (const [key, value] of Object.entries(first)) {
    if (!isNumberMap(value)) continue;
    const maps = records.map((r) => (r as Record<string, unknown>)[key]);
    if (!maps.every(isNumberMap)) continue;
    const sum: Record<string, number> = {};
    for (const member of Object.keys(value)) {
      if (maps.every((m) => typeof m[member] === 'number')) sum[member] = maps.reduce((acc, m) => acc + (m[member] as number), 0);
    }
    out[key] = sum;
  }
  return out as R;
}

const quarterLabel = (r: StatementHeader): string => periodLabelOf(String(r.fiscalYear ?? '').trim(), String(r.fiscalQuarter ?? '').trim());

/** The company's trailing twelve months for `lines`, or why there is none. */
export function trailingFigures<R extends StatementHeader>(
  quarters: readonly R[],
  lines: ReadonlyArray<StatementLine<R>>,
): TrailingFigures | { reason: string } {
  const four = latestFourQuarters(quarters, (q) => q.endDate, quarterLabel);
  if ('reason' in four) return four;
  const sum = sumRecords(four.quarters);
  const oldest = four.quarters[four.quarters.length - 1] as R;
  const newest = four.quarters[0] as R;
  return {
    label: `${quarterLabel(oldest)}–${quarterLabel(newest)}`,
    endDate: four.endDate,
    values: Object.fromEntries(lines.map((l) => [l.label, l.value(sum)])),
  };
}
