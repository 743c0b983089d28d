/**
 * Parses a /financials modal submission into the request /financials text would give. The
 * listener reads the values (blocks/financials-modal.ts renders the modal, so it knows the ids)
 * and renders the errors; this module owns what the fields mean.
 */
import { parseSymbol } from '../../../service/symbols.js';
import { parseFinancialsArgs, type FinancialsArgs } from './parse-financials-args.js';

export type ModalStatement = 'snapshot' | 'income' | 'balance' | 'cashflow' | 'revenue' | 'prices';
export type ModalPeriod = 'annual' | 'quarterly';
export type FinancialsModalField = 'symbol' | 'statement' | 'period';

/** What the user submitted, as read from the view state; unvalidated. */
export interface FinancialsModalValues {
  symbol: string;
  statement?: string;
  period?: string;
}

/** A message per faulty field, shown under it. */
export type FinancialsModalErrors = Partial<Record<FinancialsModalField, string>>;

/** Records, so a statement or period added to the modal's types fails to compile until listed. */
const STATEMENTS: Record<ModalStatement, true> = {
  snapshot: true,
  income: true,
  balance: true,
  cashflow: true,
  revenue: true,
  prices: true,
};
const PERIODS: Record<ModalPeriod, true> = { annual: true, quarterly: true };

/** Validates a submission into the same request /financials text would give, or field errors. */
export function parseFinancialsModal(
  values: FinancialsModalValues,
  now?: Date,
): { ok: true; args: FinancialsArgs; text: string } | { ok: false; errors: FinancialsModalErrors } {
  const statement = values.statement ?? 'snapshot';
  const period = values.period;
  const symbol = parseSymbol(values.symbol.trim());
  if (!symbol.ok) return { ok: false, errors: { symbol: symbol.message } };
  if (!Object.hasOwn(STATEMENTS, statement)) return { ok: false, errors: { statement: 'Choose a statement from the list.' } };
  if (period !== undefined && !Object.hasOwn(PERIODS, period)) return { ok: false, errors: { period: 'Choose annual or quarterly.' } };
  // Indices show their prices whatever is chosen; prices take no period.
  const words = [
    symbol.symbol.canonical,
    symbol.symbol.isIndex || statement === 'snapshot' ? '' : statement,
    symbol.symbol.isIndex || statement === 'prices' ? '' : (period ?? ''),
  ];
  // The /financials text of the same request: the card's buttons (card-actions.ts) carry it to run it again.
  const text = words.filter(Boolean).join(' ');
  const args = parseFinancialsArgs(text, now);
  if (args.kind === 'usage') return { ok: false, errors: { statement: args.problems[0]?.message ?? 'This combination is not available.' } };
  return { ok: true, args, text };
}

/** What the modal says under the symbol field when the service does not know the symbol or cannot be asked. */
export function symbolCheckErrors(typed: string, canonical: string, outcome: 'unknown' | 'unavailable'): FinancialsModalErrors {
  if (outcome === 'unavailable') {
    return { symbol: `Could not check ${canonical}: the data service is not answering right now. Submit again in a minute.` };
  }
  const read = typed.trim().toUpperCase() === canonical ? '' : ` (read from “${typed.trim()}”)`;
  return { symbol: `The service has no company or index ${canonical}${read}. Check the symbol, e.g. US:AAPL, SH:600519, HK:00700.` };
}
