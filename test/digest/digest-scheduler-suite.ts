/**
 * The digest scheduler against a given store kind: several replicas racing on every tick while
 * the test drives one manual clock (which also carries the scheduler's tick timer), so slots,
 * leases and ticks move only when the test moves time.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createDigestScheduler,
  FAST_DIGEST_RETRY,
  type DigestScheduler,
  type PostDigestResult,
} from '../../src/schedules/digest-scheduler.js';
import { createMemoryLogger } from '../../src/observability/logger.js';
import { createRedactor } from '../../src/observability/redactor.js';
import { DigestLocks } from '../../src/store/digest-locks.js';
import { DigestMarkers } from '../../src/store/digest-markers.js';
import { Leases } from '../../src/store/leases.js';
import { createMemoryStateStore } from '../../src/store/memory-state-store.js';
import type { DigestSubscription } from '../../src/store/records.js';
import type { StateStore } from '../../src/store/state-store.js';
import { Subscriptions } from '../../src/store/subscriptions.js';
import {
  assertRedisReachable,
  buildFileStore,
  buildManualClock,
  buildRedisStore,
  clearRedisPrefix,
  makeTempDir,
  uniquePrefix,
  type ManualClock,
  type StoreKind,
} from '../store/store-harness.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const START = Date.parse('2025-03-07T00:00:00.000Z'); // a Friday

function buildSubscription(overrides: Partial<DigestSubscription> = {}): DigestSubscription {
  return {
    teamId: 'T1',
    channelId: 'C1',
    cadence: 'daily',
    time: '09:00',
    timeZone: 'Asia/Shanghai', // 01:00Z
    top: 10,
    createdBy: 'U1',
    createdAtMs: START,
    paused: false,
    ...overrides,
  };
}

interface Post {
  channel: string;
  slot: string;
  by: string;
  attempt: number;
  recovered: boolean;
}

/** Records every post attempt; `behaviour` decides each attempt's result (posted by default). */
function buildPoster() {
  const attempts: Post[] = [];
  let behaviour: (post: Post) => PostDigestResult = () => 'posted';
  return {
    attempts,
    posted: (): Post[] => attempts.filter((a) => a.by !== '' && resultOf.get(a) === 'posted'),
    setBehaviour: (fn: (post: Post) => PostDigestResult) => {
      behaviour = fn;
    },
    forReplica:
      (by: string) =>
      async (sub: DigestSubscription, slot: string, context: { attempt: number; recovered: boolean }): Promise<PostDigestResult> => {
        const post: Post = { channel: `${sub.teamId}/${sub.channelId}`, slot, by, ...context };
        attempts.push(post);
        await new Promise((resolve) => setImmediate(resolve)); // a turn of the event loop, so replicas interleave
        const result = behaviour(post);
        resultOf.set(post, result);
        return result;
      },
  };
}
const resultOf = new WeakMap<Post, PostDigestResult>();

