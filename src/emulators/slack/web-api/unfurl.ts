import { SlackApiError } from '../errors.js';
import { checkBlocks } from '../validation/blocks.js';
import { parseJsonArg } from '../validation/parse-json-arg.js';
import { formatIssue, isRecord } from '../validation/validation-issue.js';
import { checkUnfurlMetadata } from '../validation/work-object.js';
import type { StoredUnfurl } from '../stored-unfurl.js';
import type { ApiContext, ApiMethod, ApiResult } from './api-context.js';

/**
 * The Work Object entities of `metadata`, checked like Slack: unparseable → invalid_metadata_format;
 * a workspace or an app that takes no Work Objects (or not this entity type) → feature_not_enabled
 * (UNCONFIRMED: Slack documents this code for entity.presentDetails's gate, none for chat.unfurl);
 * a bad shape → error_processing_metadata with the issues; a URL not in the message → cannot_unfurl_url.
 */
function unfurlEntities(ctx: ApiContext, share: StoredUnfurl, raw: unknown): Record<string, Record<string, unknown>> {
  const parsed = parseJsonArg(raw);
  const checked = parsed.ok ? checkUnfurlMetadata(parsed.value) : undefined;
  if (checked === undefined) throw new SlackApiError('invalid_metadata_format');
  const refused = [...ctx.auth.reach].some((team) => ctx.state.workObjects.refusingTeams.has(team));
  const types = new Set(ctx.config.workObjectEntityTypes);
  if (refused || checked.entities.some((e) => typeof e.entity_type === 'string' && !types.has(e.entity_type))) {
    throw new SlackApiError('feature_not_enabled');
  }
  if (!checked.issues.ok) throw new SlackApiError('error_processing_metadata', { messages: checked.issues.issues.map(formatIssue) });
  const byUrl: Record<string, Record<string, unknown>> = {};
  for (const entity of checked.entities) {
    const url = String(entity.app_unfurl_url);
    if (!share.urls.includes(url)) throw new SlackApiError('cannot_unfurl_url');
    byUrl[url] = entity;
  }
  return byUrl;
}

/** The classic `unfurls` map, its blocks checked. */
function classicUnfurls(share: StoredUnfurl, raw: unknown): Record<string, unknown> {
  const parsed = parseJsonArg(raw);
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
  return parsed.value;
}

/**
 * chat.unfurl with (channel + ts) or (unfurl_id + source); each URL must come from a link_shared event.
 * Either `unfurls` (classic attachments or blocks) or `metadata` (Work Object entities) is required.
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
  const hasUnfurls = args.value('unfurls') !== undefined;
  const hasMetadata = args.value('metadata') !== undefined;
  if (!hasUnfurls && !hasMetadata)
    throw new SlackApiError('missing_unfurls', { messages: ['either unfurls or metadata must be provided'] });
  const entities = hasMetadata ? unfurlEntities(ctx, share, args.value('metadata')) : undefined;
  const unfurls = hasUnfurls ? classicUnfurls(share, args.value('unfurls')) : undefined;
  if (unfurls !== undefined) share.unfurls = { ...share.unfurls, ...unfurls };
  if (entities !== undefined) share.entities = { ...share.entities, ...entities };
  share.calls += 1;
  state.changed({ kind: 'unfurl', channel: share.channel });
  return { ok: true };
}

export const unfurlMethods: Record<string, ApiMethod> = {
  'chat.unfurl': { handler: unfurl, token: 'bot' },
};
