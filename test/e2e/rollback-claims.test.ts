/**
 * Issue 28 defect 9: a store rolled back (a failover that lost its last writes, a restore from
 * backup) forgets the claim of a digest slot or a watch alert whose post is in Slack. The
 * scheduler must not post it again: a claim the app cannot vouch for is looked for in Slack first,
 * with one page of the tier's size narrowed by `oldest`/`latest`, inside the shared rate budget
 * (non-Marketplace tier: conversations.history once a minute per workspace), never answered 429.
 * While claims are intact, nothing is read. The rollback is played by deleting the claim's keys
 * and putting back the baseline the store held before the post; the app and the emulators share
 * one manual clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiCall } from '../../src/emulators/slack/index.js';
import { createDigestScheduler } from '../../src/schedules/digest-scheduler.js';
import { createWatchPoller } from '../../src/schedules/watch-poller.js';
import { readPageSize } from '../../src/slack-api/app-distribution.js';
import { createRateBudget } from '../../src/slack-api/rate-budget.js';
import { createWebClient } from '../../src/slack-api/create-web-client.js';
import { createSlackDigestPoster } from '../../src/slack/concepts/digest/post-digest-to-slack.js';
import type { HistoryReads } from '../../src/slack/kit/posting/last-resort-read.js';
import { createSlackWatchPoster } from '../../src/slack/watch/post-watch-alert-to-slack.js';
import { WATCH_ALERT_EVENT_TYPE } from '../../src/slack/watch/watch-metadata.js';
import { createAppStores } from '../../src/store/app-stores.js';
import { keys } from '../../src/store/keys.js';
import type { WatchRecord } from '../../src/store/records.js';
import { WatchPollBudget } from '../../src/store/watch-poll-budget.js';
import { createSingleWorkspace } from '../../src/workspaces/single-workspace.js';
import { buildManualClock, commandReply, digestsIn } from './features-helpers.js';
import { E2E_SECRETS, startHarness, type Harness } from './harness.js';

const T0 = Date.parse('2025-07-01T02:00:00.000Z');
const DAY = 24 * 60 * 60_000;
const slot = (day: number): string => new Date(Date.parse('2025-07-01T09:00:00.000Z') + day * DAY).toISOString();
const POLL_MS = 5 * 60_000;
const manualTimer = { schedule: () => () => undefined };
const SYMBOL = 'SH:600519';
/** The budget's spacing of history reads in this tier (62.5 s), and a little more. */
const READ_SPACING_MS = 63_000;

