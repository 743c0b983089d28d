import type { AnyMiddlewareArgs, Middleware } from '@slack/bolt';
import { describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../../../src/observability/logger.js';
import { createRedactor } from '../../../src/observability/redactor.js';
import { correlationMiddleware } from '../../../src/slack/kit/correlation-middleware.js';

type MiddlewareArgs = Parameters<Middleware<AnyMiddlewareArgs>>[0];

async function run(body: Record<string, unknown>, context: Record<string, unknown>) {
  const logger = createMemoryLogger(createRedactor([]));
  const middleware = correlationMiddleware(logger);
  let nextCalled = false;
  const args = {
    body,
    context,
    next: async () => {
      nextCalled = true;
    },
  } as unknown as MiddlewareArgs;
  await middleware(args);
  (context.log as { info: (m: string) => void }).info('hello');
  return { nextCalled, line: JSON.parse(logger.lines.at(-1) ?? '{}') as Record<string, unknown> };
}

describe('correlationMiddleware', () => {
  it("uses Slack's event id and logs it on the request's lines", async () => {
    const context: Record<string, unknown> = { teamId: 'T1' };
    const { nextCalled, line } = await run({ event_id: 'Ev123', type: 'event_callback' }, context);
    expect(nextCalled).toBe(true);
    expect(context.correlationId).toBe('Ev123');
    expect(line.correlationId).toBe('Ev123');
  });

  it('keeps an id an earlier middleware set (the trace id when tracing is on)', async () => {
    const context: Record<string, unknown> = { teamId: 'T1', correlationId: '4bf92f3577b34da6a3ce929d0e0e4736' };
    const { line } = await run({ event_id: 'Ev123', type: 'event_callback' }, context);
    expect(context.correlationId).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    expect(line.correlationId).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
  });

  it('falls back to the trigger id of a command', async () => {
    const context: Record<string, unknown> = {};
    await run({ command: '/research', trigger_id: '123.456.abc' }, context);
    expect(context.correlationId).toBe('123.456.abc');
  });
});
