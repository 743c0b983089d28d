/**
 * Messages of shapes a person's plain post does not have, as Slack sends them to an app: Slackbot
 * writing in a DM, and a message that shares a file.
 */
import { actingUser, targetChannel, type ActionDeps } from './action-deps.js';
import type { DeliveryResult } from './delivery/delivery-record.js';
import { EmulatorUsageError } from './errors.js';
import type { StoredMessage } from './stored-message.js';
import {
  appServes,
  botSeesMessages,
  messageEventFields,
  messageSubscription,
  normaliseMentions,
  sendEvent,
  userMessage,
} from './user-events.js';
import { teamOfUser } from './workspaces.js';

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

/**
 * A user shares a file with a message: subtype `file_share` and the file under `files` (as in
 * bolt-python's tests/scenario_tests/test_message_file_share.py), delivered like any message of
 * the channel, and as `app_mention` too when it mentions the app outside a DM.
 */
export async function shareFileMessage(
  deps: ActionDeps,
  p: { text: string; file: { name: string; mimetype: string }; channel_id?: string; thread_ts?: string; user_id?: string },
): Promise<{ ts: string; deliveries: DeliveryResult[] }> {
  const user = actingUser(deps, p.user_id);
  const channel = targetChannel(deps, p.channel_id);
  const teamId = teamOfUser(user);
  const mentions = normaliseMentions(p.text, deps.config.botName, deps.state.botFor(teamId).userId);
  const message = userMessage(deps, channel.id, user.id, mentions.text, p.thread_ts);
  const fileId = deps.state.newId('F');
  message.subtype = 'file_share';
  message.files = [
    {
      id: fileId,
      name: p.file.name,
      title: p.file.name,
      mimetype: p.file.mimetype,
      filetype: p.file.name.split('.').pop() ?? '',
      url_private: `${deps.baseUrl()}/files-pri/${teamId}-${fileId}/${encodeURIComponent(p.file.name)}`,
    },
  ];
  deps.state.addMessage(message);
  if (!appServes(deps, teamId)) return { ts: message.ts, deliveries: [] };
  const fields = { ...messageEventFields(message, undefined), files: message.files, upload: false, display_as_bot: false };
  const { channelType, subscription } = messageSubscription(channel);
  const sends: Promise<DeliveryResult>[] = [];
  if (deps.config.subscribedEvents.has(subscription) && botSeesMessages(channel)) {
    sends.push(sendEvent(deps, { type: 'message', ...fields, channel_type: channelType }));
  }
  if (mentions.mentionsBot && !channel.is_im && deps.config.subscribedEvents.has('app_mention')) {
    sends.push(sendEvent(deps, { type: 'app_mention', ...fields }));
  }
  return { ts: message.ts, deliveries: await Promise.all(sends) };
}
