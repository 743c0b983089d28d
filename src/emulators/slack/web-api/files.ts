/**
 * Slack's external upload flow: files.getUploadURLExternal reserves a file and an upload URL, the
 * client POSTs the bytes there, and files.completeUploadExternal finishes the upload and, given a
 * channel, shares it (into a thread with thread_ts, with initial_comment as the message text).
 * Processing is asynchronous: the share message appears after the completion answered.
 * @see https://docs.slack.dev/messaging/working-with-files#uploading_files
 */
import { SlackApiError } from '../errors.js';
import { fileContentType, fileTypeOf } from '../file-content-type.js';
import { parseJsonArg } from '../validation/parse-json-arg.js';
import { validateMessageBlocks } from '../validation/message.js';
import { isRecord } from '../validation/validation-issue.js';
import type { StoredFile } from '../stored-file.js';
import type { ApiContext, ApiMethod, ApiResult } from './api-context.js';
import { newBotMessage } from './message-shape.js';

/** Slack's cap on one file (1 GB). @see https://slack.com/help/articles/201330736 */
export const MAX_FILE_BYTES = 1024 * 1024 * 1024;
/** What files.completeUploadExternal's channel_id accepts. */
const CONVERSATION_ID = /^[CGDZ][A-Z0-9]{8,}$/;
/** initial_comment is message text: Slack's 40,000-character cap applies. */
const MAX_INITIAL_COMMENT_CHARS = 40_000;

/** @see https://docs.slack.dev/reference/methods/files.getUploadURLExternal */
function getUploadUrl(ctx: ApiContext): ApiResult {
  const filename = ctx.args.need('filename');
  const length = ctx.args.int('length');
  if (length === undefined || length < 0) throw new SlackApiError('invalid_arguments', { messages: ['missing required field: length'] });
  // Slack answers missing_argument "typically only when the length provided is 0".
  if (length === 0) throw new SlackApiError('missing_argument');
  if (length > MAX_FILE_BYTES) throw new SlackApiError('file_upload_size_restricted');
  const id = ctx.state.newId('F');
  ctx.state.files.set(id, {
    id,
    filename,
    length,
    completed: false,
    created: Math.floor(ctx.now / 1000),
    user: ctx.auth.bot.userId,
    ...(ctx.auth.installation?.teamId ? { teamId: ctx.auth.installation.teamId } : {}),
    ...(ctx.args.str('alt_text') ? { alt_text: ctx.args.str('alt_text') } : {}),
    ...(ctx.args.str('snippet_type') ? { snippet_type: ctx.args.str('snippet_type') } : {}),
  });
  return { ok: true, upload_url: `${ctx.baseUrl}/upload/${id}`, file_id: id };
}

function fileObject(ctx: ApiContext, f: StoredFile): Record<string, unknown> {
  return {
    id: f.id,
    name: f.filename,
    title: f.title ?? f.filename,
    mimetype: fileContentType(f.filename).split(';')[0],
    filetype: fileTypeOf(f.filename),
    size: f.uploadedBytes,
    created: Math.floor(ctx.now / 1000),
    user: ctx.auth.bot.userId,
    url_private: `${ctx.baseUrl}/files/${f.id}`,
    permalink: `${ctx.baseUrl}/files/${f.id}`,
    ...(f.shared && f.channel && f.ts ? { shares: { public: { [f.channel]: [{ ts: f.ts }] } } } : {}),
  };
}

