import { SlackApiError } from '../errors.js';
import { checkBlocks } from '../validation/blocks.js';
import { parseJsonArg } from '../validation/parse-json-arg.js';
import { formatIssue, isRecord } from '../validation/validation-issue.js';
import type { StoredUnfurl } from '../stored-unfurl.js';
import type { ApiContext, ApiMethod, ApiResult } from './api-context.js';

/**
 * chat.unfurl with (channel + ts) or (unfurl_id + source); each URL must come from a link_shared event.
 * Repeat calls modify the same unfurl.
 * @see https://docs.slack.dev/reference/methods/chat.unfurl
 */
function unfurl(ctx: ApiContext): ApiResult {
  const { args, state } = ctx;
  const unfurlId = args.str('unfurl_id');
  const channel = args.str('channel');
  const ts = args.str('ts');
  let share: StoredUnfurl | undefined;
  if (unfurlId) {
    if (!args.str('source')) throw new SlackApiError('invalid_arguments', { messages: ['source is required with unfurl_id'] });
    share = [...state.unfurls.values()].find((u) => u.unfurlId === unfurlId);
  } else {
    if (!channel || !ts)
      throw new SlackApiError('invalid_arguments', { messages: ['channel and ts, or unfurl_id and source, are required'] });
    if (state.resolveChannel(channel, ctx.auth.reach) === undefined) throw new SlackApiError('channel_not_found');
    share = state.unfurls.get(`${channel}:${ts}`);
  }
  if (share === undefined) throw new SlackApiError('cannot_unfurl_url');
  const parsed = parseJsonArg(args.value('unfurls'));
  if (!parsed.ok || !isRecord(parsed.value)) throw new SlackApiError('invalid_unfurls_format');
  const messages: string[] = [];
  for (const [url, value] of Object.entries(parsed.value)) {
    if (!share.urls.includes(url)) throw new SlackApiError('cannot_unfurl_url');
    if (isRecord(value) && Array.isArray(value.blocks)) {
      const report = checkBlocks(value.blocks, 'message', `/unfurls/${encodeURIComponent(url)}/blocks`);
      messages.push(...report.issues.issues.map(formatIssue));
    }
  }
  if (messages.length > 0) throw new SlackApiError('invalid_blocks', { messages });
  share.unfurls = { ...share.unfurls, ...parsed.value };
  share.calls += 1;
  state.changed({ kind: 'unfurl', channel: share.channel });
  return { ok: true };
}

export const unfurlMethods: Record<string, ApiMethod> = {
  'chat.unfurl': { handler: unfurl, token: 'bot' },
};
