/**
 * A user changes or removes a message they wrote: the events Slack sends an app for it.
 * @see https://docs.slack.dev/reference/events/message/message_changed
 * @see https://docs.slack.dev/reference/events/message/message_deleted
 */
import { actingUser, targetChannel, type ActionDeps } from './action-deps.js';
import type { DeliveryResult } from './delivery/delivery-record.js';
import { EmulatorUsageError } from './errors.js';
import { autoLinkUrls } from './message-links.js';
import type { SlackChannel } from './slack-channel.js';
import type { StoredMessage } from './stored-message.js';
import { appServes, botSeesMessages, messageEventFields, messageSubscription, normaliseMentions, sendEvent } from './user-events.js';
import { teamOfUser } from './workspaces.js';

function ownMessage(deps: ActionDeps, p: { channel_id: string; ts: string; user_id?: string }) {
  const user = actingUser(deps, p.user_id);
  const channel = targetChannel(deps, p.channel_id);
  const message = deps.state.findMessage(channel.id, p.ts);
  if (message === undefined) throw new EmulatorUsageError('message_not_found', `no message ${p.ts} in ${channel.id}`);
  if (message.user !== user.id) throw new EmulatorUsageError('cant_update_message', `${user.id} did not write ${p.ts}`);
  return { user, channel, message };
}

/** Whether the channel's message events reach the app (subscribed, bot in the channel, app installed). */
function messageEventsReachApp(deps: ActionDeps, channel: SlackChannel, teamId: string): boolean {
  const { subscription } = messageSubscription(channel);
  return deps.config.subscribedEvents.has(subscription) && botSeesMessages(channel) && appServes(deps, teamId);
}

/**
 * A user edits their message: the stored text changes and a `message` event with subtype
 * `message_changed` is delivered (hidden, the new message under `message`, the old one under
 * `previous_message`, the event's own `ts`). When the edited message mentions the app outside a
 * DM, Slack also sends `app_mention` again: the message's own `ts`, an `edited` field and a new
 * event id (issue 27's payloads; `edited` is a field of AppMentionEvent in @slack/types).
 * @see https://docs.slack.dev/tools/node-slack-sdk/reference/web-api/interfaces/AppMentionEvent
 */
export async function editUserMessage(
  deps: ActionDeps,
  p: { channel_id: string; ts: string; text: string; user_id?: string },
): Promise<{ eventTs: string; delivery: DeliveryResult | undefined; mention?: DeliveryResult }> {
  const { user, channel, message } = ownMessage(deps, p);
  const previous = messageEventFields(message, undefined);
  const eventTs = deps.state.nextTs();
  const bot = deps.state.botFor(teamOfUser(user));
  const mentions = normaliseMentions(p.text, deps.config.botName, bot.userId);
  message.text = autoLinkUrls(mentions.text);
  message.edits += 1;
  message.edited = { user: user.id, ts: eventTs };
  deps.state.changed({ kind: 'message', channel: channel.id });
  const mention =
    mentions.mentionsBot && !channel.is_im && deps.config.subscribedEvents.has('app_mention') && appServes(deps, teamOfUser(user))
      ? sendEvent(deps, { type: 'app_mention', ...messageEventFields(message, undefined), edited: message.edited, event_ts: eventTs })
      : undefined;
  const { channelType } = messageSubscription(channel);
  const delivery = messageEventsReachApp(deps, channel, teamOfUser(user))
    ? sendEvent(deps, {
        type: 'message',
        subtype: 'message_changed',
        hidden: true,
        channel: channel.id,
        channel_type: channelType,
        ts: eventTs,
        event_ts: eventTs,
        message: { type: 'message', ...messageEventFields(message, undefined), edited: message.edited },
        previous_message: { type: 'message', ...previous },
      })
    : undefined;
  const [changed, mentioned] = await Promise.all([delivery, mention]);
  return { eventTs, delivery: changed, ...(mentioned ? { mention: mentioned } : {}) };
}

/**
 * A user deletes their message: it leaves the channel and a hidden `message_deleted` event
 * names it (`deleted_ts`, the old message under `previous_message`, the event's own `ts`).
 */
export async function deleteUserMessage(
  deps: ActionDeps,
  p: { channel_id: string; ts: string; user_id?: string },
): Promise<{ eventTs: string; delivery: DeliveryResult | undefined }> {
  const { user, channel, message } = ownMessage(deps, p);
  const previous: StoredMessage = { ...message };
  deps.state.removeMessage(channel.id, message.ts);
  const eventTs = deps.state.nextTs();
  if (!messageEventsReachApp(deps, channel, teamOfUser(user))) return { eventTs, delivery: undefined };
  const delivery = await sendEvent(deps, {
    type: 'message',
    subtype: 'message_deleted',
    hidden: true,
    channel: channel.id,
    channel_type: messageSubscription(channel).channelType,
    ts: eventTs,
    event_ts: eventTs,
    deleted_ts: previous.ts,
    previous_message: { type: 'message', ...messageEventFields(previous, undefined) },
  });
  return { eventTs, delivery };
}
