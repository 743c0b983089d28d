import { SlackApiError } from '../errors.js';
import { parseJsonArg } from '../validation/parse-json-arg.js';
import { formatIssue, IssueList, isRecord } from '../validation/validation-issue.js';
import { checkAction, checkEntity } from '../validation/work-object.js';
import type { EntityTrigger, Flexpane } from '../work-objects/work-objects-state.js';
import type { ApiContext, ApiMethod, ApiResult } from './api-context.js';

/** @see https://docs.slack.dev/reference/methods/entity.presentDetails (the error object's statuses) */
const ERROR_STATUSES = new Set(['restricted', 'internal_error', 'not_found', 'custom', 'custom_partial_view', 'timeout', 'edit_error']);

/**
 * The trigger of an opened side panel, for a token of its workspace. Slack documents no lifetime
 * for it (UNCONFIRMED); the emulator keeps it until the panel is opened again.
 */
function entityTrigger(ctx: ApiContext): { id: string; trigger: EntityTrigger } {
  const id = ctx.args.str('trigger_id');
  if (id === undefined) throw new SlackApiError('invalid_arguments', { messages: ['missing required field: trigger_id'] });
  const trigger = ctx.state.workObjects.triggers.get(id);
  if (trigger === undefined || !ctx.auth.reach.has(trigger.teamId)) throw new SlackApiError('invalid_trigger_id');
  return { id, trigger };
}

function parseMetadata(raw: unknown, trigger: EntityTrigger): Record<string, unknown> {
  const parsed = parseJsonArg(raw);
  if (!parsed.ok || !isRecord(parsed.value)) throw new SlackApiError('invalid_metadata');
  const issues = new IssueList();
  checkEntity(issues, '/metadata', parsed.value, 'flexpane');
  if (!issues.ok) throw new SlackApiError('invalid_metadata', { messages: issues.issues.map(formatIssue) });
  const ref = parsed.value.external_ref as { id: string };
  if (ref.id !== trigger.externalRefId) throw new SlackApiError('entity_metadata_does_not_match_trigger');
  return parsed.value;
}

function parseError(raw: unknown): Record<string, unknown> {
  const parsed = parseJsonArg(raw);
  const value = parsed.ok ? parsed.value : undefined;
  if (!isRecord(value) || typeof value.status !== 'string' || !ERROR_STATUSES.has(value.status)) {
    throw new SlackApiError('invalid_arguments', { messages: [`error.status must be one of ${[...ERROR_STATUSES].join(', ')}`] });
  }
  if (value.message_format !== undefined && value.message_format !== 'markdown') {
    throw new SlackApiError('invalid_arguments', { messages: ['error.message_format must be markdown'] });
  }
  if (value.actions !== undefined) {
    const issues = new IssueList();
    if (!Array.isArray(value.actions)) issues.add('/error/actions', 'must be an array');
    else for (const [i, action] of value.actions.entries()) checkAction(issues, `/error/actions/${i}`, action);
    if (!issues.ok) throw new SlackApiError('invalid_arguments', { messages: issues.issues.map(formatIssue) });
  }
  return value;
}

/** The user's panel this trigger opened (a later opening replaced it: the late answer is not shown). */
function panelOf(ctx: ApiContext, triggerId: string, trigger: EntityTrigger): Flexpane | undefined {
  const panel = ctx.state.workObjects.flexpanes.get(trigger.user);
  return panel?.triggerId === triggerId ? panel : undefined;
}

/**
 * entity.presentDetails: the app's content for one user's Work Object side panel — `metadata`
 * (one entity; its external_ref must be the opened one's), an `error` Slack shows, or
 * `user_auth_required` (with `user_auth_url`).
 * @see https://docs.slack.dev/reference/methods/entity.presentDetails
 */
function presentDetails(ctx: ApiContext): ApiResult {
  const { id, trigger } = entityTrigger(ctx);
  const authRequired = ctx.args.bool('user_auth_required');
  const authUrl = ctx.args.str('user_auth_url');
  if (authRequired && authUrl === undefined) throw new SlackApiError('user_auth_url_missing');
  const hasMetadata = ctx.args.value('metadata') !== undefined;
  const hasError = ctx.args.value('error') !== undefined;
  if (!hasMetadata && !hasError && !authRequired) {
    throw new SlackApiError('invalid_arguments', { messages: ['provide metadata, error or user_auth_required'] });
  }
  const metadata = hasMetadata ? parseMetadata(ctx.args.value('metadata'), trigger) : undefined;
  const error = hasError ? parseError(ctx.args.value('error')) : undefined;
  const panel = panelOf(ctx, id, trigger);
  if (panel !== undefined) {
    panel.presentCalls += 1;
    panel.updatedAt = ctx.now;
    panel.status = authRequired ? 'auth_required' : error !== undefined ? 'error' : 'presented';
    if (metadata !== undefined) panel.metadata = metadata;
    if (error !== undefined) panel.error = error;
    else delete panel.error;
    if (authRequired && authUrl !== undefined) panel.userAuthUrl = authUrl;
    ctx.state.changed({ kind: 'flexpane', user: trigger.user, channel: panel.channel });
  }
  return { ok: true };
}

export const entityMethods: Record<string, ApiMethod> = {
  'entity.presentDetails': { handler: presentDetails, token: 'bot' },
};
