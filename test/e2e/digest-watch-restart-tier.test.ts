/**
 * Issue 27 item 2: a digest slot and a watch alert whose process dies between the post and
 * recording it end with exactly one post, in the non-Marketplace tier (conversations.history once a
 * minute per workspace, `limit` at most 15), and the app is never answered 429 by
 * conversations.history or .replies. The post's ts reaches the store through Slack's push
 * (message_metadata_posted): then the restart reads nothing. When the push is lost, the restart
 * reads one page of 15, narrowed by `oldest`/`latest`, inside the shared rate budget.
 * The dying process is the real poster whose recording of the ts never returns (as if the process
 * stopped there); the app, the emulators and the budget share one manual clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiCall } from '../../src/emulators/slack/index.js';
import { ClaimTrust } from '../../src/schedules/claim-trust.js';
import { createDigestScheduler } from '../../src/schedules/digest-scheduler.js';
import { createWatchPoller } from '../../src/schedules/watch-poller.js';
import { createWebClient } from '../../src/slack-api/create-web-client.js';
import { createSlackDigestPoster } from '../../src/slack/concepts/digest/post-digest-to-slack.js';
import { createSlackWatchPoster } from '../../src/slack/watch/post-watch-alert-to-slack.js';
import { WATCH_ALERT_EVENT_TYPE } from '../../src/slack/watch/watch-metadata.js';
import { createAppStores } from '../../src/store/app-stores.js';
import { keys } from '../../src/store/keys.js';
import type { WatchRecord } from '../../src/store/records.js';
import { WatchPollBudget } from '../../src/store/watch-poll-budget.js';
import { createSingleWorkspace } from '../../src/workspaces/single-workspace.js';
import { buildManualClock, commandReply, digestsIn, eventually } from './features-helpers.js';
import { E2E_SECRETS, startHarness, type Harness } from './harness.js';

const T0 = Date.parse('2025-07-01T02:00:00.000Z');
const DAY = 24 * 60 * 60_000;
const slot = (day: number): string => new Date(Date.parse('2025-07-01T09:00:00.000Z') + day * DAY).toISOString();
const POLL_MS = 5 * 60_000;
const manualTimer = { schedule: () => () => undefined };
const SYMBOL = 'SH:600519';
/** The budget's spacing of history reads in this tier (62.5 s), and a little more. */
const READ_SPACING_MS = 63_000;

