import { AgentViewState } from './agent-view-state.js';
import { actingUser, targetChannel, type ActionDeps } from './action-deps.js';
import { buildEventCallback, type DeliveryScope, scopeOfTeam } from './delivery/payloads.js';
import { EmulatorUsageError } from './errors.js';
import { autoLinkUrls, linksInText, unfurlDomainOf } from './message-links.js';
import type { DeliveryResult } from './delivery/delivery-record.js';
import type { SlackChannel } from './slack-channel.js';
import type { StoredMessage } from './stored-message.js';
import { connectHostOf, teamOfUser, teamsOfChannel } from './workspaces.js';
import { toApiView } from './web-api/view-shape.js';

/** Where an event happens: the acting user's workspace, else the channel's, else the seed. */
function eventTeam(deps: ActionDeps, event: Record<string, unknown>): string {
  const user = typeof event.user === 'string' ? deps.state.users.get(event.user) : undefined;
  if (user !== undefined) return connectHostOf(deps.state.channels.values(), user) ?? teamOfUser(user);
  const channel = typeof event.channel === 'string' ? deps.state.channels.get(event.channel) : undefined;
  return channel === undefined ? deps.state.seed.teamId : (teamsOfChannel(channel)[0] ?? deps.state.seed.teamId);
}

/**
 * Delivers a raw event inside an event_callback envelope, to the installation serving the
 * workspace it happens in (or the given scope); throws app_not_installed where there is none.
 */
export function sendEvent(
  deps: ActionDeps,
  event: Record<string, unknown>,
  opts: { eventId?: string; scope?: DeliveryScope } = {},
): Promise<DeliveryResult> {
  const scope = opts.scope ?? scopeOfTeam(deps.state, eventTeam(deps, event));
  const eventId = opts.eventId ?? deps.state.newId('Ev');
  const full = { event_ts: deps.state.nextTs(), ...event, ...slackConnectFields(deps, event, scope.teamId) };
  const payload = buildEventCallback(deps.state, full, eventId, Math.floor(deps.config.clock() / 1000), scope);
  const channel = typeof event.channel === 'string' ? deps.state.channels.get(event.channel) : undefined;
  if (channel?.is_ext_shared === true) payload.is_ext_shared_channel = true;
  return deps.deliverer.deliver({ kind: 'event_callback', payload, eventId });
}

/**
 * An event of a user of another organisation (Slack Connect) names their own team: `user_team`
 * and `source_team` differ from the installing team the envelope's `team_id` names.
 * @see https://docs.slack.dev/apis/slack-connect/
 */
function slackConnectFields(deps: ActionDeps, event: Record<string, unknown>, installTeam: string): Record<string, string> {
  const user = typeof event.user === 'string' ? deps.state.users.get(event.user) : undefined;
  if (user === undefined || connectHostOf(deps.state.channels.values(), user) === undefined) return {};
  const team = teamOfUser(user);
  return team === installTeam ? {} : { user_team: team, source_team: team };
}

