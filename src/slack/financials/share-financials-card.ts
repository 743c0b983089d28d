/** Share in channel on a financials card: the card its command text makes, fetched again, public. */
import type { SlackMessage } from '../../slack-api/slack-message.js';
import { withCardActions } from '../kit/card-actions.js';
import type { ButtonInteraction } from '../kit/button-interaction.js';
import type { ListenerDeps } from '../kit/listener-deps.js';
import { parseFinancialsArgs } from './args/parse-financials-args.js';
import { fetchFinancialsCard } from './fetch/fetch-financials-card.js';
import { financialsCardOffer } from './fetch/financials-card-offer.js';

export async function shareFinancialsCard(deps: ListenerDeps, text: string, click: ButtonInteraction): Promise<SlackMessage | undefined> {
  const args = parseFinancialsArgs(text, new Date(deps.clock()));
  if (args.kind === 'help' || args.kind === 'usage' || args.kind === 'modal') return undefined;
  const card = await fetchFinancialsCard(await deps.workspaces.service(click.workspace), args, {
    correlationId: click.correlationId,
    log: click.log,
    now: deps.clock(),
  });
  return withCardActions(card, financialsCardOffer(args, text, true));
}
