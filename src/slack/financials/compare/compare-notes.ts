/**
 * What a comparison says in words: each company's fiscal period in a row ("FY2025 · ends
 * 26 Jan 2025"), how rows are paired, and why a company has a gap ("—") where it has one. Plain
 * text: the card escapes it, the export and notifications use it as is. Pure.
 */
import { formatEndDate, minMonthsInCommon } from '../../../periods/period-span.js';
import { MISSING } from '../../blocks/format.js';
import type { AlignedComparison, AlignedRow, PeriodRef } from './align-comparison.js';

/** "FY2025 · ends 26 Jan 2025"; "FY2019 · period end not given"; "—" for a gap. */
export function fiscalPeriodCell(p: PeriodRef | undefined): string {
  if (!p) return MISSING;
  return `${p.label} · ${p.endDate ? `ends ${formatEndDate(p.endDate)}` : 'period end not given'}`;
}

function periodPhrase(p: PeriodRef | undefined): string {
  return p ? `${p.label} (${p.endDate ? `ends ${formatEndDate(p.endDate)}` : 'period end not given'})` : '';
}

/** The footer's first line: how the rows were made, in the terms of the rows shown. */
export function pairingRule(aligned: AlignedComparison, shown: readonly AlignedRow[]): string {
  const quarters = shown.some((r) => r.kind === 'calendar' && /^Q\d/.test(r.label));
  const months = quarters ? 3 : 12;
  const parts = [
    `Rows are calendar periods: each company’s fiscal ${quarters ? 'quarter' : 'year'} sits beside the others’ it shares the most months with, at least ${minMonthsInCommon(months)} of ${months}; ${MISSING} where none does.`,
  ];
  if (shown.some((r) => r.kind === 'ttm')) parts.push('TTM: the latest four reported quarters, summed.');
  if (shown.some((r) => r.kind === 'latest'))
    parts.push('Latest reported: each company’s newest balance sheet, side by side when at most 3 months apart.');
  if (aligned.fiscalYearsDiffer && !quarters && !shown.some((r) => r.kind !== 'calendar') && aligned.ttmMissing.length === 0) {
    parts.push('Fiscal years end in different months.');
  }
  return parts.join(' ');
}

/** Why gaps are where they are: companies no row pairs, missing TTM figures, periods with no end. */
export function comparisonNotes(aligned: AlignedComparison, shown: readonly AlignedRow[]): string[] {
  const name = (i: number): string => {
    const c = aligned.companies[i];
    return c ? (c.name ? `${c.name} (${c.symbol})` : c.symbol) : '';
  };
  const notes: string[] = [];
  for (const u of aligned.unpaired) {
    notes.push(
      u.aPeriod && u.bPeriod && u.months > 0
        ? `${name(u.a)} and ${name(u.b)} share no row: their closest periods, ${periodPhrase(u.aPeriod)} and ${periodPhrase(u.bPeriod)}, have only ${u.months} month${u.months === 1 ? '' : 's'} in common.`
        : `${name(u.a)} and ${name(u.b)} share no row: no reported periods in common.`,
    );
  }
  const ttmShown = shown.some((r) => r.kind === 'ttm');
  for (const m of aligned.ttmMissing) {
    notes.push(`No TTM for ${name(m.company)}${ttmShown ? '' : ' (so no TTM row)'}: ${m.reason}.`);
  }
  // A trailing period too far from the others' is a row of its own: said once per company.
  for (const kind of ['ttm', 'latest'] as const) {
    const rows = shown.filter((r) => r.kind === kind);
    const [first, ...others] = rows;
    for (const [i, p] of (first?.periods ?? []).entries()) {
      const own = p ? undefined : others.find((o) => o.periods[i])?.periods[i];
      if (!first || !own) continue;
      const what = kind === 'ttm' ? 'latest four quarters end' : 'newest balance sheet is at';
      notes.push(
        `${name(i)}: its ${what} ${own.endDate ? formatEndDate(own.endDate) : 'an unknown date'}, too far from the others’ to share a row.`,
      );
    }
  }
  const unplaced = aligned.rows.filter((r) => r.kind === 'unplaced');
  if (unplaced.length > 0) {
    const byCompany = new Map<number, string[]>();
    for (const r of unplaced) {
      r.periods.forEach((p, i) => {
        // An end without a period name ("quarterly" alone) cannot be placed either: its length is unknown.
        const why = p?.endDate ? 'the service does not say which period it is' : 'the service gives no period end';
        if (p) byCompany.set(i, [...(byCompany.get(i) ?? []), `${p.label} (${why})`]);
      });
    }
    notes.push(`Not on the calendar: ${[...byCompany.entries()].map(([i, labels]) => `${name(i)} ${labels.join(', ')}`).join('; ')}.`);
  }
  return notes;
}
