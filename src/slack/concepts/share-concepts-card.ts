/** Share in channel on the concepts card: the list its command text makes, fetched again, public. */
import type { SlackMessage } from '../../slack-api/slack-message.js';
import type { ButtonInteraction } from '../kit/button-interaction.js';
import type { ListenerDeps } from '../kit/listener-deps.js';
import { renderConceptsList } from './concepts-card.js';
import { withListStockNames } from './concept-stock-names.js';
import { parseConceptsArgs } from './parse-concepts-args.js';

export async function shareConceptsCard(deps: ListenerDeps, text: string, click: ButtonInteraction): Promise<SlackMessage | undefined> {
  const args = parseConceptsArgs(text);
  if (args.kind !== 'list') return undefined;
  const service = await deps.workspaces.service(click.workspace);
  const latest = await service.latestConcepts({ includeDocs: true, correlationId: click.correlationId });
  const concepts = await withListStockNames(service, latest, args.top, { call: { correlationId: click.correlationId }, log: click.log });
  return renderConceptsList(concepts, { top: args.top });
}