export function describeDigestScheduler(kinds: readonly StoreKind[]): void {
  describe.each(kinds)('digest scheduler on %s', (kind) => {
    let clock: ManualClock;
    let cleanups: Array<() => Promise<void>>;
    let openStore: () => Promise<StateStore>;
    const logger = createMemoryLogger(createRedactor([]));
    let poster: ReturnType<typeof buildPoster>;
    let paused: Array<{ channel: string; reason: string }>;

    beforeAll(async () => {
      if (kind === 'redis') await assertRedisReachable();
    });

    beforeEach(async () => {
      clock = buildManualClock(START);
      cleanups = [];
      poster = buildPoster();
      paused = [];
      logger.lines.length = 0;
      if (kind === 'redis') {
        // Each replica gets its own connection under one prefix, as separate processes would.
        const prefix = uniquePrefix('digest');
        openStore = async () => {
          const store = buildRedisStore(prefix);
          cleanups.push(() => store.close());
          return store;
        };
        cleanups.push(() => clearRedisPrefix(prefix));
      } else if (kind === 'memory') {
        // One process, one memory: "replicas" share it.
        const shared = createMemoryStateStore({ clock: clock.now });
        openStore = async () => shared;
        cleanups.push(() => shared.close());
      } else {
        // One process, one embedded store: "replicas" share it.
        const temp = await makeTempDir('digest');
        const shared = await buildFileStore(temp.dir, clock);
        openStore = async () => shared;
        cleanups.push(temp.remove, () => shared.close());
      }
    });

    afterEach(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup();
    });

    async function buildReplica(id: string, extra: { graceMs?: number; tickMs?: number; retries?: number } = {}): Promise<DigestScheduler> {
      const store = await openStore();
      const scheduler = createDigestScheduler({
        subscriptions: new Subscriptions(store),
        markers: new DigestMarkers(store, clock.now),
        locks: new DigestLocks(new Leases(store)),
        clock: clock.now,
        timer: clock.timer,
        postDigest: poster.forReplica(id),
        graceMs: extra.graceMs ?? 2 * HOUR,
        logger,
        tickMs: extra.tickMs ?? HOUR,
        instanceId: id,
        retry: { ...FAST_DIGEST_RETRY, retries: extra.retries ?? FAST_DIGEST_RETRY.retries },
        onPaused: (sub, reason) => {
          paused.push({ channel: `${sub.teamId}/${sub.channelId}`, reason });
        },
      });
      cleanups.unshift(() => scheduler.stop());
      return scheduler;
    }

    async function subscribe(...subs: DigestSubscription[]): Promise<Subscriptions> {
      const subscriptions = new Subscriptions(await openStore());
      for (const sub of subs) await subscriptions.put(sub);
      return subscriptions;
    }

    const countBy = (posts: Post[]): Record<string, number> => {
      const counts: Record<string, number> = {};
      for (const p of posts) counts[`${p.channel} ${p.slot}`] = (counts[`${p.channel} ${p.slot}`] ?? 0) + 1;
      return counts;
    };

    it('posts every slot exactly once per channel with two replicas, one stopped and restarted in between', async () => {
      await subscribe(
        buildSubscription(),
        buildSubscription({ channelId: 'C2', cadence: 'weekdays', time: '08:30', timeZone: 'America/New_York' }),
        buildSubscription({ teamId: 'T2', channelId: 'C9', cadence: 'weekly', weekday: 1, time: '10:00', timeZone: 'Europe/London' }),
      );
      // Steps of 40 min: both replicas, then B stopped, B restarted as B2, A killed (never ticks
      // again, no stop()), A restarted as A2.
      let a: DigestScheduler | undefined = await buildReplica('replica-a');
      let b: DigestScheduler | undefined = await buildReplica('replica-b');
      const end = Date.parse('2025-03-17T00:00:00.000Z');
      for (let step = 0; clock.now() < end; step += 1) {
        if (step === 60) {
          await b?.stop();
          b = undefined;
        }
        if (step === 110) b = await buildReplica('replica-b2');
        if (step === 180) a = undefined;
        if (step === 250) a = await buildReplica('replica-a2');
        await Promise.all([a?.tick(), b?.tick()]);
        clock.advance(40 * MINUTE);
      }

      const expected = [
        ...['07', '08', '09', '10', '11', '12', '13', '14', '15', '16'].map((d) => `T1/C1 2025-03-${d}T01:00:00.000Z`),
        // New York: EST on Friday, EDT from Monday (DST began Sunday 9 March).
        'T1/C2 2025-03-07T13:30:00.000Z',
        ...['10', '11', '12', '13', '14'].map((d) => `T1/C2 2025-03-${d}T12:30:00.000Z`),
        'T2/C9 2025-03-10T10:00:00.000Z',
      ];
      const counts = countBy(poster.posted());
      expect(Object.keys(counts).sort()).toEqual(expected.sort());
      expect(Object.values(counts).every((n) => n === 1)).toBe(true);
      const byReplica = new Set(poster.posted().map((p) => p.by));
      expect(byReplica.has('replica-a')).toBe(true);
      expect(byReplica.has('replica-b2')).toBe(true);
    });

    it('posts a slot missed while down on start when within grace, and skips it (logged) after', async () => {
      await subscribe(buildSubscription(), buildSubscription({ channelId: 'C2', time: '06:00' /* 22:00Z the day before */ }));
      // Down over both slots: C1's (01:00Z) is 30 min late, C2's (22:00Z on the 6th... not subscribed then; next: 7th 22:00Z).
      clock.set(Date.parse('2025-03-07T01:30:00.000Z'));
      const replica = await buildReplica('replica-a', { graceMs: HOUR });
      await replica.start();
      expect(countBy(poster.posted())).toEqual({ 'T1/C1 2025-03-07T01:00:00.000Z': 1 });
      await replica.stop();

      // Down for 4 hours past the next slots of both: beyond the 1 h grace.
      clock.set(Date.parse('2025-03-08T05:00:00.000Z'));
      const restarted = await buildReplica('replica-a2', { graceMs: HOUR });
      const reports = await restarted.tick();
      expect(reports.map((r) => r.outcome).sort()).toEqual(['skipped_outside_grace', 'skipped_outside_grace']);
      expect(poster.posted()).toHaveLength(1);
      expect(logger.lines.filter((l) => l.includes('missed beyond the grace window'))).toHaveLength(2);
      // Skipped once: later ticks do not log it again.
      clock.advance(10 * MINUTE);
      expect((await restarted.tick()).map((r) => r.outcome)).toEqual(['already_handled', 'already_handled']);
      expect(logger.lines.filter((l) => l.includes('missed beyond the grace window'))).toHaveLength(2);
    });

    it('does not post slots from before the subscription was created', async () => {
      await subscribe(buildSubscription({ createdAtMs: Date.parse('2025-03-07T01:10:00.000Z') }));
      clock.set(Date.parse('2025-03-07T01:20:00.000Z'));
      const replica = await buildReplica('replica-a');
      expect((await replica.tick()).map((r) => r.outcome)).toEqual(['not_due']);
      expect(poster.attempts).toEqual([]);
    });

    it('pauses a subscription whose channel is gone and reports it once, across replicas and slots', async () => {
      await subscribe(buildSubscription(), buildSubscription({ channelId: 'C2' }));
      poster.setBehaviour((post) => (post.channel === 'T1/C1' ? 'channel_gone' : 'posted'));
      const a = await buildReplica('replica-a');
      const b = await buildReplica('replica-b');
      clock.set(Date.parse('2025-03-07T01:05:00.000Z'));
      await Promise.all([a.tick(), b.tick()]);
      clock.advance(24 * HOUR);
      await Promise.all([a.tick(), b.tick()]);

      expect(paused).toHaveLength(1);
      expect(paused[0]).toMatchObject({ channel: 'T1/C1' });
      expect(paused[0]?.reason).toMatch(/channel_gone/);
      const subscriptions = new Subscriptions(await openStore());
      expect(await subscriptions.get('T1', 'C1')).toMatchObject({ paused: true });
      expect(poster.attempts.filter((p) => p.channel === 'T1/C1')).toHaveLength(1);
      expect(countBy(poster.posted())).toEqual({
        'T1/C2 2025-03-07T01:00:00.000Z': 1,
        'T1/C2 2025-03-08T01:00:00.000Z': 1,
      });
    });

    it('marks a slot the poster skipped (workspace not connected) once: no retry, one warn line, the subscription stays active', async () => {
      await subscribe(buildSubscription(), buildSubscription({ channelId: 'C2' }));
      poster.setBehaviour((post) => (post.channel === 'T1/C1' ? 'skipped' : 'posted'));
      const a = await buildReplica('replica-a');
      const b = await buildReplica('replica-b');
      clock.set(Date.parse('2025-03-07T01:05:00.000Z'));
      const reports = (await Promise.all([a.tick(), b.tick()])).flat();
      expect(reports.filter((r) => r.channelId === 'C1' && r.outcome === 'skipped')).toHaveLength(1);
      const skippedLine = (): string[] => logger.lines.filter((l) => l.includes('digest slot skipped'));
      expect(skippedLine()).toHaveLength(1);
      expect(skippedLine()[0]).toContain('"level":"warn"');
      expect(logger.lines.filter((l) => l.includes('digest post attempt failed'))).toEqual([]);
      const markers = new DigestMarkers(await openStore(), clock.now);
      expect(await markers.getSlot('T1', 'C1', '2025-03-07T01:00:00.000Z')).toMatchObject({ state: 'skipped' });

      // The slot is not evaluated again; the subscription is not paused, so the next slot is tried.
      clock.advance(10 * MINUTE);
      await Promise.all([a.tick(), b.tick()]);
      expect(poster.attempts.filter((p) => p.channel === 'T1/C1')).toHaveLength(1);
      expect(skippedLine()).toHaveLength(1);
      expect(paused).toEqual([]);
      const subscriptions = new Subscriptions(await openStore());
      expect(await subscriptions.get('T1', 'C1')).toMatchObject({ paused: false });

      poster.setBehaviour(() => 'posted');
      clock.set(Date.parse('2025-03-08T01:05:00.000Z'));
      await Promise.all([a.tick(), b.tick()]);
      expect(countBy(poster.posted())).toEqual({
        'T1/C1 2025-03-08T01:00:00.000Z': 1,
        'T1/C2 2025-03-07T01:00:00.000Z': 1,
        'T1/C2 2025-03-08T01:00:00.000Z': 1,
      });
    });

    it('retries a failed post with backoff and posts once', async () => {
      await subscribe(buildSubscription());
      let failures = 2;
      poster.setBehaviour(() => (failures-- > 0 ? 'retryable_error' : 'posted'));
      clock.set(Date.parse('2025-03-07T01:05:00.000Z'));
      const replica = await buildReplica('replica-a');
      expect((await replica.tick()).map((r) => r.outcome)).toEqual(['posted']);
      expect(poster.attempts.map((p) => p.attempt)).toEqual([1, 2, 3]);
      expect(poster.posted()).toHaveLength(1);
      expect(logger.lines.filter((l) => l.includes('digest post attempt failed'))).toHaveLength(2);
    });

    it('keeps a slot whose retries ran out pending, so a later tick within grace checks Slack and posts it once', async () => {
      await subscribe(buildSubscription());
      let failures = 4; // FAST retry policy: 1 attempt + 3 retries
      poster.setBehaviour(() => (failures-- > 0 ? 'retryable_error' : 'posted'));
      clock.set(Date.parse('2025-03-07T01:05:00.000Z'));
      const a = await buildReplica('replica-a');
      const b = await buildReplica('replica-b');
      expect((await a.tick()).map((r) => r.outcome)).toEqual(['failed']);
      const markers = new DigestMarkers(await openStore(), clock.now);
      expect(await markers.getSlot('T1', 'C1', '2025-03-07T01:00:00.000Z')).toMatchObject({ state: 'pending', holderId: 'replica-a' });
      expect(logger.lines.some((l) => l.includes('failed after retries'))).toBe(true);

      clock.advance(10 * MINUTE);
      await Promise.all([a.tick(), b.tick()]);
      expect(poster.attempts).toHaveLength(5);
      // The retry after the failed slot is flagged recovered: the poster looks for a landed post first.
      expect(poster.attempts[4]).toMatchObject({ attempt: 1, recovered: true });
      expect(poster.posted()).toHaveLength(1);
      expect(await markers.getSlot('T1', 'C1', '2025-03-07T01:00:00.000Z')).toMatchObject({ state: 'posted' });
    });

    it('takes over a slot left pending by a replica killed mid-post, flagging the attempt as recovered', async () => {
      await subscribe(buildSubscription());
      const markers = new DigestMarkers(await openStore(), clock.now);
      // The dead replica claimed the slot; its digest lock has since expired.
      expect(await markers.claimSlot('T1', 'C1', '2025-03-07T01:00:00.000Z', 'replica-dead')).toBe(true);
      clock.set(Date.parse('2025-03-07T01:20:00.000Z'));
      const replica = await buildReplica('replica-a');
      expect((await replica.tick()).map((r) => r.outcome)).toEqual(['posted']);
      expect(poster.attempts).toEqual([
        { channel: 'T1/C1', slot: '2025-03-07T01:00:00.000Z', by: 'replica-a', attempt: 1, recovered: true },
      ]);
    });

    it('ticks on its timer after start, and stop() cancels the timer', async () => {
      await subscribe(buildSubscription());
      clock.set(Date.parse('2025-03-07T00:30:00.000Z'));
      const replica = await buildReplica('replica-a', { tickMs: 15 * MINUTE });
      await replica.start();
      expect(poster.attempts).toHaveLength(0);
      expect(clock.pendingTimers()).toBe(1);

      // Moving the clock past 00:45 fires the timer; its tick (at 01:01) finds the 01:00 slot due.
      clock.set(Date.parse('2025-03-07T01:01:00.000Z'));
      expect(clock.pendingTimers()).toBe(0);
      expect((await replica.tick()).map((r) => r.outcome)).toEqual(['posted']);
      expect(poster.posted()).toHaveLength(1);
      // The finished tick armed the next one.
      expect(clock.pendingTimers()).toBe(1);

      await replica.stop();
      expect(clock.pendingTimers()).toBe(0);
      clock.set(Date.parse('2025-03-08T01:01:00.000Z'));
      expect(await replica.tick()).toEqual([]);
      expect(poster.attempts).toHaveLength(1);
    });
  });
}
