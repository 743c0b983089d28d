/**
 * "Share in channel" under an ephemeral data card (card-actions.ts: /financials, /concepts list,
 * /research passages; cards made by a button, such as a summary, have no command to run again): runs the card's source
 * command again (the button carries the command and its text, never the numbers) and posts the
 * fresh card for everyone in the channel with a line naming who shared it, then removes the
 * private copy. When Slack will not let the app post there, the sharer is told why and what to do.
 */
import type { WebClient } from '@slack/web-api';
import { decodeCardSource, withCardActions, type CardSource } from '../card-actions.js';
import { renderConceptsList } from '../../concepts/concepts-card.js';
import { renderPassages } from '../../research/cards/passages-card.js';
import { renderNotice } from '../../blocks/error-card.js';
import { escapeMrkdwn } from '../../blocks/escape.js';
import { withSharedBy, type Sharer } from './shared-by.js';
import { parseConceptsArgs } from '../../concepts/parse-concepts-args.js';
import { parseFinancialsArgs } from '../../financials/args/parse-financials-args.js';
import { parseResearchArgs } from '../../research/parse-research-args.js';
import type { SlackMessage } from '../../../slack-api/slack-message.js';
import { toSlackCallError } from '../../../slack-api/slack-call-error.js';
import { deleteOriginal, postInChannel, respondEphemeral } from '../deliver-card.js';
import { fetchFinancialsCard } from '../../financials/fetch/fetch-financials-card.js';
import { financialsCardOffer } from '../../financials/fetch/financials-card-offer.js';
import type { ListenerDeps } from '../listener-deps.js';
import type { ButtonInteraction } from '../button-interaction.js';
import { EXPIRED_BUTTON } from '../../research/search-buttons.js';

/** Slack's answers that mean the app may not post in this conversation at all. */
const CANNOT_POST = new Set([
  'not_in_channel',
  'channel_not_found',
  'is_archived',
  'restricted_action',
  'restricted_action_read_only_channel',
  'restricted_action_thread_only_channel',
  'restricted_action_non_threadable_channel',
  'cannot_reply_to_message',
  'ekm_access_denied',
]);

/** The card a source command makes, as a public card (its other buttons kept, no Share). */
async function renderSource(deps: ListenerDeps, source: CardSource, click: ButtonInteraction): Promise<SlackMessage | undefined> {
  switch (source.command) {
    case '/financials': {
      const args = parseFinancialsArgs(source.text, new Date(deps.clock()));
      if (args.kind === 'help' || args.kind === 'usage' || args.kind === 'modal') return undefined;
      const card = await fetchFinancialsCard(await deps.workspaces.service(click.workspace), args, {
        correlationId: click.correlationId,
        log: click.log,
        now: deps.clock(),
      });
      return withCardActions(card, financialsCardOffer(args, source.text, true));
    }
    case '/concepts': {
      const args = parseConceptsArgs(source.text);
      if (args.kind !== 'list') return undefined;
      const concepts = await (await deps.workspaces.service(click.workspace)).latestConcepts({
        includeDocs: true,
        correlationId: click.correlationId,
      });
      return renderConceptsList(concepts, { top: args.top });
    }
    case '/research': {
      // Only passages: search results have their own Share (search-buttons.ts); nothing else is a card to share.
      const args = parseResearchArgs(source.text, new Date(deps.clock()));
      if (args.kind !== 'passages') return undefined;
      const chunks = await (await deps.workspaces.service(click.workspace)).searchChunks(args.request, {
        correlationId: click.correlationId,
      });
      return renderPassages(chunks, { query: args.request.query });
    }
    default:
      return undefined;
  }
}

/** The sharer's display name (users.info), so the shared-by line needs no mention; none on failure. */
async function sharerOf(client: WebClient, userId: string, click: ButtonInteraction): Promise<Sharer> {
  try {
    const info = await client.users.info({ user: userId });
    const name = info.user?.profile?.display_name?.trim() || info.user?.profile?.real_name?.trim() || info.user?.real_name?.trim();
    return name ? { userId, name } : { userId };
  } catch (error) {
    click.log.warn('sharer name lookup failed', { slack_error: toSlackCallError('users.info', error).code });
    return { userId };
  }
}

export async function shareCard(deps: ListenerDeps, click: ButtonInteraction): Promise<void> {
  const source = decodeCardSource(click.value);
  if (!source || !click.channelId) return respondEphemeral(click.respond, renderNotice(EXPIRED_BUTTON));
  const [card, sharer] = await Promise.all([renderSource(deps, source, click), sharerOf(click.client, click.userId, click)]);
  if (!card) return respondEphemeral(click.respond, renderNotice('This card cannot be shared. Run the command again with `--public`.'));
  try {
    const posted = await postInChannel(
      { client: click.client, channel: click.channelId, respond: click.respond, ...(click.threadTs ? { threadTs: click.threadTs } : {}) },
      withSharedBy(card, sharer),
    );
    click.log.info('card shared', { command: source.command, channel: click.channelId, via: posted.via });
  } catch (error) {
    const failure = toSlackCallError('chat.postMessage', error);
    if (!CANNOT_POST.has(failure.code)) throw failure;
    click.log.warn('card share refused by Slack', { channel: click.channelId, slack_error: failure.code });
    return respondEphemeral(
      click.respond,
      renderNotice(
        `I can’t post in this channel (Slack says \`${escapeMrkdwn(failure.code)}\`). Invite me with \`/invite\`, or ask again with \`${escapeMrkdwn(`${source.command} ${source.text}`)} --public\` in a channel where I can post.`,
        ':no_entry_sign:',
      ),
    );
  }
  if (click.isEphemeral) await deleteOriginal(click.respond);
}
