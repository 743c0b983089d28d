/**
 * The four quarters a trailing-twelve-month figure sums: a company's newest four, one after the
 * other. When they are not there (fewer reported, an end date not given, a quarter missing in
 * between), the reason is returned in the reader's words instead of a sum over the wrong months.
 * Pure.
 */
import { formatEndDate, readEndDate } from './period-span.js';

export type LatestFourQuarters<P> = { quarters: P[]; endDate: string } | { reason: string };

const DAY_MS = 86_400_000;
const MONTH_DAYS = 365.25 / 12;

function monthsBetween(earlier: string, later: string): number {
  return Math.round((Date.parse(`${later}T00:00:00Z`) - Date.parse(`${earlier}T00:00:00Z`)) / DAY_MS / MONTH_DAYS);
}

/** `quarters`: single quarters (not year-to-date), in any order; `labelOf` names one ("Q2 FY2025"). */
export function latestFourQuarters<P>(
  quarters: readonly P[],
  endOf: (q: P) => string | undefined,
  labelOf: (q: P) => string,
): LatestFourQuarters<P> {
  const unknown = quarters.find((q) => readEndDate(endOf(q)) === undefined);
  // Without every end date the newest four cannot be told apart from older ones.
  if (unknown) return { reason: `the service gives no period end for ${labelOf(unknown)}` };
  const byEnd = new Map<string, P>();
  for (const q of quarters) {
    const end = readEndDate(endOf(q)) as string;
    if (!byEnd.has(end)) byEnd.set(end, q);
  }
  const newest = [...byEnd.entries()].sort((a, b) => b[0].localeCompare(a[0])).slice(0, 4);
  if (newest.length < 4) return { reason: `the service gives ${newest.length} quarter${newest.length === 1 ? '' : 's'}, not 4` };
  for (let i = 1; i < newest.length; i += 1) {
    const later = newest[i - 1]?.[0] as string;
    const earlier = newest[i]?.[0] as string;
    if (monthsBetween(earlier, later) !== 3) {
      return { reason: `its quarters are not consecutive (none between ${formatEndDate(earlier)} and ${formatEndDate(later)})` };
    }
  }
  return { quarters: newest.map(([, q]) => q), endDate: newest[0]?.[0] as string };
}
