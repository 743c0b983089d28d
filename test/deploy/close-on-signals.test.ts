/**
 * The drain on SIGTERM/SIGINT (close-on-signals.ts), driven by a signal source and a timer of the
 * test's own: the drain begins before anything closes, closing waits the drain delay, the process
 * exits 0 once everything closed, and 1 at the deadline if closing hangs.
 */
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { closeOnSignals, SHUTDOWN_DEADLINE_MS } from '../../src/composition/close-on-signals.js';
import { Closers } from '../../src/composition/closers.js';
import { createMemoryLogger } from '../../src/observability/logger.js';
import { createRedactor } from '../../src/observability/redactor.js';
import { createDrainState } from '../../src/slack/app/drain-state.js';

function buildShutdown(drainDelayMs: number) {
  const logger = createMemoryLogger(createRedactor([]));
  const signals = new EventEmitter();
  const drain = createDrainState();
  const closers = new Closers(logger);
  const events: string[] = [];
  const timers: Array<{ ms: number; run: () => void }> = [];
  const exits: number[] = [];
  let releaseClose: () => void = () => {};
  const closing = new Promise<void>((resolve) => {
    releaseClose = resolve;
  });
  closers.add(async () => {
    events.push(`close (draining: ${drain.draining})`);
    await closing;
    events.push('closed');
  });
  closeOnSignals(closers, logger, {
    drain,
    drainDelayMs,
    signals: { on: (signal, listener) => signals.on(signal, listener) },
    exit: (code) => exits.push(code),
    setTimer: (run, ms) => {
      timers.push({ ms, run });
      return {};
    },
  });
  const settled = () => new Promise<void>((resolve) => setImmediate(resolve));
  return { signals, drain, events, timers, exits, logger, releaseClose, settled };
}

describe('closeOnSignals', () => {
  it('SIGTERM: draining at once, closing after the drain delay, exit 0 once closed', async () => {
    const s = buildShutdown(10_000);
    expect(s.drain.draining).toBe(false);
    s.signals.emit('SIGTERM');
    expect(s.drain.draining).toBe(true);
    expect(s.events).toEqual([]);
    const drainTimer = s.timers.find((t) => t.ms === 10_000);
    expect(drainTimer).toBeDefined();
    drainTimer?.run();
    expect(s.events).toEqual(['close (draining: true)']);
    s.releaseClose();
    await s.settled();
    expect(s.events).toEqual(['close (draining: true)', 'closed']);
    expect(s.exits).toEqual([0]);
    expect(s.logger.lines.join('\n')).toMatch(/shutting down.*SIGTERM/);
  });

  it('without a drain delay, closing starts at the signal (SIGINT too)', () => {
    const s = buildShutdown(0);
    s.signals.emit('SIGINT');
    expect(s.events).toEqual(['close (draining: true)']);
  });

  it('a second signal starts nothing twice', () => {
    const s = buildShutdown(0);
    s.signals.emit('SIGTERM');
    s.signals.emit('SIGTERM');
    s.signals.emit('SIGINT');
    expect(s.events).toEqual(['close (draining: true)']);
    expect(s.timers).toHaveLength(1);
  });

  it('exits 1 at the deadline, counted after the drain delay, when closing hangs', async () => {
    const s = buildShutdown(5_000);
    s.signals.emit('SIGTERM');
    const deadline = s.timers.find((t) => t.ms === 5_000 + SHUTDOWN_DEADLINE_MS);
    expect(deadline).toBeDefined();
    s.timers.find((t) => t.ms === 5_000)?.run();
    deadline?.run();
    await s.settled();
    expect(s.exits).toEqual([1]);
  });
});
