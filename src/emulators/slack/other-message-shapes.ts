/**
 * Messages of shapes a person's plain post does not have, as Slack sends them to an app: Slackbot
 * writing in a DM (a message that shares a file: file-share.ts).
 */
import { targetChannel, type ActionDeps } from './action-deps.js';
import type { DeliveryResult } from './delivery/delivery-record.js';
import { EmulatorUsageError } from './errors.js';
import type { StoredMessage } from './stored-message.js';
import { appServes, messageEventFields, sendEvent, userMessage } from './user-events.js';

/**
 * Slackbot's user id: it writes as a user, with no `bot_id` ("You have been removed from #…",
 * reminders). @see https://github.com/getsentry/gib-potato/pull/84
 */
export const SLACKBOT_USER_ID = 'USLACKBOT';

/**
 * Slackbot writes in a DM the app is in (by default the default user's DM with the app): the
 * message is stored and `message` (message.im) is delivered with `user: 'USLACKBOT'`.
 */
export async function postSlackbotMessage(
  deps: ActionDeps,
  p: { text: string; channel_id?: string },
): Promise<{ ts: string; delivery: DeliveryResult | undefined }> {
  const channel = targetChannel(deps, p.channel_id ?? deps.state.dmFor(deps.state.seed.defaultUserId).id);
  if (!channel.is_im) throw new EmulatorUsageError('channel_not_im', `${channel.id} is not a direct message`);
  const teamId = deps.state.teamOfChannel(channel.id);
  const message: StoredMessage = { ...userMessage(deps, channel.id, SLACKBOT_USER_ID, p.text, undefined), team: teamId };
  deps.state.addMessage(message);
  if (!deps.config.subscribedEvents.has('message.im') || !appServes(deps, teamId)) return { ts: message.ts, delivery: undefined };
  const delivery = await sendEvent(deps, { type: 'message', ...messageEventFields(message, undefined), channel_type: 'im' });
  return { ts: message.ts, delivery };
}
