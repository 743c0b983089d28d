/**
 * Which buttons a /financials card offers (card-actions.ts). One line per button, so the chart,
 * export and share work each switch on their own.
 */
import type { CardOffer } from '../../kit/card-actions.js';
import type { FinancialsRequest } from './fetch-financials-card.js';
import { CHARTED_KINDS } from './fetch-financials-chart.js';

/** Cards with tables, which Download CSV / XLSX export (fetch-financials-data.ts): every /financials card. */
const TABLE_CARDS = new Set<FinancialsRequest['kind']>([
  'balance',
  'cashflow',
  'income',
  'revenue',
  'prices',
  'index',
  'compare',
  'earnings',
  'snapshot',
]);

export function financialsCardOffer(args: FinancialsRequest, text: string, isPublic: boolean): CardOffer {
  return {
    source: { command: '/financials', text },
    chart: CHARTED_KINDS.has(args.kind),
    csv: TABLE_CARDS.has(args.kind),
    xlsx: TABLE_CARDS.has(args.kind),
    share: !isPublic,
  };
}