describe('a store rolled back after a post: no second post, one budgeted read; none while claims are intact', () => {
  const clock = buildManualClock(T0);
  let h: Harness;
  let channel: string;
  let watch: WatchRecord;

  beforeAll(async () => {
    h = await startHarness({
      store: 'redis',
      clock,
      serviceClock: clock,
      digestTickMs: 60 * 60_000,
      slack: { clock, distribution: { seed: 'non-marketplace' } },
      deskOverrides: {
        distribution: 'non-marketplace',
        watchPollMs: POLL_MS,
        watchTimer: manualTimer,
        watchRetry: { retries: 0, minTimeoutMs: 1, maxTimeoutMs: 1 },
      },
    });
    channel = h.slack.defaultChannelId;
    await commandReply(h, { command: '/concepts', text: 'subscribe daily at:09:00 top:5' });
    await commandReply(h, { command: '/research', text: `watch ${SYMBOL} news filings` });
    // The first poll sets the watch's cursor: the demo's existing documents are not news.
    expect((await h.desk.watches.tick()).map((r) => r.outcome)).toEqual(['nothing_new']);
    const [only] = await h.desk.stores.watches.listForChannel(h.slack.teamId, channel);
    if (!only) throw new Error('the watch was not added');
    watch = only;
  });

  afterAll(async () => {
    if (h) {
      for (const key of await h.store.keys('')) await h.store.delete(key);
      await h.close();
    }
  });

  const reads = (from: number): ApiCall[] =>
    h.slack.calls.slice(from).filter((c) => c.method === 'conversations.history' || c.method === 'conversations.replies');
  const refused = (from: number): ApiCall[] => reads(from).filter((c) => c.error === 'ratelimited' || c.status === 429);
  const posts = (from: number): ApiCall[] => h.slack.calls.slice(from).filter((c) => c.method === 'chat.postMessage');
  const alertsIn = () => h.slack.channelMessages(channel).filter((m) => m.metadata?.event_type === WATCH_ALERT_EVENT_TYPE);
  const slotsPosted = (s: string) => digestsIn(h, channel).filter((d) => d.slot === s);
  const web = () => createWebClient({ token: E2E_SECRETS.botToken, apiUrl: h.slack.apiUrl, logger: h.logger, policy: 'app' });
  const workspace = () => createSingleWorkspace({ service: h.client, client: web(), baseUrl: 'test', startedAtMs: 0 });
  /** What a restarted process reads with: the tier's page size and the budget every replica shares through the store. */
  const restartedReads = (): HistoryReads => ({
    pageSize: readPageSize('non-marketplace'),
    budget: createRateBudget({ store: h.store, clock, distribution: 'non-marketplace' }),
  });

  /** The desk posts slot `s`; then the store goes back to before it (its claim, ts and baseline gone). */
  async function digestPostedThenRolledBack(s: string): Promise<void> {
    const baseline = await h.desk.stores.digestMarkers.getSnapshot(h.slack.teamId, channel);
    clock.set(Date.parse(s) + 10_000);
    expect((await h.desk.digests.tick()).map((r) => r.outcome)).toEqual(['posted']);
    expect(slotsPosted(s)).toHaveLength(1);
    await h.store.delete(keys.digestSlot(h.slack.teamId, channel, s));
    await h.store.delete(keys.digestSlotTs(h.slack.teamId, channel, s));
    if (baseline) await h.desk.stores.digestMarkers.saveSnapshot(h.slack.teamId, channel, baseline);
    else await h.store.delete(keys.digestSnapshot(h.slack.teamId, channel));
  }

  /** The desk posts an alert for a new document; then the store loses the watch's state (and the alert's ts). */
  async function alertPostedThenRolledBack(title: string): Promise<void> {
    const before = alertsIn().length;
    h.service.publishDocument({ symbol: SYMBOL, category: 'news', title, publishedAtMs: clock() });
    clock.advance(POLL_MS);
    expect(await h.desk.watches.tick()).toMatchObject([{ outcome: 'posted', posted: 1 }]);
    expect(alertsIn()).toHaveLength(before + 1);
    for (const key of await h.store.keys(keys.watchState(watch.teamId, watch.channelId, watch.watchId))) await h.store.delete(key);
  }

  it('steady state: slots and alerts whose claims are intact post once each and read nothing', async () => {
    const from = h.slack.calls.length;
    clock.set(Date.parse(slot(0)) + 10_000);
    expect((await h.desk.digests.tick()).map((r) => r.outcome)).toEqual(['posted']);
    clock.advance(60_000);
    expect((await h.desk.digests.tick()).map((r) => r.outcome)).toEqual(['already_handled']);
    h.service.publishDocument({ symbol: SYMBOL, category: 'news', title: 'Moutai board meeting notice', publishedAtMs: clock() });
    clock.advance(POLL_MS);
    expect(await h.desk.watches.tick()).toMatchObject([{ outcome: 'posted', posted: 1 }]);
    clock.advance(POLL_MS);
    expect(await h.desk.watches.tick()).toMatchObject([{ outcome: 'nothing_new', posted: 0 }]);
    clock.set(Date.parse(slot(1)) + 10_000);
    expect((await h.desk.digests.tick()).map((r) => r.outcome)).toEqual(['posted']);

    expect(posts(from)).toHaveLength(3);
    expect(reads(from)).toEqual([]);
  });

  it('a digest slot rolled back under the running scheduler: found in one page of 15, not posted again', async () => {
    const s = slot(2);
    await digestPostedThenRolledBack(s);
    clock.advance(60_000);
    const from = h.slack.calls.length;

    expect((await h.desk.digests.tick()).map((r) => r.outcome)).toEqual(['posted']);
    expect(posts(from)).toEqual([]);
    expect(slotsPosted(s)).toHaveLength(1);
    const history = reads(from);
    expect(history.map((c) => c.ok)).toEqual([true]);
    expect(Number(history[0]?.args.limit)).toBe(15);
    expect(Number(history[0]?.args.oldest)).toBe(Date.parse(s) / 1000 - 300);
    expect(Number(history[0]?.args.latest)).toBeLessThanOrEqual(Math.ceil(clock() / 1000) + 300);
    expect(refused(from)).toEqual([]);
    expect(await h.desk.stores.digestMarkers.getSlot(h.slack.teamId, channel, s)).toMatchObject({ state: 'posted' });
    // The found digest carries what it showed: the next digest's baseline again.
    expect((await h.desk.stores.digestMarkers.getSnapshot(h.slack.teamId, channel))?.slot).toBe(s);
  });

  it('a digest slot rolled back, then a restarted process: one budgeted read, no second post', async () => {
    const s = slot(3);
    await digestPostedThenRolledBack(s);
    clock.advance(READ_SPACING_MS);
    const stores = createAppStores(h.store, clock);
    const restarted = createDigestScheduler({
      subscriptions: stores.subscriptions,
      markers: stores.digestMarkers,
      locks: stores.digestLocks,
      clock,
      graceMs: 60 * 60_000,
      logger: h.logger,
      instanceId: 'restarted-digests',
      postDigest: createSlackDigestPoster({ workspaces: workspace(), deps: { stores, logger: h.logger, clock }, reads: restartedReads() }),
    });
    const from = h.slack.calls.length;

    expect((await restarted.tick()).map((r) => r.outcome)).toEqual(['posted']);
    expect(posts(from)).toEqual([]);
    expect(slotsPosted(s)).toHaveLength(1);
    expect(reads(from).map((c) => [c.ok, Number(c.args.limit)])).toEqual([[true, 15]]);
    expect(refused(from)).toEqual([]);
    await restarted.stop();
  });

  it('a watch alert rolled back under the running poller: found in one page of 15, not posted again', async () => {
    clock.advance(READ_SPACING_MS);
    await alertPostedThenRolledBack('Moutai dividend date');
    const alerts = alertsIn().length;
    const from = h.slack.calls.length;

    await h.desk.watches.tick();
    expect(posts(from)).toEqual([]);
    expect(alertsIn()).toHaveLength(alerts);
    expect(reads(from).map((c) => [c.ok, Number(c.args.limit)])).toEqual([[true, 15]]);
    expect(refused(from)).toEqual([]);
    // Its documents count as alerted again: the next poll has nothing new and reads nothing.
    clock.advance(POLL_MS);
    expect(await h.desk.watches.tick()).toMatchObject([{ outcome: 'nothing_new' }]);
    expect(reads(from)).toHaveLength(1);
  });

  it('a watch alert rolled back, then a restarted process: one budgeted read, no second post', async () => {
    clock.advance(READ_SPACING_MS);
    await alertPostedThenRolledBack('Moutai investor day');
    clock.advance(READ_SPACING_MS);
    const alerts = alertsIn().length;
    const stores = createAppStores(h.store, clock);
    const restarted = createWatchPoller({
      watches: stores.watches,
      budget: new WatchPollBudget(h.store, { callsPerWindow: 100, windowMs: 60_000, clock }),
      serviceFor: async () => h.client,
      clock,
      logger: h.logger,
      instanceId: 'restarted-watches',
      pollIntervalMs: POLL_MS,
      timer: manualTimer,
      postAlert: createSlackWatchPoster({
        workspaces: workspace(),
        logger: h.logger,
        watches: stores.watches,
        clock,
        reads: restartedReads(),
      }),
    });
    const from = h.slack.calls.length;

    await restarted.tick();
    expect(posts(from)).toEqual([]);
    expect(alertsIn()).toHaveLength(alerts);
    expect(reads(from).map((c) => [c.ok, Number(c.args.limit)])).toEqual([[true, 15]]);
    expect(refused(from)).toEqual([]);
    await restarted.stop();
  });

  it('a watch alert rolled back while a new document came out: only the new document is alerted', async () => {
    clock.advance(READ_SPACING_MS);
    await alertPostedThenRolledBack('Moutai third-quarter results');
    h.service.publishDocument({ symbol: SYMBOL, category: 'news', title: 'Moutai opens a new plant', publishedAtMs: clock() });
    clock.advance(POLL_MS);
    const from = h.slack.calls.length;

    await h.desk.watches.tick();
    const sent = posts(from);
    expect(sent).toHaveLength(1);
    expect(String(sent[0]?.args.text)).toContain('Moutai opens a new plant');
    expect(String(sent[0]?.args.text)).not.toContain('third-quarter');
    expect(reads(from).map((c) => [c.ok, Number(c.args.limit)])).toEqual([[true, 15]]);
    expect(refused(from)).toEqual([]);
  });

  it('an unvouched slot found absent, whose attempt then failed at the service, is posted by the next attempt without a second read', async () => {
    clock.set(Date.parse(slot(4)) + 10_000);
    const s = slot(4);
    const [sub] = await h.desk.stores.subscriptions.listAll();
    if (!sub) throw new Error('no subscription');
    const stores = createAppStores(h.store, clock);
    const poster = createSlackDigestPoster({ workspaces: workspace(), deps: { stores, logger: h.logger, clock }, reads: restartedReads() });
    const unvouched = { sinceMs: Date.parse(s), untilMs: clock() };
    const from = h.slack.calls.length;

    h.service.setFaults({ errorRate: 1 });
    try {
      expect(await poster(sub, s, { attempt: 1, recovered: false, unvouched })).toBe('retryable_error');
    } finally {
      h.service.setFaults({ errorRate: 0 });
    }
    // Within the same minute: the tier's budget has no read left, and none is needed.
    expect(await poster(sub, s, { attempt: 2, recovered: false, unvouched })).toBe('posted');
    expect(reads(from).map((c) => c.ok)).toEqual([true]);
    expect(posts(from)).toHaveLength(1);
    expect(refused(from)).toEqual([]);
  });

  it('a rollback that keeps the last poll but loses the alert it claimed: noticed by the cursor, not posted again', async () => {
    clock.advance(READ_SPACING_MS);
    const ref = { teamId: watch.teamId, channelId: watch.channelId, watchId: watch.watchId };
    const before = await h.desk.stores.watches.getState(ref);
    h.service.publishDocument({ symbol: SYMBOL, category: 'news', title: 'Moutai raises prices', publishedAtMs: clock() });
    clock.advance(POLL_MS);
    expect(await h.desk.watches.tick()).toMatchObject([{ outcome: 'posted', posted: 1 }]);
    const after = await h.desk.stores.watches.getState(ref);
    if (!before.state || !after.state) throw new Error('no watch state');
    // The state as written before the alert was claimed: this poll's time, the old cursor and seen set.
    await h.store.set(
      keys.watchState(ref.teamId, ref.channelId, ref.watchId),
      JSON.stringify({ ...after.state, cursorMs: before.state.cursorMs, seen: before.state.seen }),
    );
    const alerts = alertsIn().length;
    clock.advance(POLL_MS);
    const from = h.slack.calls.length;

    await h.desk.watches.tick();
    expect(posts(from)).toEqual([]);
    expect(alertsIn()).toHaveLength(alerts);
    expect(reads(from).map((c) => [c.ok, Number(c.args.limit)])).toEqual([[true, 15]]);
  });
});