/** @see https://docs.slack.dev/reference/methods/files.completeUploadExternal */
function completeUpload(ctx: ApiContext): ApiResult {
  const parsed = parseJsonArg(ctx.args.value('files'));
  if (!parsed.ok || !Array.isArray(parsed.value) || parsed.value.length === 0) {
    throw new SlackApiError('invalid_arguments', { messages: ['files must be a non-empty JSON array [json-pointer:/files]'] });
  }
  const requests = parsed.value.map((f) => {
    if (!isRecord(f) || typeof f.id !== 'string') throw new SlackApiError('invalid_arguments', { messages: ['files[].id is required'] });
    const file = ctx.state.files.get(f.id);
    if (file === undefined || file.uploadedBytes === undefined) throw new SlackApiError('file_not_found');
    return { file, title: typeof f.title === 'string' ? f.title : undefined };
  });
  const channelId = ctx.args.str('channel_id') ?? ctx.args.str('channels');
  // Slack's schema check: a conversation id, never a user id (a DM needs its D… id).
  // @see https://github.com/slackapi/bolt-js/issues/2115
  const direct = ctx.args.str('channel_id');
  if (direct !== undefined && !CONVERSATION_ID.test(direct)) {
    throw new SlackApiError('invalid_arguments', {
      messages: [`input must match regex pattern: ${CONVERSATION_ID.source} [json-pointer:/channel_id]`],
    });
  }
  const threadTs = ctx.args.str('thread_ts');
  if (threadTs && !channelId) throw new SlackApiError('invalid_arguments', { messages: ['thread_ts requires channel_id'] });
  const channel = channelId ? ctx.state.resolveChannel(channelId, ctx.auth.reach) : undefined;
  if (channelId && channel === undefined) throw new SlackApiError('channel_not_found');
  // Sharing needs the bot in the conversation: a private one it is not in does not exist for it.
  if (channel && !channel.is_im && channel.bot_is_member === false) {
    throw new SlackApiError(channel.is_private ? 'channel_not_found' : 'not_in_channel');
  }
  if (channel && threadTs && !ctx.state.allMessages(channel.id).some((m) => m.ts === threadTs)) {
    throw new SlackApiError('invalid_thread_ts');
  }
  const comment = ctx.args.str('initial_comment') ?? '';
  if (comment.length > MAX_INITIAL_COMMENT_CHARS) throw new SlackApiError('msg_too_long');
  const blocks = ctx.args.has('blocks')
    ? validateMessageBlocks(ctx.args.value('blocks'), { refusedBlockTypes: ctx.state.refusedBlockTypes })
    : undefined;

  // Completing a file again does not share it a second time: Slack finishes an upload once.
  const fresh = requests.filter(({ file }) => !file.completed);
  for (const { file, title } of fresh) {
    if (title !== undefined) file.title = title;
    file.completed = true;
    if (channel) {
      file.channel = channel.id;
      if (threadTs) file.thread_ts = threadTs;
    }
  }
  if (channel && fresh.length > 0) {
    const files = fresh.map(({ file }) => file);
    const baseUrl = ctx.baseUrl;
    ctx.state.fileProcessing.schedule(() => {
      // The workspace may have been reset meanwhile: only files still there are shared.
      if (!files.every((f) => ctx.state.files.get(f.id) === f) || !ctx.state.channels.has(channel.id)) return;
      const message = newBotMessage(ctx.state, channel.id, {
        text: comment,
        files: files.map((f) => ({
          id: f.id,
          name: f.filename,
          title: f.title ?? f.filename,
          size: f.uploadedBytes ?? 0,
          filetype: fileTypeOf(f.filename),
          mimetype: fileContentType(f.filename).split(';')[0] ?? 'application/octet-stream',
          permalink: `${baseUrl}/files/${f.id}`,
          url_private: `${baseUrl}/files/${f.id}`,
        })),
        ...(blocks !== undefined ? { blocks } : {}),
        ...(threadTs ? { thread_ts: threadTs } : {}),
      });
      ctx.state.addMessage(message);
      for (const f of files) {
        f.ts = message.ts;
        f.shared = true;
      }
      ctx.state.changed({ kind: 'files', channel: channel.id });
    });
  }
  ctx.state.changed({ kind: 'files', ...(channel ? { channel: channel.id } : {}) });
  return { ok: true, files: requests.map(({ file }) => fileObject(ctx, file)) };
}

export const fileMethods: Record<string, ApiMethod> = {
  'files.getUploadURLExternal': { handler: getUploadUrl, token: 'bot', scope: 'files:write' },
  'files.completeUploadExternal': { handler: completeUpload, token: 'bot', scope: 'files:write' },
};