describe('non-Marketplace tier: a crash between post and record, then a restart', () => {
  const clock = buildManualClock(T0);
  let h: Harness;
  let channel: string;

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
  const web = () => createWebClient({ token: E2E_SECRETS.botToken, apiUrl: h.slack.apiUrl, logger: h.logger, policy: 'app' });
  const workspace = () => createSingleWorkspace({ service: h.client, client: web(), baseUrl: 'test', startedAtMs: 0 });

  /** A scheduler whose poster posts the slot's digest and dies as it would record the ts. */
  async function digestPostedThenCrash(s: string): Promise<void> {
    const stores = createAppStores(h.store, clock);
    let landed!: () => void;
    const posted = new Promise<void>((resolve) => {
      landed = resolve;
    });
    const dying = Object.create(stores.digestMarkers) as typeof stores.digestMarkers;
    dying.recordPostedTs = () => {
      landed();
      return new Promise(() => undefined);
    };
    const doomed = createDigestScheduler({
      subscriptions: stores.subscriptions,
      markers: stores.digestMarkers,
      locks: stores.digestLocks,
      clock,
      graceMs: 60 * 60_000,
      logger: h.logger,
      instanceId: `doomed-${s}`,
      // It was up when the slot came due (a process started later would look in Slack first).
      trust: new ClaimTrust(clock, h.logger, T0),
      postDigest: createSlackDigestPoster({ workspaces: workspace(), deps: { stores: { digestMarkers: dying }, logger: h.logger, clock } }),
    });
    void doomed.tick();
    await posted;
    expect(digestsIn(h, channel).filter((d) => d.slot === s)).toHaveLength(1);
    expect(await h.desk.stores.digestMarkers.getSlot(h.slack.teamId, channel, s)).toEqual({ state: 'pending', holderId: `doomed-${s}` });
    // Its lock lapses, as a dead process's lease would (its TTL is not waited out: it is expired here).
    expect(await stores.digestLocks.release(h.slack.teamId, channel, `doomed-${s}`)).toBe(true);
  }

  /** The push of slot `s` is wholly handled: its ts recorded, then the snapshot it carried (undoing either must come after). */
  const pushRecorded = (s: string) =>
    eventually(async () => {
      const ts = await h.desk.stores.digestMarkers.getPostedTs(h.slack.teamId, channel, s);
      return ts !== null && (await h.desk.stores.digestMarkers.getSnapshot(h.slack.teamId, channel))?.slot === s;
    });

  it('a digest slot: the pushed ts settles the pending claim; one post and no read of history', async () => {
    const s = slot(0);
    clock.set(Date.parse(s) + 10_000);
    await digestPostedThenCrash(s);
    // message_metadata_posted reached the desk's concepts slice, which recorded the ts.
    await eventually(() => h.desk.stores.digestMarkers.getPostedTs(h.slack.teamId, channel, s));
    const from = h.slack.calls.length;

    clock.advance(5_000);
    expect((await h.desk.digests.tick()).map((r) => r.outcome)).toEqual(['posted']);
    expect(digestsIn(h, channel).filter((d) => d.slot === s)).toHaveLength(1);
    expect(h.slack.calls.slice(from).filter((c) => c.method === 'chat.postMessage')).toEqual([]);
    expect(reads(from)).toEqual([]);
    expect(await h.desk.stores.digestMarkers.getSlot(h.slack.teamId, channel, s)).toMatchObject({ state: 'posted' });
    // The push carried the digest's snapshot: the next digest's baseline.
    expect((await h.desk.stores.digestMarkers.getSnapshot(h.slack.teamId, channel))?.slot).toBe(s);
  });

  it('a digest slot whose push was lost: one page of 15 narrowed by oldest/latest, no 429, one post', async () => {
    const s = slot(1);
    clock.set(Date.parse(s) + 10_000);
    const baseline = await h.desk.stores.digestMarkers.getSnapshot(h.slack.teamId, channel);
    await digestPostedThenCrash(s);
    await pushRecorded(s);
    // As if Slack's push never arrived: neither its ts nor the snapshot it carried is in the store.
    await h.store.delete(keys.digestSlotTs(h.slack.teamId, channel, s));
    if (baseline) await h.desk.stores.digestMarkers.saveSnapshot(h.slack.teamId, channel, baseline);
    const from = h.slack.calls.length;

    clock.advance(5_000);
    expect((await h.desk.digests.tick()).map((r) => r.outcome)).toEqual(['posted']);
    expect(digestsIn(h, channel).filter((d) => d.slot === s)).toHaveLength(1);
    expect(h.slack.calls.slice(from).filter((c) => c.method === 'chat.postMessage')).toEqual([]);
    const history = reads(from);
    expect(history.map((c) => c.ok)).toEqual([true]);
    expect(Number(history[0]?.args.limit)).toBe(15);
    expect(Number(history[0]?.args.oldest)).toBe(Date.parse(s) / 1000 - 300);
    expect(Number(history[0]?.args.latest)).toBe(Math.ceil(clock() / 1000) + 300);
    expect(refused(from)).toEqual([]);
  });

  /** A poller whose poster posts the alert and dies as it would record the ts. */
  async function alertPostedThenCrash(): Promise<{ ref: WatchRecord; alertId: string }> {
    const stores = createAppStores(h.store, clock);
    let landed!: (at: { ref: WatchRecord; alertId: string }) => void;
    const posted = new Promise<{ ref: WatchRecord; alertId: string }>((resolve) => {
      landed = resolve;
    });
    const poster = createSlackWatchPoster({
      workspaces: workspace(),
      logger: h.logger,
      clock,
      watches: {
        getAlertTs: (ref, alertId) => stores.watches.getAlertTs(ref, alertId),
        recordAlertTs: (ref, alertId) => {
          landed({ ref: ref as WatchRecord, alertId });
          return new Promise(() => undefined);
        },
      },
    });
    const instanceId = `doomed-watch-${clock()}`;
    const doomed = createWatchPoller({
      watches: stores.watches,
      budget: new WatchPollBudget(h.store, { callsPerWindow: 100, windowMs: 60_000, clock }),
      serviceFor: async () => h.client,
      clock,
      logger: h.logger,
      instanceId,
      pollIntervalMs: POLL_MS,
      timer: manualTimer,
      // It was up when the documents came out (a process started later would look in Slack first).
      trust: new ClaimTrust(clock, h.logger, T0),
      postAlert: poster,
    });
    void doomed.tick();
    const at = await posted;
    // Its lock lapses, as a dead process's lease would (its TTL is not waited out: it is expired here).
    expect(await stores.watches.releaseLock(at.ref, instanceId)).toBe(true);
    return at;
  }

  const alertsOf = (alertId: string) =>
    h.slack
      .channelMessages(channel)
      .filter((m) => m.metadata?.event_type === WATCH_ALERT_EVENT_TYPE && m.metadata.event_payload.alert === alertId);

  it('a watch alert: the pushed ts settles the pending alert; one post and no read of history', async () => {
    clock.advance(60_000);
    h.service.publishDocument({ symbol: SYMBOL, category: 'news', title: 'Moutai board meeting notice', publishedAtMs: clock() });
    clock.advance(POLL_MS);
    const { ref, alertId } = await alertPostedThenCrash();
    expect(alertsOf(alertId)).toHaveLength(1);
    await eventually(() => h.desk.stores.watches.getAlertTs(ref, alertId));
    const from = h.slack.calls.length;

    expect(await h.desk.watches.tick()).toMatchObject([{ outcome: 'nothing_new', posted: 0, recovered: 1 }]);
    expect(alertsOf(alertId)).toHaveLength(1);
    expect(reads(from)).toEqual([]);
  });

  it('a watch alert whose push was lost: one budgeted page of 15 from the claim on, no 429, one post', async () => {
    // Past the spacing of the digest's read above: this workspace's history budget has a read again.
    clock.advance(READ_SPACING_MS);
    h.service.publishDocument({ symbol: SYMBOL, category: 'filings', title: 'Moutai investor day', publishedAtMs: clock() });
    clock.advance(POLL_MS);
    const claimedAtMs = clock();
    const { ref, alertId } = await alertPostedThenCrash();
    await eventually(() => h.desk.stores.watches.getAlertTs(ref, alertId));
    await h.store.delete(keys.watchAlertTs(ref.teamId, ref.channelId, ref.watchId, alertId));
    const from = h.slack.calls.length;

    expect(await h.desk.watches.tick()).toMatchObject([{ outcome: 'nothing_new', posted: 0, recovered: 1 }]);
    expect(alertsOf(alertId)).toHaveLength(1);
    const history = reads(from);
    expect(history.map((c) => c.ok)).toEqual([true]);
    expect(Number(history[0]?.args.limit)).toBe(15);
    expect(Number(history[0]?.args.oldest)).toBe(Math.floor(claimedAtMs / 1000) - 300);
    expect(refused(from)).toEqual([]);
  });

  it('two restarts that each need a read within one minute: the second waits in the shared budget, no call and no 429', async () => {
    const s = slot(2);
    clock.set(Date.parse(s) + 10_000);
    const from = h.slack.calls.length;
    const baseline = await h.desk.stores.digestMarkers.getSnapshot(h.slack.teamId, channel);
    await digestPostedThenCrash(s);
    await pushRecorded(s);
    await h.store.delete(keys.digestSlotTs(h.slack.teamId, channel, s));
    if (baseline) await h.desk.stores.digestMarkers.saveSnapshot(h.slack.teamId, channel, baseline);
    h.service.publishDocument({ symbol: SYMBOL, category: 'news', title: 'Moutai dividend date', publishedAtMs: clock() });
    const { ref, alertId } = await alertPostedThenCrash();
    await eventually(() => h.desk.stores.watches.getAlertTs(ref, alertId));
    await h.store.delete(keys.watchAlertTs(ref.teamId, ref.channelId, ref.watchId, alertId));

    // The digest's read takes this minute's history slot of the workspace.
    expect((await h.desk.digests.tick()).map((r) => r.outcome)).toEqual(['posted']);
    expect(reads(from)).toHaveLength(1);
    // The alert's read finds no slot: it asks Slack nothing, and the alert stays pending.
    expect((await h.desk.watches.tick()).map((r) => r.outcome)).toEqual(['failed']);
    expect(reads(from)).toHaveLength(1);
    expect(alertsOf(alertId)).toHaveLength(1);

    clock.advance(READ_SPACING_MS);
    expect(await h.desk.watches.tick()).toMatchObject([{ outcome: 'nothing_new', posted: 0, recovered: 1 }]);
    expect(reads(from).map((c) => [c.method, c.ok])).toEqual([
      ['conversations.history', true],
      ['conversations.history', true],
    ]);
    expect(refused(from)).toEqual([]);
    expect(alertsOf(alertId)).toHaveLength(1);
    expect(digestsIn(h, channel).filter((d) => d.slot === s)).toHaveLength(1);
  });
});
