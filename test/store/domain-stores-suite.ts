/**
 * The domain stores (leases, event dedupe, runs, threads, subscriptions, digest markers, folders,
 * recent runs, answer feedback) on a given StateStore kind. Time moves only through `harness.advance`: leases
 * expire because the test moves time past their TTL, never because the machine was slow.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DigestMarkers } from '../../src/store/digest-markers.js';
import { EventDedupe } from '../../src/store/event-dedupe.js';
import { AnswerFeedback, type AnswerRef } from '../../src/store/answer-feedback.js';
import { FolderOwners } from '../../src/store/folder-owners.js';
import { keys, leaseNames, TTL } from '../../src/store/keys.js';
import { Leases } from '../../src/store/leases.js';
import { RecentRuns, type RecentRun } from '../../src/store/recent-runs.js';
import type { DigestSubscription, RunRecord, WatchRecord, WatchState } from '../../src/store/records.js';
import { RunStore } from '../../src/store/run-store.js';
import { SignedRequestDedupe } from '../../src/store/signed-request-dedupe.js';
import type { StateStore } from '../../src/store/state-store.js';
import { Subscriptions } from '../../src/store/subscriptions.js';
import { ThreadConversations } from '../../src/store/thread-conversations.js';
import { ThreadQuestionQueue } from '../../src/store/thread-question-queue.js';
import { WatchPollBudget } from '../../src/store/watch-poll-budget.js';
import { Watches, watchIdOf } from '../../src/store/watches.js';
import { assertRedisReachable, buildStoreUnderTest, type StoreKind, type StoreUnderTest } from './store-harness.js';

const TTL_MS = 60_000;

function buildRun(overrides: Partial<RunRecord> = {}): RunRecord {
  return {
    runId: 'run-1',
    teamId: 'T1',
    channelId: 'C1',
    threadTs: '1700000000.000100',
    replyTs: ['1700000001.000200'],
    conversationId: '42',
    assistantMessageId: '',
    lastOffset: -1,
    status: 'starting',
    askerUserId: 'U1',
    question: 'What moved NVDA?',
    startedAtMs: 1_000,
    updatedAtMs: 1_000,
    delivery: 'update',
    ...overrides,
  };
}

function buildSubscription(overrides: Partial<DigestSubscription> = {}): DigestSubscription {
  return {
    teamId: 'T1',
    channelId: 'C1',
    cadence: 'daily',
    time: '09:00',
    timeZone: 'Asia/Shanghai',
    top: 10,
    createdBy: 'U1',
    createdAtMs: 1_000,
    paused: false,
    ...overrides,
  };
}

function buildWatch(overrides: Partial<WatchRecord> = {}): WatchRecord {
  const target = overrides.target ?? { kind: 'symbol', symbol: 'SH:600519' };
  const channelId = overrides.channelId ?? 'C1';
  const categories = overrides.categories ?? ['news'];
  return {
    teamId: 'T1',
    watchId: watchIdOf(channelId, target, categories),
    channelId,
    scope: 'channel',
    target,
    categories,
    createdBy: 'U1',
    createdAtMs: 1_000,
    ...overrides,
  };
}

export function describeDomainStores(kinds: readonly StoreKind[]): void {
  describe.each(kinds)('domain stores on %s', (kind) => {
    let harness: StoreUnderTest;
    let store: StateStore;

    beforeAll(async () => {
      if (kind === 'redis') await assertRedisReachable();
    });
    beforeEach(async () => {
      harness = await buildStoreUnderTest(kind, 'domain');
      store = await harness.open();
    });
    afterEach(async () => {
      await store.close();
      await harness.cleanup();
    });

    describe('Leases', () => {
      it('gives a lease to one holder; only the holder renews or releases it', async () => {
        const leases = new Leases(store);
        const name = leaseNames.run('r1');
        expect(await leases.acquire(name, 'replica-a', 10_000)).toBe(true);
        expect(await leases.acquire(name, 'replica-b', 10_000)).toBe(false);
        expect(await leases.acquire(name, 'replica-a', 10_000)).toBe(true);
        expect(await leases.renew(name, 'replica-b', 10_000)).toBe(false);
        expect(await leases.release(name, 'replica-b')).toBe(false);
        expect(await leases.holder(name)).toBe('replica-a');
        expect(await store.get(keys.runLease('r1'))).toBe('replica-a');
        expect(await leases.renew(name, 'replica-a', 10_000)).toBe(true);
        expect(await leases.release(name, 'replica-a')).toBe(true);
        expect(await leases.acquire(name, 'replica-b', 10_000)).toBe(true);
      });

      it('lets another holder take over once the holder stops renewing, and the old holder cannot renew', async () => {
        const leases = new Leases(store);
        expect(await leases.acquire('run:r2', 'dead', TTL_MS)).toBe(true);
        expect(await leases.acquire('run:r2', 'alive', TTL_MS)).toBe(false);
        await harness.advance(TTL_MS + 1);
        expect(await leases.acquire('run:r2', 'alive', 10_000)).toBe(true);
        expect(await leases.renew('run:r2', 'dead', 10_000)).toBe(false);
        expect(await leases.release('run:r2', 'dead')).toBe(false);
        expect(await leases.holder('run:r2')).toBe('alive');
      });

      it('keeps a renewed lease alive past its first TTL', async () => {
        const leases = new Leases(store);
        await leases.acquire('run:r3', 'a', TTL_MS);
        await harness.advance(TTL_MS / 2);
        expect(await leases.renew('run:r3', 'a', TTL_MS)).toBe(true);
        // Past the first TTL, within the renewed one.
        await harness.advance(TTL_MS / 2 + 1_000);
        expect(await leases.acquire('run:r3', 'b', TTL_MS)).toBe(false);
        expect(await leases.holder('run:r3')).toBe('a');
      });

      it('hands a contested lease to exactly one of many holders', async () => {
        const leases = new Leases(store);
        const won = await Promise.all(Array.from({ length: 20 }, (_, i) => leases.acquire('digest:T1:C1', `h${i}`, 5_000)));
        expect(won.filter(Boolean)).toHaveLength(1);
      });
    });

    describe('EventDedupe', () => {
      it('claims an event once, and again after release or expiry', async () => {
        const dedupe = new EventDedupe(store, TTL_MS);
        expect(await dedupe.claim('Ev1')).toBe(true);
        expect(await dedupe.claim('Ev1')).toBe(false);
        await dedupe.release('Ev1');
        expect(await dedupe.claim('Ev1')).toBe(true);
        await harness.advance(TTL_MS + 1);
        expect(await dedupe.claim('Ev1')).toBe(true);
        const concurrent = await Promise.all(Array.from({ length: 10 }, () => dedupe.claim('Ev2')));
        expect(concurrent.filter(Boolean)).toHaveLength(1);
      });
    });

    describe('SignedRequestDedupe', () => {
      it('claims a signed request once until its claim expires', async () => {
        const dedupe = new SignedRequestDedupe(store, TTL_MS);
        expect(await dedupe.claim('a1b2', 1_750_000_000)).toBe(true);
        expect(await dedupe.claim('a1b2', 1_750_000_000)).toBe(false);
        await harness.advance(TTL_MS + 1);
        expect(await dedupe.claim('a1b2', 1_750_000_000)).toBe(true);
        const concurrent = await Promise.all(Array.from({ length: 10 }, () => dedupe.claim('c3d4', 1_750_000_000)));
        expect(concurrent.filter(Boolean)).toHaveLength(1);
      });
    });

    describe('RunStore', () => {
      it('saves a run, merges cheap progress saves into it, and lists it while active', async () => {
        const runs = new RunStore(store, harness.clock);
        await runs.save(buildRun());
        await runs.save(buildRun({ runId: 'run-2', status: 'completed' }));
        await runs.saveProgress('run-1', { lastOffset: 17, replyTs: ['1.1', '1.2'], openStreamTs: '1.2', status: 'running' });
        const run = await runs.get('run-1');
        expect(run).toMatchObject({
          lastOffset: 17,
          replyTs: ['1.1', '1.2'],
          openStreamTs: '1.2',
          status: 'running',
          question: 'What moved NVDA?',
        });
        expect((await runs.listActive()).map((r) => r.runId)).toEqual(['run-1']);

        await runs.saveProgress('run-1', { lastOffset: 18, replyTs: ['1.1', '1.2'], status: 'running' });
        expect((await runs.get('run-1'))?.openStreamTs).toBeUndefined();
        expect(await runs.get('missing')).toBeNull();
      });

      it('marks a run ended: status, patch, no open stream, out of the active list', async () => {
        const runs = new RunStore(store, harness.clock);
        await runs.save(buildRun({ status: 'running', openStreamTs: '9.9' }));
        await runs.saveProgress('run-1', { lastOffset: 30, replyTs: ['1.1'], openStreamTs: '9.9', status: 'running' });
        const ended = await runs.markEnded('run-1', 'cancelled', { cancelledBy: 'U2' });
        expect(ended).toMatchObject({ status: 'cancelled', cancelledBy: 'U2', lastOffset: 30 });
        expect(ended?.openStreamTs).toBeUndefined();
        expect(await runs.listActive()).toEqual([]);
        expect(await runs.markEnded('missing', 'failed')).toBeNull();
      });

      it('never shows an ended run without its patch, whichever write a reader falls between', async () => {
        const seen: Array<RunRecord | null> = [];
        const writes = new RunStore(store, harness.clock);
        const reads = new RunStore(store, harness.clock);
        // A reader that looks after every single write the run store makes.
        const observed: StateStore = {
          kind: store.kind,
          get: (key) => store.get(key),
          set: async (key, value, ttlMs) => {
            await store.set(key, value, ttlMs);
            seen.push(await reads.get('run-1'));
          },
          setIfAbsent: (key, value, ttlMs) => store.setIfAbsent(key, value, ttlMs),
          addToSet: (key, member, ttlMs) => store.addToSet(key, member, ttlMs),
          delete: (key) => store.delete(key),
          deleteIfEquals: (key, expected) => store.deleteIfEquals(key, expected),
          replaceIfEquals: (key, expected, value, ttlMs) => store.replaceIfEquals(key, expected, value, ttlMs),
          increment: (key, by, ttlMs) => store.increment(key, by, ttlMs),
          keys: (prefix) => store.keys(prefix),
          ping: () => store.ping(),
          close: () => store.close(),
        };
        await writes.save(buildRun({ status: 'running' }));
        await new RunStore(observed, harness.clock).markEnded('run-1', 'cancelled', { cancelledBy: 'U2' });
        const ended = seen.filter((r) => r?.status === 'cancelled');
        expect(ended.length).toBeGreaterThan(0);
        expect(ended.map((r) => r?.cancelledBy)).toEqual(ended.map(() => 'U2'));
        expect(seen.at(-1)).toMatchObject({ status: 'cancelled', cancelledBy: 'U2' });
      });

      it('drops a run from the active list when a progress save carries a final status', async () => {
        const runs = new RunStore(store, harness.clock);
        await runs.save(buildRun({ status: 'running' }));
        await runs.saveProgress('run-1', { lastOffset: 5, replyTs: ['1.1'], status: 'completed' });
        expect(await runs.listActive()).toEqual([]);
        expect((await runs.get('run-1'))?.status).toBe('completed');
      });
    });

    describe('ThreadConversations', () => {
      it('maps a thread to its conversation and records the owning workspace', async () => {
        const threads = new ThreadConversations(store, harness.clock);
        await threads.save({ teamId: 'T1', channelId: 'C1', threadTs: '1.0', conversationId: '1197862772277383101' });
        expect(await threads.get('T1', 'C1', '1.0')).toMatchObject({ conversationId: '1197862772277383101' });
        expect(await threads.get('T1', 'C1', '2.0')).toBeNull();
        expect(await threads.isOwnedBy('1197862772277383101', 'T1')).toBe(true);
        expect(await threads.isOwnedBy('1197862772277383101', 'T2')).toBe(false);
        expect(await threads.isOwnedBy('1197862772277383102', 'T1')).toBe(false);
      });

      it('still knows the owner of a conversation recorded before the team was in the key', async () => {
        const threads = new ThreadConversations(store, harness.clock);
        await store.set(keys.legacyConversation('1197862772277383109'), JSON.stringify({ teamId: 'T1', channelId: 'C1', threadTs: '1.0' }));
        expect(await threads.isOwnedBy('1197862772277383109', 'T1')).toBe(true);
        expect(await threads.isOwnedBy('1197862772277383109', 'T2')).toBe(false);
      });
    });

    describe('ThreadQuestionQueue', () => {
      const thread = { teamId: 'T1', channelId: 'C1', threadTs: '1.0' };
      const question = (n: number) => ({ ...thread, requestId: `Ev${n}`, userId: 'U1', question: `q${n}` });

      it('takes questions queued at once (two replicas) without losing one, up to its bound', async () => {
        const queue = new ThreadQuestionQueue(store, harness.clock, { perThread: 4, maxWaitMs: TTL_MS });
        const results = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => queue.enqueue(question(n))));
        expect(results.filter((r) => r.accepted)).toHaveLength(4);
        expect(results.filter((r) => !r.accepted)).toEqual([
          { accepted: false, reason: 'full' },
          { accepted: false, reason: 'full' },
        ]);
        expect(new Set((await queue.list(thread)).map((q) => q.requestId)).size).toBe(4);
        expect(await queue.threads()).toEqual([thread]);
      });

      it('forgets a thread’s queue after its TTL', async () => {
        const queue = new ThreadQuestionQueue(store, harness.clock);
        await queue.enqueue(question(1));
        await harness.advance(TTL.threadQueueMs + 1);
        expect(await queue.list(thread)).toEqual([]);
        expect(await queue.threads()).toEqual([]);
      });
    });

    describe('Subscriptions', () => {
      it('stores, lists per team and for all teams, and removes', async () => {
        const subs = new Subscriptions(store);
        await subs.put(buildSubscription());
        await subs.put(buildSubscription({ channelId: 'C2', cadence: 'weekly', weekday: 1 }));
        await subs.put(buildSubscription({ teamId: 'T12', channelId: 'C3' }));
        expect((await subs.listForTeam('T1')).map((s) => s.channelId)).toEqual(['C1', 'C2']);
        expect((await subs.listAll()).map((s) => `${s.teamId}/${s.channelId}`)).toEqual(['T1/C1', 'T1/C2', 'T12/C3']);
        expect(await subs.remove('T1', 'C2')).toBe(true);
        expect(await subs.remove('T1', 'C2')).toBe(false);
        expect(await subs.get('T1', 'C2')).toBeNull();
      });

      it('pauses with a reason once (concurrent pauses report one change) and resumes', async () => {
        const subs = new Subscriptions(store);
        await subs.put(buildSubscription());
        const changes = await Promise.all(Array.from({ length: 8 }, () => subs.pause('T1', 'C1', 'channel_not_found')));
        expect(changes.filter(Boolean)).toHaveLength(1);
        expect(await subs.get('T1', 'C1')).toMatchObject({ paused: true, pausedReason: 'channel_not_found' });
        expect(await subs.resume('T1', 'C1')).toBe(true);
        expect(await subs.resume('T1', 'C1')).toBe(false);
        const resumed = await subs.get('T1', 'C1');
        expect(resumed?.paused).toBe(false);
        expect(resumed?.pausedReason).toBeUndefined();
        expect(await subs.pause('T9', 'C9', 'x')).toBe(false);
      });
    });

    describe('Watches', () => {
      it('adds once per channel, target and categories; lists per channel, team and all; removes with its state', async () => {
        const watches = new Watches(store, new Leases(store));
        const first = buildWatch();
        expect(await watches.add(first)).toBe('added');
        expect(await watches.add(buildWatch({ categories: ['news'], createdBy: 'U2' }))).toBe('duplicate');
        expect(await watches.add(buildWatch({ target: { kind: 'keyword', keyword: 'solid-state battery' } }))).toBe('added');
        expect(await watches.add(buildWatch({ channelId: 'C2' }))).toBe('added');
        expect(await watches.add(buildWatch({ teamId: 'T12' }))).toBe('added');
        expect(await watches.listForChannel('T1', 'C1')).toHaveLength(2);
        expect(await watches.listForTeam('T1')).toHaveLength(3);
        expect(await watches.listAll()).toHaveLength(4);
        const state: WatchState = { cursorMs: 5, seen: { d1: 5 }, lastPollMs: 5, earningsEves: [] };
        expect(await watches.replaceState(first, await watches.getState(first), state)).not.toBeNull();
        expect(await watches.remove('T1', 'C1', first.watchId)).toBe(true);
        expect(await watches.remove('T1', 'C1', first.watchId)).toBe(false);
        expect((await watches.getState(first)).state).toBeNull();
      });

      it('keeps the per-channel limit when adds race: of concurrent adds for the last slots only as many as fit succeed', async () => {
        const watches = new Watches(store, new Leases(store));
        const keyword = (i: number) => buildWatch({ target: { kind: 'keyword', keyword: `topic ${i}` } });
        for (let i = 0; i < 3; i += 1) expect(await watches.add(keyword(i), 5)).toBe('added');
        // Six adds at once for the two slots left: two win, whatever the interleaving.
        const outcomes = await Promise.all(Array.from({ length: 6 }, (_, i) => watches.add(keyword(10 + i), 5)));
        expect(outcomes.filter((o) => o === 'added')).toHaveLength(2);
        expect(outcomes.filter((o) => o === 'full')).toHaveLength(4);
        expect(await watches.listForChannel('T1', 'C1')).toHaveLength(5);
        // The same watch added twice at once is added once.
        const other = buildWatch({ channelId: 'C2' });
        expect((await Promise.all([watches.add(other, 5), watches.add(other, 5)])).sort()).toEqual(['added', 'duplicate']);
        // Removing frees its slot.
        const [gone] = await watches.listForChannel('T1', 'C1');
        expect(await watches.remove('T1', 'C1', gone?.watchId ?? '')).toBe(true);
        expect(await watches.add(keyword(20), 5)).toBe('added');
        expect(await watches.add(keyword(21), 5)).toBe('full');
      });

      it('frees the slot of an add that died between its claim and its watch, once the claim is old', async () => {
        const watches = new Watches(store, new Leases(store));
        const keyword = (i: number, createdAtMs = 1_000) => buildWatch({ target: { kind: 'keyword', keyword: `t${i}` }, createdAtMs });
        expect(await watches.add(keyword(0), 2)).toBe('added');
        // A claim without its watch (the adder crashed after claiming), and a watch without a claim (an older version).
        await store.set(keys.watchSlots('T1', 'C1'), JSON.stringify({ claims: { [keyword(0).watchId]: 1_000, dead: 1_000 } }));
        expect(await watches.add(keyword(1, 30_000), 2)).toBe('full');
        expect(await watches.add(keyword(1, 61_000), 2)).toBe('added');
        await store.set(keys.watch('T1', 'C1', 'legacy'), JSON.stringify({ ...keyword(9), watchId: 'legacy' }));
        expect(await watches.remove('T1', 'C1', keyword(0).watchId)).toBe(true);
        expect(await watches.add(keyword(2, 62_000), 2)).toBe('full');
      });

      it('writes a watch state only over the version read: of two concurrent writers one wins', async () => {
        const watches = new Watches(store, new Leases(store));
        const watch = buildWatch();
        const read = await watches.getState(watch);
        const base: WatchState = { cursorMs: 0, seen: {}, lastPollMs: 0, earningsEves: [] };
        const writes = await Promise.all(
          Array.from({ length: 6 }, (_, i) => watches.replaceState(watch, read, { ...base, lastPollMs: i + 1 })),
        );
        expect(writes.filter((w) => w !== null)).toHaveLength(1);
        const now = await watches.getState(watch);
        expect(await watches.replaceState(watch, read, base)).toBeNull();
        expect(await watches.replaceState(watch, now, { ...base, cursorMs: 9 })).toMatchObject({ state: { cursorMs: 9 } });
      });

      it('gives a watch’s poll lock to one holder at a time', async () => {
        const watches = new Watches(store, new Leases(store));
        const watch = buildWatch();
        const got = await Promise.all(['a', 'b', 'c'].map((h) => watches.acquireLock(watch, h, TTL_MS)));
        expect(got.filter(Boolean)).toHaveLength(1);
        const holder = ['a', 'b', 'c'][got.indexOf(true)] ?? '';
        expect(await watches.releaseLock(watch, 'nobody')).toBe(false);
        expect(await watches.releaseLock(watch, holder)).toBe(true);
        expect(await watches.acquireLock(watch, 'd', TTL_MS)).toBe(true);
      });

      it('pauses a watch once', async () => {
        const watches = new Watches(store, new Leases(store));
        const watch = buildWatch();
        await watches.add(watch);
        const changes = await Promise.all(Array.from({ length: 5 }, () => watches.pause(watch, 'channel_gone')));
        expect(changes.filter(Boolean)).toHaveLength(1);
        expect(await watches.get('T1', 'C1', watch.watchId)).toMatchObject({ paused: true, pausedReason: 'channel_gone' });
      });
    });

    describe('WatchPollBudget', () => {
      it('shares one budget per window between callers and holds them all after a 429', async () => {
        // Windows follow the budget's clock (not the store's TTLs), so the test moves its own.
        let now = 1_800_000_000_000;
        const clock = () => now;
        const budget = new WatchPollBudget(store, { callsPerWindow: 3, windowMs: 60_000, clock });
        const other = new WatchPollBudget(store, { callsPerWindow: 3, windowMs: 60_000, clock });
        const taken = await Promise.all([budget.take(), other.take(), budget.take(), other.take(), budget.take()]);
        expect(taken.filter(Boolean)).toHaveLength(3);
        now += 60_000;
        expect(await other.take()).toBe(true);
        await budget.block(now + 30_000);
        expect(await other.take()).toBe(false);
        now += 60_000;
        expect(await other.take()).toBe(true);
      });
    });

    describe('DigestMarkers', () => {
      const slot = '2025-03-10T01:00:00.000Z';

      it('lets one claimer win a slot, completes it, and keeps it claimed', async () => {
        const markers = new DigestMarkers(store, harness.clock);
        const won = await Promise.all(Array.from({ length: 10 }, (_, i) => markers.claimSlot('T1', 'C1', slot, `h${i}`)));
        expect(won.filter(Boolean)).toHaveLength(1);
        const winner = `h${won.indexOf(true)}`;
        expect(await markers.completeSlot('T1', 'C1', slot, 'someone-else', 'posted')).toBe(false);
        expect(await markers.completeSlot('T1', 'C1', slot, winner, 'posted')).toBe(true);
        expect(await markers.getSlot('T1', 'C1', slot)).toMatchObject({ state: 'posted', holderId: winner });
        expect(await markers.claimSlot('T1', 'C1', slot, 'late')).toBe(false);
      });

      it('takes over a pending claim only from its recorded holder', async () => {
        const markers = new DigestMarkers(store, harness.clock);
        expect(await markers.claimSlot('T1', 'C1', slot, 'b')).toBe(true);
        expect(await markers.takeOverSlot('T1', 'C1', slot, 'not-the-holder', 'c')).toBe(false);
        expect(await markers.takeOverSlot('T1', 'C1', slot, 'b', 'c')).toBe(true);
        expect(await markers.getSlot('T1', 'C1', slot)).toEqual({ state: 'pending', holderId: 'c' });
        expect(await markers.markSkipped('T1', 'C1', '2025-03-09T01:00:00.000Z', 'c', 'outside grace')).toBe(true);
        expect(await markers.markSkipped('T1', 'C1', '2025-03-09T01:00:00.000Z', 'c', 'outside grace')).toBe(false);
      });

      it('keeps the previous digest snapshot per channel', async () => {
        const markers = new DigestMarkers(store, harness.clock);
        const snapshot = { postedAtMs: 5, slot, concepts: [{ conceptId: 'c1', name: 'AI chips', trendingScore: 9.5 }] };
        await markers.saveSnapshot('T1', 'C1', snapshot);
        expect(await markers.getSnapshot('T1', 'C1')).toEqual(snapshot);
        expect(await markers.getSnapshot('T1', 'C2')).toBeNull();
      });
    });

    describe('AnswerFeedback', () => {
      const answer = (overrides: Partial<AnswerRef> = {}): AnswerRef => ({
        teamId: 'T1',
        channelId: 'C1',
        messageTs: '1700000001.000200',
        conversationId: '42',
        assistantMessageId: '7',
        runId: 'run-1',
        ...overrides,
      });

      it('keeps one vote per user and answer: a repeat changes nothing, a switch changes the vote', async () => {
        const feedback = new AnswerFeedback(store, () => 5_000);
        const first = await feedback.vote(answer(), 'U1', 'positive');
        expect(first).toMatchObject({
          previous: null,
          record: { vote: 'positive', userId: 'U1', conversationId: '42', messageTs: '1700000001.000200' },
        });
        expect((await feedback.vote(answer(), 'U1', 'positive')).previous).toBe('positive');
        expect(await feedback.totals()).toEqual({ positive: 1, negative: 0 });
        const switched = await feedback.vote(answer(), 'U1', 'negative');
        expect(switched.previous).toBe('positive');
        expect(await feedback.totals()).toEqual({ positive: 0, negative: 1 });
        expect((await feedback.get(answer(), 'U1'))?.vote).toBe('negative');
      });

      it('counts users, answers and teams separately, and totals per team', async () => {
        const feedback = new AnswerFeedback(store);
        await Promise.all([
          feedback.vote(answer(), 'U1', 'positive'),
          feedback.vote(answer(), 'U2', 'positive'),
          feedback.vote(answer({ messageTs: '1700000009.000100' }), 'U1', 'negative'),
          feedback.vote(answer({ teamId: 'T2' }), 'U1', 'negative'),
        ]);
        expect(await feedback.totals()).toEqual({ positive: 2, negative: 2 });
        expect(await feedback.totals('T1')).toEqual({ positive: 2, negative: 1 });
        expect(await feedback.totals('T2')).toEqual({ positive: 0, negative: 1 });
        expect(await feedback.totals('T3')).toEqual({ positive: 0, negative: 0 });
      });

      it('stores what was wrong with the vote, and nothing for a vote it does not hold', async () => {
        const feedback = new AnswerFeedback(store, () => 9_000);
        await feedback.vote(answer(), 'U1', 'negative');
        const saved = await feedback.comment(answer(), 'U1', 'The revenue figure is for 2023, not 2024.');
        expect(saved).toMatchObject({ vote: 'negative', comment: 'The revenue figure is for 2023, not 2024.', commentedAtMs: 9_000 });
        expect((await feedback.get(answer(), 'U1'))?.comment).toBe('The revenue figure is for 2023, not 2024.');
        // A later vote keeps the comment; another user's answer has none.
        expect((await feedback.vote(answer(), 'U1', 'positive')).record.comment).toBe('The revenue figure is for 2023, not 2024.');
        expect(await feedback.comment(answer(), 'U2', 'never voted')).toBeNull();
        expect(await feedback.get(answer(), 'U2')).toBeNull();
      });

      it('keeps its records under the feedback key with a TTL', async () => {
        const feedback = new AnswerFeedback(store);
        await feedback.vote(answer(), 'U1', 'positive');
        expect(await store.keys('feedback:T1:')).toEqual([keys.answerFeedback('T1', 'C1', '1700000001.000200', 'U1')]);
      });
    });

    describe('FolderOwners and RecentRuns', () => {
      it('remembers who created a folder', async () => {
        const folders = new FolderOwners(store);
        await folders.save({ teamId: 'T1', folderId: 'f1', name: 'Semis', createdBy: 'U1', createdAtMs: 1 });
        expect((await folders.get('T1', 'f1'))?.createdBy).toBe('U1');
        await folders.remove('T1', 'f1');
        expect(await folders.get('T1', 'f1')).toBeNull();
      });

      it("keeps a user's ten newest runs, newest first, without duplicates", async () => {
        const recent = new RecentRuns(store);
        const build = (i: number): RecentRun => ({
          runId: `r${i}`,
          channelId: 'C1',
          threadTs: `${i}.0`,
          question: `q${i}`,
          startedAtMs: i,
        });
        await Promise.all(Array.from({ length: 12 }, (_, i) => recent.record('T1', 'U1', build(i))));
        await recent.record('T1', 'U1', { ...build(11), status: 'completed' });
        const list = await recent.list('T1', 'U1');
        expect(list.map((r) => r.runId)).toEqual(['r11', 'r10', 'r9', 'r8', 'r7', 'r6', 'r5', 'r4', 'r3', 'r2']);
        expect(list[0]?.status).toBe('completed');
        expect(await recent.list('T1', 'U2')).toEqual([]);
      });
    });
  });
}
