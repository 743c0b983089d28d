/**
 * "Share in channel" under an ephemeral data card (card-actions.ts: /financials, /concepts list,
 * /research passages; cards made by a button, such as a summary, have no command to run again): runs the card's source
 * command again (the button carries the command and its text, never the numbers) and posts the
 * fresh card for everyone in the channel with a line naming who shared it, then removes the
 * private copy. When Slack will not let the app post there, the sharer is told why and what to do.
 */
import type { WebClient } from '@slack/web-api';
import { decodeCardSource, type CardSource } from '../card-actions.js';
import type { FeatureHooks, SlashCommandName } from '../feature-hooks.js';
import { renderNotice } from '../../blocks/error-card.js';
import { escapeMrkdwn } from '../../blocks/escape.js';
import { withSharedBy, type Sharer } from './shared-by.js';
import type { SlackMessage } from '../../../slack-api/slack-message.js';
import { toSlackCallError } from '../../../slack-api/slack-call-error.js';
import { deleteOriginal, postInChannel, respondEphemeral } from '../deliver-card.js';
import type { ListenerDeps } from '../listener-deps.js';
import type { ButtonInteraction } from '../button-interaction.js';
import { EXPIRED_BUTTON } from '../button-replies.js';

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

/** The card a source command makes, as a public card, from the slice that owns the command. */
async function renderSource(
  deps: ListenerDeps,
  source: CardSource,
  click: ButtonInteraction,
  hooks: FeatureHooks,
): Promise<SlackMessage | undefined> {
  const render = source.command in hooks.sharedCards ? hooks.sharedCards[source.command as SlashCommandName] : undefined;
  return render?.(deps, source.text, click);
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

export async function shareCard(deps: ListenerDeps, click: ButtonInteraction, hooks: FeatureHooks): Promise<void> {
  const source = decodeCardSource(click.value);
  if (!source || !click.channelId) return respondEphemeral(click.respond, renderNotice(EXPIRED_BUTTON));
  const [card, sharer] = await Promise.all([renderSource(deps, source, click, hooks), sharerOf(click.client, click.userId, click)]);
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
