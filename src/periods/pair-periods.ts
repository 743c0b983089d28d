/**
 * Pairs several companies' periods on the calendar: each row holds at most one period per
 * company, and every two periods of a row share at least the months `canPair` asks (9 of a
 * year's 12). A period joins the row whose periods it shares the most months with; one that
 * pairs with none starts a row of its own, so a company's figures are never moved beside a
 * period they do not overlap. Periods whose end is unknown cannot be placed and are returned
 * apart, for the caller to name. Pure.
 */
import { calendarLabel, canPair, monthsInCommon, type PeriodSpan } from './period-span.js';

export interface PairedRow<P> {
  /** One slot per company, in the order given: its period in this row, or undefined. */
  members: Array<P | undefined>;
  /** The calendar period the members have most in common, e.g. "CY2024". */
  label: string;
  /** The fewest months any two members share (undefined with a single member). */
  monthsInCommon?: number;
  /** The newest member's end (YYYY-MM-DD): rows are ordered by it, newest first. */
  latestEnd: string;
}

export interface Pairing<P> {
  rows: Array<PairedRow<P>>;
  /** Per company, the periods with no known end, in the order given. */
  unplaced: P[][];
}

interface OpenRow<P> {
  members: Array<P | undefined>;
  spans: Array<PeriodSpan | undefined>;
  order: number;
}

function fewestMonths(spans: readonly PeriodSpan[]): number | undefined {
  let fewest: number | undefined;
  spans.forEach((a, i) => {
    for (const b of spans.slice(i + 1)) fewest = Math.min(fewest ?? Number.POSITIVE_INFINITY, monthsInCommon(a, b));
  });
  return fewest;
}

/**
 * `companies[i]` lists company i's periods, the one to keep first when two end on the same day
 * (the service lists the latest filing first).
 */
export function pairPeriods<P>(companies: ReadonlyArray<ReadonlyArray<P>>, spanOf: (p: P) => PeriodSpan | undefined): Pairing<P> {
  const n = companies.length;
  const open: Array<OpenRow<P>> = [];
  const unplaced: P[][] = companies.map(() => []);
  companies.forEach((periods, ci) => {
    const seen = new Set<string>();
    for (const p of periods) {
      const span = spanOf(p);
      if (!span) {
        unplaced[ci]?.push(p);
        continue;
      }
      const key = `${span.endDate}|${span.months}`;
      if (seen.has(key)) continue;
      seen.add(key);
      let best: { row: OpenRow<P>; months: number } | undefined;
      for (const row of open) {
        if (row.members[ci] !== undefined) continue;
        const others = row.spans.filter((s): s is PeriodSpan => s !== undefined);
        if (!others.every((s) => canPair(span, s))) continue;
        const months = Math.min(...others.map((s) => monthsInCommon(span, s)));
        if (!best || months > best.months) best = { row, months };
      }
      const row = best?.row ?? {
        members: Array<P | undefined>(n).fill(undefined),
        spans: Array<PeriodSpan | undefined>(n).fill(undefined),
        order: open.length,
      };
      if (!best) open.push(row);
      row.members[ci] = p;
      row.spans[ci] = span;
    }
  });
  const rows = open.map((row) => {
    const spans = row.spans.filter((s): s is PeriodSpan => s !== undefined);
    const fewest = fewestMonths(spans);
    // biome-ignore lint/complexity/useMathMinMax: ISO date strings compare as text; Math.max would make them NaN.
    const latestEnd = spans.map((s) => s.endDate).reduce((a, b) => (a > b ? a : b), '');
    return {
      order: row.order,
      paired: { members: row.members, label: calendarLabel(spans), ...(fewest !== undefined ? { monthsInCommon: fewest } : {}), latestEnd },
    };
  });
  rows.sort((a, b) => b.paired.latestEnd.localeCompare(a.paired.latestEnd) || a.order - b.order);
  return { rows: rows.map((r) => r.paired), unplaced };
}
