/**
 * The event dedupe in front of every listener: the first delivery of an event id runs, a
 * redelivery of it (Slack's X-Slack-Retry-Num) stops here, bodies without an event id (commands,
 * clicks) always run, and a store outage lets events through rather than dropping them.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../../../src/observability/logger.js';
import { createRedactor } from '../../../src/observability/redactor.js';
import { dedupeEventsMiddleware } from '../../../src/slack/kit/dedupe-events-middleware.js';
import type { ListenerDeps } from '../../../src/slack/kit/listener-deps.js';
import type { AppStores } from '../../../src/store/app-stores.js';
import { EventDedupe } from '../../../src/store/event-dedupe.js';
import { createMemoryStateStore } from '../../../src/store/memory-state-store.js';
import type { StateStore } from '../../../src/store/state-store.js';

function buildMiddleware(store: StateStore = createMemoryStateStore()) {
  const logger = createMemoryLogger(createRedactor([]));
  const events = new EventDedupe(store);
  const deps = { stores: { events } as Pick<AppStores, 'events'> as AppStores, logger } as Pick<
    ListenerDeps,
    'stores' | 'logger'
  > as ListenerDeps;
  const middleware = dedupeEventsMiddleware(deps);
  let ran = 0;
  /** Delivers a body as Bolt would; true when the listeners after the middleware ran. */
  const deliver = async (body: Record<string, unknown>, retryNum?: number): Promise<boolean> => {
    const before = ran;
    const next = async (): Promise<void> => {
      ran += 1;
    };
    const args = { body, context: { retryNum }, next } as unknown as Parameters<typeof middleware>[0];
    await middleware(args);
    return ran > before;
  };
  return { deliver, store, logs: () => logger.lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe('dedupeEventsMiddleware', () => {
  it("runs an event's first delivery and stops Slack's redelivery of it, logging the retry", async () => {
    const { deliver, logs } = buildMiddleware();
    const event = { type: 'event_callback', event_id: 'Ev0001', event: { type: 'app_mention' } };
    expect(await deliver(event)).toBe(true);
    expect(await deliver(event, 1)).toBe(false);
    expect(await deliver({ ...event, event_id: 'Ev0002' })).toBe(true);
    expect(logs()).toEqual([
      expect.objectContaining({ level: 'info', msg: 'duplicate Slack event ignored', event_id: 'Ev0001', slack_retry: 1 }),
    ]);
  });

  it('always runs bodies without an event id (commands, clicks) and claims nothing for them', async () => {
    const { deliver, store, logs } = buildMiddleware();
    for (const body of [{ command: '/research' }, { event_id: '' }, { event_id: 42 }]) {
      expect(await deliver(body)).toBe(true);
      expect(await deliver(body)).toBe(true);
    }
    expect(await store.keys('event:')).toEqual([]);
    expect(logs()).toEqual([]);
  });

  it('lets an event through when the store cannot be reached, and says so', async () => {
    const store = createMemoryStateStore();
    const { deliver, logs } = buildMiddleware(store);
    await store.close();
    expect(await deliver({ event_id: 'Ev0003' })).toBe(true);
    expect(await deliver({ event_id: 'Ev0003' }, 1)).toBe(true);
    expect(logs()).toEqual([
      expect.objectContaining({
        level: 'warn',
        msg: 'event dedupe unavailable; processing the event',
        event_id: 'Ev0003',
        error: expect.any(Object),
      }),
      expect.objectContaining({ level: 'warn', msg: 'event dedupe unavailable; processing the event', event_id: 'Ev0003' }),
    ]);
  });
});
