/**
 * files.info: a file's object, where it is shared, for a bot token of its workspace. A file of
 * another workspace does not exist for the token (`file_not_found`); a deleted one answers
 * `file_deleted`. Needs `files:read`.
 * @see https://docs.slack.dev/reference/methods/files.info
 */
import { SlackApiError } from '../errors.js';
import { teamOfFile } from '../file-object.js';
import { sharedFileObject, teamsThatRead } from '../file-share.js';
import type { StoredFile } from '../stored-file.js';
import type { ApiContext, ApiMethod, ApiResult } from './api-context.js';

/** Where the file is shared: `shares` by visibility, and the channel lists of the file object. */
function sharesOf(ctx: ApiContext, file: StoredFile): Record<string, unknown> {
  const channel = file.channel === undefined || file.ts === undefined ? undefined : ctx.state.channels.get(file.channel);
  if (channel === undefined || file.shared !== true) return { channels: [], groups: [], ims: [], shares: {} };
  const message = ctx.state.findMessage(channel.id, file.ts ?? '');
  const share = {
    reply_users: message?.reply_users ?? [],
    reply_users_count: message?.reply_users.length ?? 0,
    reply_count: message?.reply_count ?? 0,
    ts: file.ts,
    channel_name: channel.name,
    team_id: teamOfFile(file, ctx.state.seed.teamId),
    share_user_id: file.user ?? ctx.auth.bot.userId,
    ...(file.thread_ts !== undefined ? { thread_ts: file.thread_ts } : {}),
  };
  const visibility = channel.is_im || channel.is_private ? 'private' : 'public';
  return {
    channels: !channel.is_im && !channel.is_private ? [channel.id] : [],
    groups: !channel.is_im && channel.is_private ? [channel.id] : [],
    ims: channel.is_im ? [channel.id] : [],
    shares: { [visibility]: { [channel.id]: [share] } },
  };
}

function fileInfo(ctx: ApiContext): ApiResult {
  const id = ctx.args.need('file');
  const file = ctx.state.files.get(id);
  if (file === undefined || !file.completed || ![...teamsThatRead(ctx.state, file)].some((t) => ctx.auth.reach.has(t))) {
    throw new SlackApiError('file_not_found');
  }
  if (file.deleted === true) throw new SlackApiError('file_deleted');
  return {
    ok: true,
    file: { ...sharedFileObject(ctx.state, file, ctx.baseUrl), ...sharesOf(ctx, file), comments_count: 0 },
    comments: [],
    response_metadata: { next_cursor: '' },
  };
}

export const fileInfoMethods: Record<string, ApiMethod> = {
  'files.info': { handler: fileInfo, token: 'bot', scope: 'files:read' },
};
