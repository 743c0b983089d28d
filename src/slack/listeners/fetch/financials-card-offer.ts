/**
 * Which buttons a /financials card offers (card-actions.ts). One line per button, so the chart,
 * export and share work each switch on their own.
 */
import type { CardOffer } from '../../blocks/card-actions.js';
import type { FinancialsRequest } from './fetch-financials-card.js';
import { CHARTED_KINDS } from './fetch-financials-chart.js';

export function financialsCardOffer(args: FinancialsRequest, text: string, isPublic: boolean): CardOffer {
  return {
    source: { command: '/financials', text },
    chart: CHARTED_KINDS.has(args.kind),
    csv: false,
    xlsx: false,
    share: false && !isPublic,
  };
}
