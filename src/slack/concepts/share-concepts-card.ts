/** Share in channel on the concepts card: the list its command text makes, fetched again, public. */
import type { SlackMessage } from '../../slack-api/slack-message.js';
import type { ButtonInteraction } from '../kit/button-interaction.js';
import type { ListenerDeps } from '../kit/listener-deps.js';
import { renderConceptsList } from './concepts-card.js';
import { parseConceptsArgs } from './parse-concepts-args.js';

export async function shareConceptsCard(deps: ListenerDeps, text: string, click: ButtonInteraction): Promise<SlackMessage | undefined> {
  const args = parseConceptsArgs(text);
  if (args.kind !== 'list') return undefined;
  const concepts = await (await deps.workspaces.service(click.workspace)).latestConcepts({
    includeDocs: true,
    correlationId: click.correlationId,
  });
  return renderConceptsList(concepts, { top: args.top });
}
