/**
 * Links to the workspace and to messages: auth.test's `url` and chat.getPermalink. In the
 * playground they point at the playground itself, whose page opens `/archives/<channel>/p<ts>`
 * on that thread; elsewhere at a made-up https://<team>.slack.com/ workspace, as Slack would.
 * @see https://docs.slack.dev/reference/methods/chat.getPermalink
 */
import { SlackApiError } from '../errors.js';
import type { ApiContext, ApiMethod, ApiResult } from './api-context.js';

/** The workspace URL with a trailing slash. */
export function workspaceUrl(ctx: Pick<ApiContext, 'config' | 'state'>, domain = ctx.state.seed.teamDomain): string {
  return ctx.config.publicUrl ? `${ctx.config.publicUrl}/` : `https://${domain}.slack.com/`;
}

/** Slack's shape: /archives/<channel>/p<ts without the dot>; a reply adds its thread and channel. */
function getPermalink(ctx: ApiContext): ApiResult {
  const channel = ctx.state.resolveChannel(ctx.args.need('channel', 'channel_not_found'), ctx.auth.reach);
  if (channel === undefined) throw new SlackApiError('channel_not_found');
  const ts = ctx.args.need('message_ts', 'message_not_found');
  const message = ctx.state.findMessage(channel.id, ts);
  if (message === undefined) throw new SlackApiError('message_not_found');
  const base = `${workspaceUrl(ctx)}archives/${channel.id}/p${message.ts.replace('.', '')}`;
  const isReply = message.thread_ts !== undefined && message.thread_ts !== message.ts;
  const permalink = isReply ? `${base}?thread_ts=${message.thread_ts}&cid=${channel.id}` : base;
  return { ok: true, channel: channel.id, permalink };
}

export const permalinkMethods: Record<string, ApiMethod> = {
  'chat.getPermalink': { handler: getPermalink, token: 'any' },
};
