import type { AnyMiddlewareArgs, Middleware } from '@slack/bolt';
import { context as otelContext, isSpanContextValid, SpanKind, trace, type Tracer } from '@opentelemetry/api';
import { slackRequestName } from './slack-request-name.js';
import { markSpanFailed } from './mark-span-failed.js';

/**
 * A Bolt global middleware: one server span per Slack request, active around everything after it
 * (the listeners, and the service and Slack calls they make, become its children). Registered
 * before every other middleware. The span's trace id becomes the request's correlation id, so the
 * reference a failure reply shows, the log lines and the trace are one id.
 *
 * Attributes: the team id and the request's kind only; never user text, a token or the
 * response_url (it is a credential).
 * @see https://docs.slack.dev/tools/bolt-js/concepts/global-middleware
 */
export function slackRequestSpans(tracer: Tracer): Middleware<AnyMiddlewareArgs> {
  return async ({ body, context, next }) => {
    const { name, kind } = slackRequestName(body);
    // An org-wide install's org-level requests have no team: their organisation stands in.
    const teamId = text(context.teamId) ?? text(context.enterpriseId);
    const span = tracer.startSpan(name, {
      kind: SpanKind.SERVER,
      attributes: { 'slack.request_kind': kind, ...(teamId ? { 'slack.team_id': teamId } : {}) },
    });
    const spanContext = span.spanContext();
    if (isSpanContextValid(spanContext) && context.correlationId === undefined) context.correlationId = spanContext.traceId;
    try {
      await otelContext.with(trace.setSpan(otelContext.active(), span), next);
    } catch (error) {
      markSpanFailed(span, error);
      throw error;
    } finally {
      span.end();
    }
  };
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
