/** Parses a /financials modal submission into the request /financials text would give. */
import { parseSymbol } from '../../service/symbols.js';
import { FINANCIALS_MODAL } from '../blocks/action-ids.js';
import {
  financialsModalErrors,
  PERIOD_OPTIONS,
  STATEMENT_OPTIONS,
  type ModalErrorsResponse,
  type ViewStateValues,
} from '../blocks/financials-modal.js';
import { parseFinancialsArgs, type FinancialsArgs } from './parse-financials-args.js';

/** Validates a submission into the same request /financials text would give, or field errors. */
export function parseFinancialsModal(
  values: ViewStateValues,
  now?: Date,
): { ok: true; args: FinancialsArgs } | { ok: false; response: ModalErrorsResponse } {
  const symbolText = values[FINANCIALS_MODAL.blocks.symbol]?.[FINANCIALS_MODAL.actions.symbol]?.value?.trim() ?? '';
  const statement = values[FINANCIALS_MODAL.blocks.statement]?.[FINANCIALS_MODAL.actions.statement]?.selected_option?.value ?? 'snapshot';
  const period = values[FINANCIALS_MODAL.blocks.period]?.[FINANCIALS_MODAL.actions.period]?.selected_option?.value;
  const symbol = parseSymbol(symbolText);
  if (!symbol.ok) return { ok: false, response: financialsModalErrors({ symbol: symbol.message }) };
  if (!STATEMENT_OPTIONS.some((o) => o.value === statement))
    return { ok: false, response: financialsModalErrors({ statement: 'Choose a statement from the list.' }) };
  if (period !== undefined && !PERIOD_OPTIONS.some((o) => o.value === period))
    return { ok: false, response: financialsModalErrors({ period: 'Choose annual or quarterly.' }) };
  if (statement === 'prices' && !symbol.symbol.isIndex) {
    return {
      ok: false,
      response: financialsModalErrors({
        symbol: 'Prices are for indices: SPX, HSI or 000300.',
        statement: 'Choose another statement for a company.',
      }),
    };
  }
  const words = [
    symbol.symbol.canonical,
    symbol.symbol.isIndex || statement === 'snapshot' ? '' : statement,
    symbol.symbol.isIndex ? '' : (period ?? ''),
  ];
  const args = parseFinancialsArgs(words.filter(Boolean).join(' '), now);
  if (args.kind === 'usage')
    return { ok: false, response: financialsModalErrors({ statement: args.problems[0]?.message ?? 'This combination is not available.' }) };
  return { ok: true, args };
}
