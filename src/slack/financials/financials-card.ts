/**
 * A /financials card, whoever asks for it (the command, the modal, Share in channel): the
 * request's descriptor fetches and renders it; its button row offers what the descriptor can do
 * again from the card's text (Chart, Download CSV / XLSX) and Share on a card only its asker sees.
 */
import type { Logger } from '../../observability/logger.js';
import type { ResearchService } from '../../service/types.js';
import type { SlackMessage } from '../../slack-api/slack-message.js';
import type { CardOffer } from '../kit/card-actions.js';
import type { KindContext, KindPurpose } from './kinds/financials-kind.js';
import type { KindRequest } from './read-financials-text.js';

export interface FinancialsCallOptions {
  correlationId: string;
  log: Logger;
  /** Now, in ms (the clock of ListenerDeps). */
  now: number;
}

export function kindContext(service: ResearchService, options: FinancialsCallOptions, purpose: KindPurpose): KindContext {
  return { service, call: { correlationId: options.correlationId }, log: options.log, now: options.now, purpose };
}

export async function fetchFinancialsCard(
  service: ResearchService,
  request: KindRequest,
  options: FinancialsCallOptions,
): Promise<SlackMessage> {
  const { descriptor, args } = request;
  return descriptor.card(await descriptor.fetch(args, kindContext(service, options, 'card')), args);
}

export function financialsCardOffer(request: KindRequest, isPublic: boolean): CardOffer {
  const { descriptor } = request;
  return {
    source: { command: '/financials', text: request.text },
    chart: descriptor.chart !== undefined,
    csv: descriptor.export !== undefined,
    xlsx: descriptor.export !== undefined,
    share: !isPublic,
    ...(descriptor.canvas ? { canvas: true } : {}),
  };
}

/** What the user asked for, for failure messages: "the balance sheet of US:NVDA". */
export const financialsAction = (request: KindRequest): string => request.descriptor.describe(request.args);
