/**
 * Share in channel on a passages card: the passages its `/research` text finds, fetched again,
 * public. Search results have their own Share (search-buttons.ts); nothing else is a card to share.
 */
import type { SlackMessage } from '../../slack-api/slack-message.js';
import type { ButtonInteraction } from '../kit/button-interaction.js';
import type { ListenerDeps } from '../kit/listener-deps.js';
import { renderPassages } from './cards/passages-card.js';
import { parseResearchArgs } from './parse-research-args.js';

export async function sharePassagesCard(deps: ListenerDeps, text: string, click: ButtonInteraction): Promise<SlackMessage | undefined> {
  const args = parseResearchArgs(text, new Date(deps.clock()));
  if (args.kind !== 'passages') return undefined;
  const chunks = await (await deps.workspaces.service(click.workspace)).searchChunks(args.request, {
    correlationId: click.correlationId,
  });
  return renderPassages(chunks, { query: args.request.query });
}
