/**
 * Parses a /financials modal submission into the request /financials text would give: the modal
 * writes that text (a card's buttons carry it to run it again) and reads it like the command. The
 * listener reads the values (modal/financials-modal.ts renders the modal, so it knows the ids) and
 * renders the errors; this module owns what the fields mean.
 */
import type { FINANCIALS_MODAL } from '../../blocks/action-ids.js';
import { parseSymbol } from '../../../service/symbols.js';
import { FINANCIALS_KINDS } from '../kinds/registry.js';
import { isKindRequest, readFinancialsText, type KindRequest } from '../read-financials-text.js';

/** A kind's id: the statement menu lists the kinds that have a modal choice (kinds/registry.ts). */
export type ModalStatement = string;
export type ModalPeriod = 'annual' | 'quarterly';
export type FinancialsModalField = keyof typeof FINANCIALS_MODAL.blocks;

/** What the user submitted, as read from the view state; unvalidated. */
export interface FinancialsModalValues {
  symbol: string;
  statement?: string;
  period?: string;
}

/** A message per faulty field, shown under it. */
export type FinancialsModalErrors = Partial<Record<FinancialsModalField, string>>;

/** The kinds the statement menu offers, in the registry's order. */
export const MODAL_STATEMENTS = FINANCIALS_KINDS.flatMap((k) =>
  k.modal && k.words.grammar === 'symbol' ? [{ id: k.id, label: k.modal.label, periods: k.modal.periods, words: k.words }] : [],
);
const PERIODS: Record<ModalPeriod, true> = { annual: true, quarterly: true };
const DEFAULT_STATEMENT = 'snapshot';

/** Validates a submission into the same request /financials text would give, or field errors. */
export function parseFinancialsModal(
  values: FinancialsModalValues,
  now?: Date,
): ({ ok: true; text: string } & KindRequest) | { ok: false; errors: FinancialsModalErrors } {
  const period = values.period;
  const symbol = parseSymbol(values.symbol.trim());
  if (!symbol.ok) return { ok: false, errors: { symbol: symbol.message } };
  const statement = MODAL_STATEMENTS.find((s) => s.id === (values.statement ?? DEFAULT_STATEMENT));
  if (!statement) return { ok: false, errors: { statement: 'Choose a statement from the list.' } };
  if (period !== undefined && !Object.hasOwn(PERIODS, period)) return { ok: false, errors: { period: 'Choose annual or quarterly.' } };
  // Indices show their prices whatever is chosen; what the symbol alone gives needs no word, prices take no period.
  const words = [
    symbol.symbol.canonical,
    symbol.symbol.isIndex || statement.words.isDefault ? '' : (statement.words.words[0] ?? ''),
    symbol.symbol.isIndex || !statement.periods ? '' : (period ?? ''),
  ];
  // The /financials text of the same request: the card's buttons (card-actions.ts) carry it to run it again.
  const read = readFinancialsText(words.filter(Boolean).join(' '), now);
  if (isKindRequest(read)) return { ok: true, ...read };
  return { ok: false, errors: { statement: (read.kind === 'usage' && read.problems[0]?.message) || 'This combination is not available.' } };
}

/** What the modal says under the symbol field when the service does not know the symbol or cannot be asked. */
export function symbolCheckErrors(typed: string, canonical: string, outcome: 'unknown' | 'unavailable'): FinancialsModalErrors {
  if (outcome === 'unavailable') {
    return { symbol: `Could not check ${canonical}: the data service is not answering right now. Submit again in a minute.` };
  }
  const read = typed.trim().toUpperCase() === canonical ? '' : ` (read from “${typed.trim()}”)`;
  return { symbol: `The service has no company or index ${canonical}${read}. Check the symbol, e.g. US:AAPL, SH:600519, HK:00700.` };
}
