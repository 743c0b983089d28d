import { SlackApiError } from '../errors.js';
import type { StoredMessage } from '../stored-message.js';
import { validateMessageContent } from '../validation/message.js';
import { validateMetadata } from '../validation/metadata.js';
import type { ApiContext, ApiMethod, ApiResult } from './api-context.js';
import { newBotMessage, toApiMessage } from './message-shape.js';
import { checkRecipientTeam } from './recipient-team.js';

function requireChannel(ctx: ApiContext, name = 'channel') {
  const channel = ctx.state.resolveChannel(ctx.args.need(name, 'channel_not_found'), ctx.auth.reach);
  if (channel === undefined) throw new SlackApiError('channel_not_found');
  return channel;
}

function withWarnings(result: ApiResult, warnings: string[]): ApiResult {
  if (warnings.length === 0) return result;
  return { ...result, warning: warnings.join(','), response_metadata: { warnings } };
}

/**
 * Where a bot may post: never in an archived channel (`is_archived`); in a channel it is not a
 * member of only when public and the token holds chat:write.public (else `not_in_channel`; a
 * private one it is not in does not exist for it: `channel_not_found`).
 * @see https://docs.slack.dev/reference/methods/chat.postMessage#errors
 */
function requirePostable(ctx: ApiContext, channel: ReturnType<typeof requireChannel>): void {
  if (channel.is_archived === true) throw new SlackApiError('is_archived');
  if (channel.is_im || channel.bot_is_member !== false) return;
  if (channel.is_private) throw new SlackApiError('channel_not_found');
  if (!ctx.config.botScopes.includes('chat:write.public')) throw new SlackApiError('not_in_channel');
}

/** @see https://docs.slack.dev/reference/methods/chat.postMessage */
function postMessage(ctx: ApiContext): ApiResult {
  const { args, state } = ctx;
  const channel = requireChannel(ctx);
  requirePostable(ctx, channel);
  const content = validateMessageContent(
    {
      text: args.value('text'),
      blocks: args.value('blocks'),
      attachments: args.value('attachments'),
      markdown_text: args.value('markdown_text'),
    },
    'chat.postMessage',
    { refusedBlockTypes: state.refusedBlockTypes },
  );
  const metadata = validateMetadata(args.value('metadata'));
  const threadTs = args.str('thread_ts');
  const message = newBotMessage(state, channel.id, { text: content.text }, ctx.auth.bot);
  if (content.blocks !== undefined) message.blocks = content.blocks;
  if (content.attachments !== undefined) message.attachments = content.attachments;
  if (metadata !== undefined) message.metadata = metadata;
  if (threadTs !== undefined && threadTs !== '') {
    message.thread_ts = threadTs;
    // A reply also sent to the channel: in the thread and, marked, in the channel's history.
    if (args.bool('reply_broadcast')) message.subtype = 'thread_broadcast';
  }
  state.addMessage(message);
  if (metadata !== undefined) ctx.onBotPosted?.(message);
  return withWarnings(
    { ok: true, channel: channel.id, ts: message.ts, message: toApiMessage(message, { includeMetadata: true, state }) },
    content.warnings,
  );
}

/** @see https://docs.slack.dev/reference/methods/chat.postEphemeral */
function postEphemeral(ctx: ApiContext): ApiResult {
  const { args, state } = ctx;
  const channel = requireChannel(ctx);
  const userId = args.need('user', 'user_not_found');
  if (!state.users.has(userId)) throw new SlackApiError('user_not_found');
  if (channel.is_im && channel.user !== userId) throw new SlackApiError('user_not_in_channel');
  checkRecipientTeam(state, channel, userId, args.str('recipient_team_id'), 'user_not_found');
  const content = validateMessageContent(
    {
      text: args.value('text'),
      blocks: args.value('blocks'),
      attachments: args.value('attachments'),
      markdown_text: args.value('markdown_text'),
    },
    'chat.postEphemeral',
    { refusedBlockTypes: state.refusedBlockTypes },
  );
  const ts = state.nextTs();
  const threadTs = args.str('thread_ts');
  // "Ephemeral messages in threads are only shown if there is already an active thread."
  const inactiveThread = threadTs ? state.findMessage(channel.id, threadTs)?.thread_ts === undefined : false;
  state.ephemerals.push({
    ts,
    channel: channel.id,
    user: userId,
    text: content.text,
    ...(content.blocks !== undefined ? { blocks: content.blocks } : {}),
    ...(threadTs ? { thread_ts: threadTs } : {}),
    edits: 0,
    deleted: false,
    source: 'api',
    at: ctx.now,
    ...(inactiveThread ? { hidden: 'inactive_thread' as const } : {}),
  });
  state.changed({ kind: 'ephemeral', channel: channel.id, user: userId });
  return withWarnings({ ok: true, message_ts: ts }, content.warnings);
}

function ownMessage(ctx: ApiContext, channelId: string, ts: string, notOwnCode: string): StoredMessage {
  const message = ctx.state.findMessage(channelId, ts);
  if (message === undefined) throw new SlackApiError('message_not_found');
  if (message.bot_id !== ctx.auth.bot.botId) throw new SlackApiError(notOwnCode);
  return message;
}

/** @see https://docs.slack.dev/reference/methods/chat.update */
function update(ctx: ApiContext): ApiResult {
  const { args, state } = ctx;
  const channel = requireChannel(ctx);
  const ts = args.need('ts', 'message_not_found');
  const message = ownMessage(ctx, channel.id, ts, 'cant_update_message');
  if (message.streaming?.state === 'streaming') throw new SlackApiError('streaming_state_conflict');
  const content = validateMessageContent(
    {
      text: args.value('text'),
      blocks: args.value('blocks'),
      attachments: args.value('attachments'),
      markdown_text: args.value('markdown_text'),
    },
    'chat.update',
    { refusedBlockTypes: state.refusedBlockTypes },
  );
  const metadata = validateMetadata(args.value('metadata'));
  message.text = content.text;
  if (content.blocks !== undefined) message.blocks = content.blocks;
  else if (args.has('text')) delete message.blocks;
  if (content.attachments !== undefined) message.attachments = content.attachments;
  if (metadata !== undefined) message.metadata = metadata;
  message.edits += 1;
  message.edited = { user: ctx.auth.bot.userId, ts: state.nextTs() };
  state.changed({ kind: 'message_updated', channel: channel.id });
  return withWarnings(
    { ok: true, channel: channel.id, ts, text: message.text, message: toApiMessage(message, { includeMetadata: true, state }) },
    content.warnings,
  );
}

/** @see https://docs.slack.dev/reference/methods/chat.delete */
function remove(ctx: ApiContext): ApiResult {
  const channel = requireChannel(ctx);
  const ts = ctx.args.need('ts', 'message_not_found');
  ownMessage(ctx, channel.id, ts, 'cant_delete_message');
  ctx.state.removeMessage(channel.id, ts);
  return { ok: true, channel: channel.id, ts };
}

export const chatMethods: Record<string, ApiMethod> = {
  'chat.postMessage': { handler: postMessage, token: 'bot' },
  'chat.postEphemeral': { handler: postEphemeral, token: 'bot' },
  'chat.update': { handler: update, token: 'bot' },
  'chat.delete': { handler: remove, token: 'bot' },
};

export { requireChannel };
