import { SlackApiError } from '../errors.js';
import { parseJsonArg } from '../validation/parse-json-arg.js';
import { validateMessageBlocks } from '../validation/message.js';
import { isRecord } from '../validation/validation-issue.js';
import type { ApiContext, ApiMethod, ApiResult } from './api-context.js';
import { newBotMessage } from './message-shape.js';

/** @see https://docs.slack.dev/reference/methods/files.getUploadURLExternal */
function getUploadUrl(ctx: ApiContext): ApiResult {
  const filename = ctx.args.need('filename');
  const length = ctx.args.int('length');
  if (length === undefined || length < 0) throw new SlackApiError('invalid_arguments', { messages: ['missing required field: length'] });
  const id = ctx.state.newId('F');
  ctx.state.files.set(id, {
    id,
    filename,
    length,
    completed: false,
    ...(ctx.args.str('alt_text') ? { alt_text: ctx.args.str('alt_text') } : {}),
    ...(ctx.args.str('snippet_type') ? { snippet_type: ctx.args.str('snippet_type') } : {}),
  });
  return { ok: true, upload_url: `${ctx.baseUrl}/upload/${id}`, file_id: id };
}

/** @see https://docs.slack.dev/reference/methods/files.completeUploadExternal */
function completeUpload(ctx: ApiContext): ApiResult {
  const parsed = parseJsonArg(ctx.args.value('files'));
  if (!parsed.ok || !Array.isArray(parsed.value) || parsed.value.length === 0) {
    throw new SlackApiError('invalid_arguments', { messages: ['files must be a non-empty JSON array [json-pointer:/files]'] });
  }
  const entries = parsed.value.map((f) => {
    if (!isRecord(f) || typeof f.id !== 'string') throw new SlackApiError('invalid_arguments', { messages: ['files[].id is required'] });
    const file = ctx.state.files.get(f.id);
    if (file === undefined || file.uploadedBytes === undefined) throw new SlackApiError('file_not_found');
    if (typeof f.title === 'string') file.title = f.title;
    return file;
  });
  const channelId = ctx.args.str('channel_id') ?? ctx.args.str('channels');
  let shareTs: string | undefined;
  if (channelId) {
    const channel = ctx.state.resolveChannel(channelId);
    if (channel === undefined) throw new SlackApiError('channel_not_found');
    const blocks = ctx.args.has('blocks')
      ? validateMessageBlocks(ctx.args.value('blocks'), { refusedBlockTypes: ctx.state.refusedBlockTypes })
      : undefined;
    const threadTs = ctx.args.str('thread_ts');
    const message = newBotMessage(ctx.state, channel.id, {
      text: ctx.args.str('initial_comment') ?? '',
      subtype: 'file_share',
      files: entries.map((f) => ({ id: f.id, name: f.filename, title: f.title ?? f.filename })),
      ...(blocks !== undefined ? { blocks } : {}),
      ...(threadTs ? { thread_ts: threadTs } : {}),
    });
    ctx.state.addMessage(message);
    shareTs = message.ts;
    for (const f of entries) {
      f.channel = channel.id;
      f.ts = message.ts;
    }
  }
  for (const f of entries) f.completed = true;
  ctx.state.changed({ kind: 'files', ...(channelId ? { channel: channelId } : {}) });
  return {
    ok: true,
    files: entries.map((f) => ({
      id: f.id,
      name: f.filename,
      title: f.title ?? f.filename,
      size: f.uploadedBytes,
      created: Math.floor(ctx.now / 1000),
      user: ctx.state.seed.botUserId,
      permalink: `${ctx.baseUrl}/files/${f.id}`,
      ...(shareTs ? { shares: { public: { [f.channel ?? '']: [{ ts: shareTs }] } } } : {}),
    })),
  };
}

export const fileMethods: Record<string, ApiMethod> = {
  'files.getUploadURLExternal': { handler: getUploadUrl, token: 'bot' },
  'files.completeUploadExternal': { handler: completeUpload, token: 'bot' },
};
