/**
 * The deferred-work queue on manual timers: its bound, each entry's deadline, oldest-first order,
 * backoff between failed attempts, and what becomes of entries at shutdown.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../../../src/observability/logger.js';
import { createRedactor } from '../../../src/observability/redactor.js';
import {
  createDeferredWorkQueue,
  type AttemptOutcome,
  type DeferredWorkQueueOptions,
  type GiveUpReason,
} from '../../../src/slack/kit/deferred-work-queue.js';
import { createManualTimers, type ManualTimers } from '../../agent/support/manual-timers.js';

/** A job whose attempts answer what `outage` says, recording every attempt and give-up. */
interface Recorder {
  attempts: string[];
  givenUp: Array<{ key: string; reason: GiveUpReason }>;
  outage: boolean;
}

function buildQueue(options: Partial<DeferredWorkQueueOptions> = {}): {
  queue: ReturnType<typeof createDeferredWorkQueue>;
  timers: ManualTimers;
  rec: Recorder;
  job: (key: string) => Parameters<ReturnType<typeof createDeferredWorkQueue>['enqueue']>[0];
} {
  const timers = createManualTimers(1_000_000);
  const rec: Recorder = { attempts: [], givenUp: [], outage: true };
  const queue = createDeferredWorkQueue({
    capacity: 3,
    maxWaitMs: 60_000,
    initialBackoffMs: 1_000,
    maxBackoffMs: 8_000,
    logger: createMemoryLogger(createRedactor([]), 'error'),
    clock: timers.now,
    timers,
    ...options,
  });
  const job = (key: string) => ({
    key,
    attempt: async (): Promise<AttemptOutcome> => {
      rec.attempts.push(key);
      return rec.outage ? 'retry' : 'done';
    },
    giveUp: async (reason: GiveUpReason) => {
      rec.givenUp.push({ key, reason });
    },
  });
  return { queue, timers, rec, job };
}

describe('deferred work queue', () => {
  it('holds at most `capacity` entries and refuses the next, counting it', () => {
    const { queue, job } = buildQueue();
    for (const key of ['a', 'b', 'c']) expect(queue.enqueue(job(key))).toMatchObject({ accepted: true, duplicate: false });
    expect(queue.enqueue(job('d'))).toEqual({ accepted: false, reason: 'full' });
    expect(queue.metrics()).toMatchObject({ depth: 3, capacity: 3, queued: 3, rejectedFull: 1 });
  });

  it('keeps one entry for a key enqueued twice (a redelivered event)', () => {
    const { queue, job } = buildQueue();
    const first = queue.enqueue(job('a'));
    expect(queue.enqueue(job('a'))).toEqual({ ...first, duplicate: true });
    expect(queue.metrics()).toMatchObject({ depth: 1, queued: 1 });
  });

  it('retries the oldest entry with doubling backoff, then starts all in order once the outage ends', async () => {
    const { queue, timers, rec, job } = buildQueue();
    queue.enqueue(job('a'));
    queue.enqueue(job('b'));
    await timers.advance(999);
    expect(rec.attempts).toEqual([]);
    await timers.advance(1); // 1 s: first retry
    await timers.advance(2_000); // 3 s: second
    await timers.advance(4_000); // 7 s: third
    await timers.advance(8_000); // 15 s: fourth, backoff capped at 8 s
    await timers.advance(8_000); // 23 s: fifth
    // While the oldest still fails, the others wait instead of failing for the same reason.
    expect(rec.attempts).toEqual(['a', 'a', 'a', 'a', 'a']);
    rec.outage = false;
    queue.enqueue(job('c'));
    await timers.advance(8_000);
    expect(rec.attempts.slice(5)).toEqual(['a', 'b', 'c']);
    expect(queue.metrics()).toMatchObject({ depth: 0, started: 3, expired: 0 });
    expect(timers.pending()).toBe(0);
  });

  it('starts again from the short backoff after an outage has ended', async () => {
    const { queue, timers, rec, job } = buildQueue();
    queue.enqueue(job('a'));
    await timers.advance(1_000 + 2_000); // two failed attempts: backoff now 4 s
    rec.outage = false;
    await timers.advance(4_000);
    expect(queue.metrics().started).toBe(1);
    rec.outage = true;
    queue.enqueue(job('b'));
    await timers.advance(1_000);
    expect(rec.attempts.at(-1)).toBe('b');
  });

  it('gives an entry up at its deadline, on time even between retries, and keeps the others', async () => {
    const { queue, timers, rec, job } = buildQueue({ maxWaitMs: 10_000 });
    queue.enqueue(job('a'));
    await timers.advance(5_000);
    queue.enqueue(job('b')); // deadline 15 s
    await timers.advance(4_999);
    expect(rec.givenUp).toEqual([]);
    await timers.advance(1); // 10 s: a's deadline, before its next retry at 15 s
    expect(rec.givenUp).toEqual([{ key: 'a', reason: 'deadline' }]);
    expect(queue.metrics()).toMatchObject({ depth: 1, expired: 1 });
    await timers.advance(5_000); // 15 s: b's deadline
    expect(rec.givenUp.map((g) => g.key)).toEqual(['a', 'b']);
    expect(queue.metrics()).toMatchObject({ depth: 0, expired: 2, started: 0 });
    expect(timers.pending()).toBe(0);
  });

  it('retries an attempt that throws, bounded by its deadline', async () => {
    const { queue, timers, rec } = buildQueue({ maxWaitMs: 5_000 });
    let thrown = 0;
    queue.enqueue({
      key: 'bug',
      attempt: async () => {
        thrown += 1;
        throw new Error('a bug in the job');
      },
      giveUp: async (reason) => void rec.givenUp.push({ key: 'bug', reason }),
    });
    await timers.advance(5_000);
    expect(thrown).toBe(2);
    expect(rec.givenUp).toEqual([{ key: 'bug', reason: 'deadline' }]);
  });

  it('at close gives every waiting entry up once, in order, and refuses new ones', async () => {
    const { queue, timers, rec, job } = buildQueue();
    queue.enqueue(job('a'));
    queue.enqueue(job('b'));
    await queue.close();
    expect(rec.givenUp).toEqual([
      { key: 'a', reason: 'shutdown' },
      { key: 'b', reason: 'shutdown' },
    ]);
    expect(queue.enqueue(job('c'))).toEqual({ accepted: false, reason: 'closed' });
    expect(queue.metrics()).toMatchObject({ depth: 0, abandonedAtShutdown: 2 });
    expect(timers.pending()).toBe(0);
    await timers.advance(60_000);
    expect(rec.attempts).toEqual([]);
  });
});
