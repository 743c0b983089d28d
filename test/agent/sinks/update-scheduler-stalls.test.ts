/**
 * The update scheduler's stall check on manual timers: armed only while a lane has waiters (an idle
 * process has no wake-up of its own, issue 33), each waiting write reported once past
 * `stallAfterMs`, and stopped by the first check that finds no waiter.
 */
import { describe, expect, it } from 'vitest';
import { createRelayMetrics } from '../../../src/agent/sinks/relay-metrics.js';
import { createUpdateScheduler } from '../../../src/agent/sinks/update-scheduler.js';
import { createLogger } from '../../../src/observability/logger.js';
import { createRedactor } from '../../../src/observability/redactor.js';
import type { RateBudget } from '../../../src/slack-api/rate-budget.js';
import { createManualTimers } from '../support/manual-timers.js';

/** A budget that grants only while `open` holds, else asks for a retry in a second. */
function gateBudget(gate: { open: boolean }): RateBudget {
  return {
    tryTake: async () => (gate.open ? { granted: true } : { granted: false, retryInMs: 1000 }),
    block: async () => undefined,
    plan: () => {
      throw new Error('not used');
    },
  } as unknown as RateBudget;
}

/** Lets the scheduler's awaits (the budget's answer) settle: microtasks only, no time passes. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

function build() {
  const timers = createManualTimers(1_000_000);
  const gate = { open: false };
  const metrics = createRelayMetrics();
  const lines: string[] = [];
  const scheduler = createUpdateScheduler({
    budget: gateBudget(gate),
    metrics,
    logger: createLogger({ level: 'info', redact: createRedactor([]), write: (l) => lines.push(l) }),
    clock: timers.now,
    timers,
    stallAfterMs: 3_000,
  });
  const slot = (runId: string) => ({ teamId: 'T1', channelId: 'C1', method: 'chat.update' as const, runId, since: timers.now() });
  return { timers, gate, metrics, lines, scheduler, slot };
}

describe('the update scheduler stall check', () => {
  it('arms no timer while no write waits', () => {
    const { timers, scheduler } = build();
    expect(timers.pending()).toBe(0);
    scheduler.close();
  });

  it('reports a write waiting past stallAfterMs once, then stops when nothing waits', async () => {
    const { timers, gate, metrics, lines, scheduler, slot } = build();
    const sent = scheduler.schedule(slot('r1'), async () => 'sent');
    await settle();
    // The stall check and the lane's retry wake-up.
    expect(timers.pending()).toBe(2);

    await timers.advance(3_000);
    expect(metrics.snapshot().stalls).toBe(0);
    await timers.advance(1_000);
    expect(metrics.snapshot().stalls).toBe(1);
    const stalled = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === 'relay update stalled');
    expect(stalled).toEqual([expect.objectContaining({ runId: 'r1', method: 'chat.update', waitingMs: 4_000, queued: 1 })]);
    await timers.advance(5_000);
    expect(metrics.snapshot().stalls).toBe(1);

    gate.open = true;
    await timers.advance(1_000);
    await expect(sent).resolves.toBe('sent');
    await settle();
    // The next check finds no waiter and stops; nothing is armed afterwards.
    await timers.advance(1_000);
    expect(timers.pending()).toBe(0);

    // A new waiter arms it again.
    gate.open = false;
    const next = scheduler.schedule(slot('r2'), async () => 'sent');
    await settle();
    expect(timers.pending()).toBe(2);
    scheduler.close();
    await expect(next).rejects.toThrow(/withdrawn/);
    expect(timers.pending()).toBe(0);
  });
});
