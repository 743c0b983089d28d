import { SlackApiError } from '../errors.js';
import type { StoredMessage, StreamInfo } from '../stored-message.js';
import { validateChunks, validateStreamBlocks, type StreamChunk } from '../validation/chunks.js';
import { slackLimits } from '../validation/limits.js';
import { validateMetadata } from '../validation/metadata.js';
import { checkStreamSize, streamedBytes } from '../validation/stream-size.js';
import type { ApiContext, ApiMethod, ApiResult } from './api-context.js';
import { requireChannel } from './chat.js';
import { newBotMessage } from './message-shape.js';
import { checkRecipientTeam } from './recipient-team.js';

interface StreamContent {
  mode?: 'markdown_text' | 'chunks';
  markdown?: string;
  chunks?: StreamChunk[];
}

/** `markdown_text` or `chunks`, never both; an empty `chunks` array (ChatStreamer's stop) sets no mode. */
function readContent(ctx: ApiContext): StreamContent {
  const hasMarkdown = ctx.args.has('markdown_text');
  const hasChunks = ctx.args.has('chunks');
  if (hasMarkdown && hasChunks) throw new SlackApiError('cannot_provide_both_markdown_text_and_chunks');
  if (hasMarkdown) {
    const markdown = ctx.args.str('markdown_text') ?? '';
    if (markdown.length > slackLimits.markdownTextArgChars) {
      throw new SlackApiError('msg_too_long', {
        messages: [`markdown_text must be less than ${slackLimits.markdownTextArgChars + 1} characters [json-pointer:/markdown_text]`],
      });
    }
    return { mode: 'markdown_text', markdown };
  }
  if (hasChunks) {
    const chunks = validateChunks(ctx.args.value('chunks'), { refusedBlockTypes: ctx.state.refusedBlockTypes });
    return chunks.length > 0 ? { mode: 'chunks', chunks } : {};
  }
  return {};
}

function applyContent(message: StoredMessage, stream: StreamInfo, content: StreamContent): void {
  if (content.markdown !== undefined) message.text += content.markdown;
  for (const chunk of content.chunks ?? []) {
    stream.chunks.push(chunk);
    if (chunk.type === 'markdown_text') message.text += chunk.text;
    else if (chunk.type === 'task_update') stream.tasks[chunk.id] = { ...stream.tasks[chunk.id], ...chunk };
    else if (chunk.type === 'plan_update') stream.plan = chunk.title;
    else if (chunk.type === 'blocks') message.blocks = [...(message.blocks ?? []), ...chunk.blocks];
  }
}

function streamingMessage(ctx: ApiContext): { message: StoredMessage; stream: StreamInfo } {
  const channel = requireChannel(ctx);
  const ts = ctx.args.need('ts', 'message_not_found');
  const message = ctx.state.findMessage(channel.id, ts);
  if (message === undefined) throw new SlackApiError('message_not_found');
  if (message.bot_id !== ctx.auth.bot.botId) throw new SlackApiError('message_not_owned_by_app');
  const stream = message.streaming;
  if (stream === undefined || stream.state !== 'streaming') throw new SlackApiError('message_not_in_streaming_state');
  return { message, stream };
}

function checkMode(stream: StreamInfo, content: StreamContent): void {
  if (content.mode === undefined) return;
  if (stream.mode === undefined) stream.mode = content.mode;
  else if (stream.mode !== content.mode) throw new SlackApiError('streaming_mode_mismatch');
}

/** @see https://docs.slack.dev/reference/methods/chat.startStream */
function startStream(ctx: ApiContext): ApiResult {
  const { args, state } = ctx;
  const channel = requireChannel(ctx);
  const threadTs = args.need('thread_ts');
  const recipientUserId = args.str('recipient_user_id');
  const recipientTeamId = args.str('recipient_team_id');
  if (!channel.is_im) {
    if (!recipientUserId) throw new SlackApiError('missing_recipient_user_id');
    if (!recipientTeamId) throw new SlackApiError('missing_recipient_team_id');
  }
  if (recipientUserId && !state.users.has(recipientUserId)) throw new SlackApiError('user_not_found');
  if (recipientUserId) checkRecipientTeam(state, channel, recipientUserId, recipientTeamId, 'missing_recipient_team_id');
  const mode = args.str('task_display_mode') ?? 'timeline';
  if (!['timeline', 'plan', 'dense'].includes(mode))
    throw new SlackApiError('invalid_arguments', {
      messages: ['task_display_mode must be one of [timeline, plan, dense] [json-pointer:/task_display_mode]'],
    });
  const content = readContent(ctx);
  checkStreamSize(0, content);
  const metadata = validateMetadata(args.value('metadata'));
  const stream: StreamInfo = {
    state: 'streaming',
    taskDisplayMode: mode,
    startedAt: ctx.now,
    lastActivityAt: ctx.now,
    appends: 0,
    chunks: [],
    tasks: {},
    ...(content.mode !== undefined ? { mode: content.mode } : {}),
    ...(recipientUserId ? { recipientUserId } : {}),
    ...(recipientTeamId ? { recipientTeamId } : {}),
  };
  const message = newBotMessage(state, channel.id, { text: '', thread_ts: threadTs, streaming: stream }, ctx.auth.bot);
  if (metadata !== undefined) message.metadata = metadata;
  applyContent(message, stream, content);
  state.addMessage(message);
  state.refreshStream(message);
  return { ok: true, channel: channel.id, ts: message.ts };
}

/** @see https://docs.slack.dev/reference/methods/chat.appendStream */
function appendStream(ctx: ApiContext): ApiResult {
  const { message, stream } = streamingMessage(ctx);
  const content = readContent(ctx);
  if (content.mode === undefined) throw new SlackApiError('markdown_text_or_chunks_required');
  checkMode(stream, content);
  checkStreamSize(streamedBytes(message.text, stream.chunks), content);
  applyContent(message, stream, content);
  stream.appends += 1;
  stream.lastActivityAt = ctx.now;
  ctx.state.refreshStream(message);
  ctx.state.changed({ kind: 'stream_append', channel: message.channel });
  return { ok: true, channel: message.channel, ts: message.ts };
}

/** @see https://docs.slack.dev/reference/methods/chat.stopStream */
function stopStream(ctx: ApiContext): ApiResult {
  const { message, stream } = streamingMessage(ctx);
  const content = readContent(ctx);
  checkMode(stream, content);
  const blocks = ctx.args.has('blocks')
    ? validateStreamBlocks(ctx.args.value('blocks'), { refusedBlockTypes: ctx.state.refusedBlockTypes })
    : undefined;
  const metadata = validateMetadata(ctx.args.value('metadata'));
  checkStreamSize(streamedBytes(message.text, stream.chunks), { ...content, ...(blocks ? { blocks } : {}) });
  applyContent(message, stream, content);
  if (blocks !== undefined) message.blocks = [...(message.blocks ?? []), ...blocks];
  if (metadata !== undefined) message.metadata = metadata;
  stream.state = 'stopped';
  stream.endReason = 'stopped';
  stream.lastActivityAt = ctx.now;
  ctx.state.changed({ kind: 'stream_stopped', channel: message.channel });
  return { ok: true, channel: message.channel, ts: message.ts, message: { ts: message.ts, text: message.text } };
}

export const streamMethods: Record<string, ApiMethod> = {
  'chat.startStream': { handler: startStream, token: 'bot' },
  'chat.appendStream': { handler: appendStream, token: 'bot' },
  'chat.stopStream': { handler: stopStream, token: 'bot' },
};
