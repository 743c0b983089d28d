import { randomUUID } from 'node:crypto';
import type { Middleware, AnyMiddlewareArgs } from '@slack/bolt';
import type { Logger } from '../../observability/logger.js';
import type { WorkspaceRef } from '../../workspaces/workspace-ref.js';

/** What every listener finds in Bolt's context. */
export interface RequestContext {
  correlationId: string;
  log: Logger;
  /** The workspace the request came from: whose service and data it may use. */
  workspace: WorkspaceRef;
}

/**
 * Gives each incoming request a correlation id (Slack's event id or trigger id when there is one)
 * and a child logger carrying it, so every log line of one request can be found together. An id an
 * earlier middleware set wins: with tracing on, that is the request span's trace id, so the
 * "Reference" a user sees, the log lines and the trace in the collector share one id.
 */
export function correlationMiddleware(logger: Logger): Middleware<AnyMiddlewareArgs> {
  return async ({ body, context, next }) => {
    const b = body as Record<string, unknown>;
    const correlationId =
      str(context.correlationId) ??
      str(b.event_id) ??
      str(b.trigger_id) ??
      str((b.event as Record<string, unknown> | undefined)?.event_ts) ??
      randomUUID();
    const kind = str(b.type) ?? (str(b.command) ? 'slash_command' : 'unknown');
    context.correlationId = correlationId;
    context.log = logger.child({
      correlationId,
      kind,
      team: context.teamId,
      user: context.userId,
      ...(context.retryNum ? { slack_retry: context.retryNum } : {}),
    });
    await next();
  };
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v.length > 0 ? v : undefined;
}

export function requestContext(context: Record<string, unknown>, fallback: Logger): RequestContext {
  const log = (context.log as Logger | undefined) ?? fallback;
  const correlationId = (context.correlationId as string | undefined) ?? randomUUID();
  return { correlationId, log, workspace: workspaceOf(context) };
}

/**
 * The request's workspace, from what Bolt's authorize step put in the context.
 * @see https://docs.slack.dev/tools/bolt-js/concepts/authorization
 */
export function workspaceOf(context: Record<string, unknown>): WorkspaceRef {
  const enterpriseId = str(context.enterpriseId);
  return {
    // Bolt sets teamId for every workspace request; only an org-wide install's org-level events lack it.
    teamId: str(context.teamId) ?? enterpriseId ?? '',
    ...(enterpriseId ? { enterpriseId } : {}),
    ...(context.isEnterpriseInstall === true ? { isEnterpriseInstall: true } : {}),
  };
}
