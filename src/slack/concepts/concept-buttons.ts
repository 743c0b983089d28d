/**
 * Expand on a concept (the /concepts card or a digest): every related stock and document. In
 * the card's thread when it is a channel message, ephemerally when the card was ephemeral.
 * The service has no concept-by-id read, so the latest list is fetched and searched.
 */
import { decodeConceptButton } from '../kit/button-values.js';
import { renderConceptDetail } from './concepts-card.js';
import { stockNames, withStockNames } from './concept-stock-names.js';
import { renderNotice } from '../blocks/error-card.js';
import { respondEphemeral } from '../kit/deliver-card.js';
import type { ListenerDeps } from '../kit/listener-deps.js';
import type { ButtonInteraction } from '../kit/button-interaction.js';
import { EXPIRED_BUTTON, replyNearCard } from '../kit/button-replies.js';

export async function expandConcept(deps: ListenerDeps, click: ButtonInteraction): Promise<void> {
  const value = decodeConceptButton(click.value);
  if (!value) return respondEphemeral(click.respond, renderNotice(EXPIRED_BUTTON));
  const service = await deps.workspaces.service(click.workspace);
  const concepts = await service.latestConcepts({
    includeDocs: true,
    correlationId: click.correlationId,
  });
  const concept = concepts.find((c) => c.conceptId === value.conceptId);
  if (!concept) {
    const name = value.name ? `“${value.name}”` : 'This concept';
    return respondEphemeral(
      click.respond,
      renderNotice(`${name} is no longer among the trending concepts. Run /concepts for the latest list.`),
    );
  }
  const names = await stockNames(service, concept.stocks, { call: { correlationId: click.correlationId }, log: click.log });
  await replyNearCard(click, renderConceptDetail(withStockNames(concept, names)));
}
