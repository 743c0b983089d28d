/** Share in channel on a financials card: the card its command text makes, fetched again, public. */
import type { SlackMessage } from '../../slack-api/slack-message.js';
import { withCardActions } from '../kit/card-actions.js';
import type { ButtonInteraction } from '../kit/button-interaction.js';
import type { ListenerDeps } from '../kit/listener-deps.js';
import { fetchFinancialsCard, financialsCardOffer } from './financials-card.js';
import { readSourceText } from './read-financials-text.js';

export async function shareFinancialsCard(deps: ListenerDeps, text: string, click: ButtonInteraction): Promise<SlackMessage | undefined> {
  const request = readSourceText(text, new Date(deps.clock()));
  if (!request) return undefined;
  const card = await fetchFinancialsCard(await deps.workspaces.service(click.workspace), request, {
    correlationId: click.correlationId,
    log: click.log,
    now: deps.clock(),
  });
  return withCardActions(card, financialsCardOffer(request, true));
}