/** Whether the app is in the workspace something happens in (Slack sends no events from elsewhere). */
export function appServes(deps: ActionDeps, teamId: string): boolean {
  return deps.state.installs.serving(teamId) !== undefined;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Slack's client turns a typed `@Name` into a `<@U…>` token before storing the message. */
export function normaliseMentions(text: string, botName: string, botUserId: string): { text: string; mentionsBot: boolean } {
  const replaced = text.replace(new RegExp(`@${escapeRegExp(botName)}`, 'gi'), `<@${botUserId}>`);
  return { text: replaced, mentionsBot: replaced.includes(`<@${botUserId}>`) };
}

export function userMessage(deps: ActionDeps, channel: string, user: string, text: string, threadTs: string | undefined): StoredMessage {
  const author = deps.state.users.get(user);
  const message: StoredMessage = {
    type: 'message',
    ts: deps.state.nextTs(),
    channel,
    user,
    team: author === undefined ? deps.state.seed.teamId : teamOfUser(author),
    text,
    reply_count: 0,
    reply_users: [],
    edits: 0,
    reactions: [],
  };
  if (threadTs !== undefined) message.thread_ts = threadTs;
  return message;
}

export function messageEventFields(m: StoredMessage, parentUser: string | undefined): Record<string, unknown> {
  const fields: Record<string, unknown> = {
    user: m.user,
    text: m.text,
    ts: m.ts,
    channel: m.channel,
    event_ts: m.ts,
    team: m.team,
    client_msg_id: `${m.ts.replace('.', '')}-emu`,
    blocks: [{ type: 'rich_text', block_id: 'emu', elements: [{ type: 'rich_text_section', elements: [{ type: 'text', text: m.text }] }] }],
  };
  if (m.subtype !== undefined) fields.subtype = m.subtype;
  if (m.bot_id !== undefined) fields.bot_id = m.bot_id;
  if (m.thread_ts !== undefined) {
    fields.thread_ts = m.thread_ts;
    if (parentUser !== undefined) fields.parent_user_id = parentUser;
  }
  return fields;
}

/**
 * Slack's `channel_type` of a message event and the subscription that delivers it: message.im,
 * message.groups (private channels) or message.channels.
 * @see https://docs.slack.dev/reference/events/message.groups
 */
export function messageSubscription(channel: SlackChannel): { channelType: 'im' | 'group' | 'channel'; subscription: string } {
  if (channel.is_im) return { channelType: 'im', subscription: 'message.im' };
  if (channel.is_private) return { channelType: 'group', subscription: 'message.groups' };
  return { channelType: 'channel', subscription: 'message.channels' };
}

/** Slack delivers a channel's message events only to apps whose bot is in it (a DM always). */
export function botSeesMessages(channel: SlackChannel): boolean {
  return channel.is_im || channel.bot_is_member !== false;
}

/**
 * A user (or, with `bot_id`, another app's bot) posts a message: it is stored (mentions and typed
 * URLs as Slack's client writes them), then `message` (message.im / .groups / .channels, in
 * channels the bot is in), for a mention of the bot outside DMs `app_mention`, and for links on
 * the app's unfurl domains `link_shared` are delivered, each if subscribed. A bot's message
 * carries `bot_id` and `bot_profile` and no subtype, as Slack sends messages posted with
 * chat.postMessage.
 * @see https://docs.slack.dev/reference/events/message
 */
export async function postUserMessage(
  deps: ActionDeps,
  p: { text: string; channel_id?: string; thread_ts?: string; reply_broadcast?: boolean; user_id?: string; bot_id?: string },
): Promise<{ ts: string; deliveries: DeliveryResult[] }> {
  const user = p.bot_id === undefined ? actingUser(deps, p.user_id) : { id: `U${p.bot_id.replace(/^B/, '')}` };
  const channel = targetChannel(deps, p.channel_id);
  let parentUser: string | undefined;
  if (p.thread_ts !== undefined && p.thread_ts !== '') {
    const parent = deps.state.findMessage(channel.id, p.thread_ts);
    if (parent === undefined) throw new EmulatorUsageError('thread_not_found', `no message ${p.thread_ts} in ${channel.id}`);
    parentUser = parent.user;
  }
  const teamId =
    'is_bot' in user ? (connectHostOf(deps.state.channels.values(), user) ?? teamOfUser(user)) : deps.state.teamOfChannel(channel.id);
  const mentions = normaliseMentions(p.text, deps.config.botName, deps.state.botFor(teamId).userId);
  const text = autoLinkUrls(mentions.text);
  const message = userMessage(deps, channel.id, user.id, text, p.thread_ts || undefined);
  if (p.bot_id !== undefined) message.bot_id = p.bot_id;
  if (message.thread_ts !== undefined && p.reply_broadcast === true) message.subtype = 'thread_broadcast';
  deps.state.addMessage(message);
  if (!appServes(deps, teamId)) return { ts: message.ts, deliveries: [] };
  const fields = messageEventFields(message, parentUser);
  if (p.bot_id !== undefined) fields.bot_profile = { id: p.bot_id, name: 'Other bot', team_id: message.team, deleted: false };
  const subscribed = deps.config.subscribedEvents;
  const sends: Promise<DeliveryResult>[] = [];
  const { channelType, subscription } = messageSubscription(channel);
  if (subscribed.has(subscription) && botSeesMessages(channel)) {
    sends.push(sendEvent(deps, { type: 'message', ...fields, channel_type: channelType }));
  }
  if (mentions.mentionsBot && !channel.is_im && subscribed.has('app_mention')) {
    sends.push(sendEvent(deps, { type: 'app_mention', ...fields }));
  }
  const links = linksInText(text).flatMap((url) => {
    const domain = unfurlDomainOf(url, deps.config.unfurlDomains);
    return domain === undefined ? [] : [{ domain, url }];
  });
  if (links.length > 0 && subscribed.has('link_shared')) sends.push(deliverLinkShared(deps, channel, message, links));
  return { ts: message.ts, deliveries: await Promise.all(sends) };
}

/** The user opens the app's Home tab. */
export function openHome(deps: ActionDeps, userId?: string): Promise<DeliveryResult> {
  const user = actingUser(deps, userId);
  const dm = deps.state.dmFor(user.id);
  const home = deps.state.homeViews.get(user.id);
  const event: Record<string, unknown> = { type: 'app_home_opened', user: user.id, channel: dm.id, tab: 'home' };
  if (home !== undefined) event.view = toApiView(home);
  return sendEvent(deps, event);
}

/**
 * `link_shared` for links of a stored message; chat.unfurl may then answer for exactly these URLs.
 * @see https://docs.slack.dev/reference/events/link_shared
 */
function deliverLinkShared(
  deps: ActionDeps,
  channel: SlackChannel,
  message: StoredMessage,
  links: Array<{ domain: string; url: string }>,
): Promise<DeliveryResult> {
  const unfurlId = deps.state.newId('UNF');
  deps.state.unfurls.set(`${channel.id}:${message.ts}`, {
    channel: channel.id,
    ts: message.ts,
    unfurlId,
    urls: links.map((l) => l.url),
    unfurls: {},
    calls: 0,
  });
  return sendEvent(deps, {
    type: 'link_shared',
    channel: channel.id,
    user: message.user,
    message_ts: message.ts,
    ...(message.thread_ts !== undefined ? { thread_ts: message.thread_ts } : {}),
    links,
    unfurl_id: unfurlId,
    source: 'conversations_history',
    is_bot_user_member: true,
    event_ts: message.ts,
  });
}

/** A user posts a message that is just one link: `link_shared` is delivered whatever its domain. */
export function shareLink(deps: ActionDeps, p: { url: string; channel_id?: string; user_id?: string }): Promise<DeliveryResult> {
  const user = actingUser(deps, p.user_id);
  const channel = targetChannel(deps, p.channel_id);
  let domain: string;
  try {
    domain = new URL(p.url).hostname;
  } catch {
    throw new EmulatorUsageError('invalid_url', `not a URL: ${p.url}`);
  }
  const message = userMessage(deps, channel.id, user.id, `<${p.url}>`, undefined);
  deps.state.addMessage(message);
  return deliverLinkShared(deps, channel, message, [{ domain, url: p.url }]);
}

/**
 * The user opens the app's agent view (the Messages tab of the app's DM): `app_home_opened` with
 * tab `messages`, which replaces `assistant_thread_started` in the agent messaging experience.
 * @see https://docs.slack.dev/ai/migrating-to-agent-messaging
 */
export function openAgentView(deps: ActionDeps, userId?: string): Promise<DeliveryResult> {
  const user = actingUser(deps, userId);
  const dm = deps.state.dmFor(user.id);
  return sendEvent(deps, { type: 'app_home_opened', user: user.id, channel: dm.id, tab: 'messages' });
}

/**
 * The native Stop button of an agent session: Slack stops the app's streams still open in the
 * thread, then sends `agent_session_stopped` listing them (an empty list when none was open).
 * The session's status is the app's to change. Delivered only when the app subscribes to it.
 * @see https://docs.slack.dev/reference/events/agent_session_stopped
 */
export async function pressStop(deps: ActionDeps, p: { channel_id: string; thread_ts: string; user_id?: string }): Promise<DeliveryResult> {
  const user = actingUser(deps, p.user_id);
  const channel = targetChannel(deps, p.channel_id);
  if (deps.state.findMessage(channel.id, p.thread_ts) === undefined) {
    throw new EmulatorUsageError('thread_not_found', `no message ${p.thread_ts} in ${channel.id}`);
  }
  if (!deps.config.subscribedEvents.has('agent_session_stopped')) {
    throw new EmulatorUsageError('not_subscribed', 'the app does not subscribe to agent_session_stopped: Slack shows no Stop button');
  }
  // Slack shows Stop only while the session is processing.
  const session = deps.state.agentView.sessions.get(AgentViewState.key(channel.id, p.thread_ts));
  if (session?.status !== 'processing') {
    throw new EmulatorUsageError('no_stop_button', `the session of ${p.thread_ts} is not processing: Slack shows no Stop button`);
  }
  const stopped: string[] = [];
  for (const m of deps.state.allMessages(channel.id)) {
    if (m.thread_ts !== p.thread_ts || m.streaming?.state !== 'streaming') continue;
    m.streaming.state = 'stopped';
    m.streaming.endReason = 'stopped';
    stopped.push(m.ts);
  }
  if (stopped.length > 0) deps.state.changed({ kind: 'stream_stopped', channel: channel.id });
  return sendEvent(deps, {
    type: 'agent_session_stopped',
    channel: channel.id,
    thread_ts: p.thread_ts,
    user: user.id,
    streaming_message_ts: stopped,
  });
}
