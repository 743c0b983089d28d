/**
 * The tracing parts over the real SDK (support/span-collector.ts): the Slack request's span is
 * active for the listeners, and the calls and relay phases started inside it are its children;
 * names and attributes carry ids the app defined, never a token, a URL or user text.
 */
import type { AnyMiddlewareArgs, Middleware } from '@slack/bolt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeTraceId } from '../../../src/observability/tracing/active-trace-id.js';
import { startSpanCollector, type EndedSpan, type SpanCollector } from './support/span-collector.js';

type MiddlewareArgs = Parameters<Middleware<AnyMiddlewareArgs>>[0];

const RESPONSE_URL = 'https://hooks.slack.com/commands/T1/123/secret-response-url';

/** A slash command as Bolt hands it to global middleware (the parts the middleware reads). */
function commandArgs(next: () => Promise<void>): { args: MiddlewareArgs; context: Record<string, unknown> } {
  const context: Record<string, unknown> = { teamId: 'T0001' };
  const body = {
    command: '/financials',
    text: 'US:NVDA secret words',
    token: 'verification-token',
    response_url: RESPONSE_URL,
    team_id: 'T0001',
  };
  return { args: { body, context, next } as unknown as MiddlewareArgs, context };
}

const parentOf = (span: EndedSpan): string | undefined => span.parentSpanContext?.spanId;

describe('tracing parts', () => {
  let c: SpanCollector;
  beforeAll(() => {
    c = startSpanCollector();
  });
  afterAll(() => c.stop());

  it('opens one span per Slack request, active for what runs inside: calls and relay phases are its children', async () => {
    let traceIdInside: string | undefined;
    const { args, context } = commandArgs(async () => {
      traceIdInside = activeTraceId();
      const endService = c.tracing.callObserver.start('service', 'GET /v1/stock/company-income-statement');
      endService({ status: 200 });
      await c.tracing.wrapPhase('starting', 'run-1', async () => {
        c.tracing.callObserver.start('slack', 'chat.postMessage')({ status: 429, rateLimited: true });
      });
      c.tracing.callObserver.start('slack', 'response_url')({ status: 200 });
    });
    await c.tracing.slackMiddleware(args);

    const request = c.byName('slack command /financials');
    const service = c.byName('service GET /v1/stock/company-income-statement');
    const phase = c.byName('relay starting');
    const post = c.byName('slack chat.postMessage');
    const respond = c.byName('slack response_url');
    expect(traceIdInside).toBe(request.spanContext().traceId);
    expect(context.correlationId).toBe(request.spanContext().traceId);
    expect(new Set([request, service, phase, post, respond].map((s) => s.spanContext().traceId)).size).toBe(1);
    expect(parentOf(request)).toBeUndefined();
    expect(parentOf(service)).toBe(request.spanContext().spanId);
    expect(parentOf(phase)).toBe(request.spanContext().spanId);
    expect(parentOf(post)).toBe(phase.spanContext().spanId);
    expect(parentOf(respond)).toBe(request.spanContext().spanId);

    expect(request.attributes).toEqual({ 'slack.request_kind': 'command', 'slack.team_id': 'T0001' });
    expect(service.attributes).toMatchObject({ 'peer.service': 'research-service', 'http.response.status_code': 200 });
    expect(post.attributes).toMatchObject({ 'slack.rate_limited': true, 'error.type': '429' });
    expect(phase.attributes).toEqual({ 'research_desk.relay.phase': 'starting', 'research_desk.run_id': 'run-1' });
    const everything = JSON.stringify(c.spans().map((s) => [s.name, s.attributes]));
    for (const secret of [RESPONSE_URL, 'secret', 'verification-token', 'US:NVDA']) expect(everything).not.toContain(secret);
  });

  it('marks a failed request, call and phase with the error’s kind only, and rethrows', async () => {
    const failure = new Error('token xoxb-should-not-appear');
    const { args } = commandArgs(async () => {
      c.tracing.callObserver.start('service', 'GET /v1/docs/{id}')({ error: 'timeout' });
      await c.tracing.wrapPhase('finishing', 'run-2', () => Promise.reject(failure));
    });
    await expect(c.tracing.slackMiddleware(args)).rejects.toBe(failure);
    const spans = c.spans().slice(-3);
    expect(spans.map((s) => [s.name, s.status.code, s.attributes['error.type']])).toEqual([
      ['service GET /v1/docs/{id}', 2, 'timeout'],
      ['relay finishing', 2, 'Error'],
      ['slack command /financials', 2, 'Error'],
    ]);
    expect(JSON.stringify(spans.map((s) => [s.attributes, s.events]))).not.toContain('xoxb');
  });

  it('has no trace id outside a span', () => {
    expect(activeTraceId()).toBeUndefined();
  });
});
