/**
 * Watchlists end to end (issue 15 §3): the real app between both emulators on one Redis prefix.
 * A watch posts each new document exactly once — while two replicas poll at once, when a
 * replica dies between posting and marking, and across a restart; a service outage (5xx, 429)
 * delays alerts without losing them; a symbol's earnings eve posts once and the transcript that
 * follows comes with its summary; the list card removes a watch. Documents appear over time
 * through the service emulator's publishDocument; both clocks are driven by the test.
 */
import { createSingleWorkspace } from '../../src/workspaces/single-workspace.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredMessage } from '../../src/emulators/slack/index.js';
import type { WatchRecord } from '../../src/store/records.js';
import { createWebClient } from '../../src/slack-api/create-web-client.js';
import { createSlackWatchPoster } from '../../src/slack/watch/post-watch-alert-to-slack.js';
import { WATCH_ALERT_EVENT_TYPE } from '../../src/slack/watch/watch-metadata.js';
import { createAppStores } from '../../src/store/app-stores.js';
import { createFileStateStore } from '../../src/store/file-state-store.js';
import { startResearchDesk } from '../../src/research-desk.js';
import { WatchPollBudget } from '../../src/store/watch-poll-budget.js';
import { createWatchPoller, type WatchPollReport } from '../../src/schedules/watch-poller.js';
import { allText, button, clickEphemeral } from './command-helpers.js';
import { buildManualClock, commandReply, eventually, invalidSlackCalls, startReplica, type Replica } from './features-helpers.js';
import { E2E_SECRETS, startHarness, type Harness } from './harness.js';

const T0 = Date.parse('2025-07-01T02:00:00.000Z');
const POLL_MS = 5 * 60_000;
/**
 * Slack allows about one post per second in a channel (the emulator enforces it in real time):
 * a refused alert is retried after a wait long enough for the next second.
 */
const WATCH_RETRY = { retries: 6, minTimeoutMs: 250, maxTimeoutMs: 1_200 };
/** Ticks are driven by the test: the poller's own timer never fires. */
const manualTimer = { schedule: () => () => undefined };
const SYMBOL = 'SH:600519';
const outcomes = (reports: WatchPollReport[]) => reports.map((r) => r.outcome);

describe('watchlists: alerts exactly once across replicas, crashes, restarts and outages', () => {
  const clock = buildManualClock(T0);
  let h: Harness;
  const replicas: Replica[] = [];
  let channel: string;

  beforeAll(async () => {
    h = await startHarness({
      store: 'redis',
      clock,
      serviceClock: clock,
      deskOverrides: { watchPollMs: POLL_MS, watchTimer: manualTimer, watchRetry: WATCH_RETRY },
    });
    channel = h.slack.defaultChannelId;
    replicas.push(await startReplica(h, 'replica-b'));
  });

  afterAll(async () => {
    for (const r of replicas) await r.stop().catch(() => undefined);
    if (h) {
      for (const key of await h.store.keys('')) await h.store.delete(key);
      await h.close();
    }
  });

  const alerts = (): StoredMessage[] =>
    h.slack.channelMessages(channel).filter((m) => m.bot_id === h.slack.botId && m.metadata?.event_type === WATCH_ALERT_EVENT_TYPE);
  /** How many alerts carry each document id (by its link). */
  const postsOf = (docId: string): number => alerts().filter((m) => JSON.stringify(m.blocks).includes(`/docs/${docId}`)).length;
  const publish = (title: string, category: 'news' | 'filings' | 'transcripts' = 'news') =>
    h.service.publishDocument({ symbol: SYMBOL, category, title, publishedAtMs: clock() });
  const nextPoll = () => clock.advance(POLL_MS);

  it('adds a watch with a clear confirmation, and refuses a duplicate and an unknown category', async () => {
    const added = await commandReply(h, { command: '/research', text: `watch ${SYMBOL} news filings transcripts` });
    expect(allText(added)).toContain('Watching SH:600519');
    const duplicate = await commandReply(h, { command: '/research', text: `watch $600519 transcripts filings news` });
    expect(allText(duplicate)).toContain('already watched');
    const unknown = await commandReply(h, { command: '/research', text: 'watch $NVDA type:filingz' });
    expect(allText(unknown)).toContain('Did you mean `filings`?');
    // A channel it cannot find is explained in the watch's own words, with a watch example.
    const noChannel = allText(await commandReply(h, { command: '/research', text: 'watch $NVDA news #nosuch' }));
    expect(noChannel).toContain('could not find the channel #nosuch');
    expect(noChannel).toContain('/research watch');
    expect(noChannel).not.toContain('/concepts');
    // The first poll sets the cursor: the demo's existing documents are not news.
    expect(outcomes(await h.desk.watches.tick())).toEqual(['nothing_new']);
    expect(alerts()).toHaveLength(0);
  });

  it('posts new documents once, in one message per poll, while two replicas poll at once', async () => {
    clock.advance(60_000);
    const a = publish('Moutai raises <!channel> dividend & buyback');
    const b = publish('Moutai Q2 sales update', 'filings');
    nextPoll();
    const reports = await Promise.all([h.desk.watches.tick(), replicas[0]!.desk.watches.tick()]);
    expect(reports.flat().filter((r) => r.outcome === 'posted')).toHaveLength(1);
    expect(alerts()).toHaveLength(1);
    expect(postsOf(a.id)).toBe(1);
    expect(postsOf(b.id)).toBe(1);
    const text = JSON.stringify(alerts()[0]?.blocks);
    // The title is escaped: it can never broadcast.
    expect(text).not.toContain('<!channel>');
    expect(text).toContain('&amp;');
    // Later polls by either replica find nothing new.
    nextPoll();
    const again = await Promise.all([h.desk.watches.tick(), replicas[0]!.desk.watches.tick()]);
    expect(again.flat().filter((r) => r.outcome === 'posted')).toHaveLength(0);
    expect(alerts()).toHaveLength(1);
  });

  it('a replica that dies between posting and recording: the pushed ts settles it, no history read, never posted again', async () => {
    const c = publish('Moutai board meeting notice', 'filings');
    nextPoll();
    const client = createWebClient({ token: E2E_SECRETS.botToken, apiUrl: h.slack.apiUrl, logger: h.logger, policy: 'app' });
    const stores = createAppStores(h.store, clock);
    let posted!: (at: { ref: WatchRecord; alertId: string }) => void;
    const landed = new Promise<{ ref: WatchRecord; alertId: string }>((resolve) => {
      posted = resolve;
    });
    const realPoster = createSlackWatchPoster({
      workspaces: createSingleWorkspace({ service: h.client, client, baseUrl: 'test', startedAtMs: 0 }),
      logger: h.logger,
      clock,
      // The process "dies" as it would record the ts: the post landed, nothing of it was written.
      watches: {
        getAlertTs: (ref, alertId) => stores.watches.getAlertTs(ref, alertId),
        recordAlertTs: (ref, alertId) => {
          posted({ ref: ref as WatchRecord, alertId });
          return new Promise(() => undefined);
        },
      },
    });
    const doomed = createWatchPoller({
      watches: createAppStores(h.store, clock).watches,
      budget: new WatchPollBudget(h.store, { callsPerWindow: 100, windowMs: 60_000, clock }),
      serviceFor: async () => h.client,
      clock,
      logger: h.logger,
      instanceId: 'doomed',
      pollIntervalMs: POLL_MS,
      timer: manualTimer,
      // This attempt never returns (its recording of the ts hangs), so the alert is never marked.
      postAlert: realPoster,
    });
    void doomed.tick();
    const { ref, alertId } = await landed;
    expect(postsOf(c.id)).toBe(1);
    // Its lock lapses, as a dead process's lease would (its TTL is not waited out: it is expired here).
    expect(await stores.watches.releaseLock(ref, 'doomed')).toBe(true);
    // Slack pushed message_metadata_posted for the alert; the desk's watch slice recorded its ts.
    await eventually(() => stores.watches.getAlertTs(ref, alertId));
    const from = h.slack.calls.length;
    const reports = await h.desk.watches.tick();
    expect(reports).toMatchObject([{ outcome: 'nothing_new', posted: 0, recovered: 1 }]);
    expect(postsOf(c.id)).toBe(1);
    expect(h.slack.calls.slice(from).filter((call) => call.method.startsWith('conversations.'))).toEqual([]);
    expect(h.logs.some((l) => l.includes('watch alert already posted (its ts is recorded)'))).toBe(true);
  });

  it('an outage delays alerts without losing them; a 429 holds every replica until Retry-After', async () => {
    const d = publish('Moutai price change announcement');
    nextPoll();
    h.service.setFaults({ errorRate: 1 });
    expect(outcomes(await h.desk.watches.tick())).toEqual(['service_unavailable']);
    expect(postsOf(d.id)).toBe(0);
    h.service.setFaults({ rateLimitEvery: 1, retryAfterSeconds: 120 });
    expect(outcomes(await replicas[0]!.desk.watches.tick())).toEqual(['service_unavailable']);
    h.service.setFaults({});
    // Within Retry-After no replica calls the service (one shared budget).
    clock.advance(60_000);
    expect(outcomes(await h.desk.watches.tick())).toEqual(['budget_spent']);
    clock.advance(61_000);
    expect(outcomes(await h.desk.watches.tick())).toEqual(['posted']);
    expect(postsOf(d.id)).toBe(1);
  });

  it('after a restart (a new process on the same Redis) only new documents are posted', async () => {
    await h.desk.watches.stop();
    await replicas[0]!.stop({ releaseLeases: false });
    const restarted = await startReplica(h, 'restarted');
    replicas.push(restarted);
    const e = publish('Moutai investor day');
    nextPoll();
    expect(outcomes(await restarted.desk.watches.tick())).toEqual(['posted']);
    expect(postsOf(e.id)).toBe(1);
    // Every document so far, each in exactly one alert.
    const ids = alerts().flatMap((m) => [...JSON.stringify(m.blocks).matchAll(/\/docs\/(doc_pub\d+)/g)].map((x) => x[1]));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(5);
  });

  it('posts the eve of an earnings date once, then the transcript with its summary', async () => {
    const restarted = replicas[replicas.length - 1]!;
    const today = new Date(clock()).toISOString().slice(0, 10);
    const until = new Date(clock() + 120 * 86_400_000).toISOString().slice(0, 10);
    const next = (await h.client.earningsCalendar({ market: 'cn', startDate: today, endDate: until, symbol: SYMBOL })).find(
      (entry) => entry.date > today,
    );
    expect(next).toBeDefined();
    const date = next?.date ?? '';
    // 10:00 in Shanghai on the day before.
    clock.set(Date.parse(`${date}T02:00:00.000Z`) - 86_400_000);
    const before = alerts().length;
    expect(outcomes(await restarted.desk.watches.tick())).toEqual(['posted']);
    nextPoll();
    expect(outcomes(await restarted.desk.watches.tick())).toEqual(['nothing_new']);
    const eves = alerts().filter((m) => m.metadata?.event_payload.kind === 'earnings_eve');
    expect(eves).toHaveLength(1);
    expect(alerts()).toHaveLength(before + 1);
    expect(allText(eves[0] ?? {})).toContain(`reports earnings tomorrow, ${date}`);

    clock.set(Date.parse(`${date}T10:00:00.000Z`));
    const t = publish('Moutai earnings call transcript', 'transcripts');
    nextPoll();
    expect(outcomes(await restarted.desk.watches.tick())).toEqual(['posted']);
    const last = alerts().at(-1);
    expect(postsOf(t.id)).toBe(1);
    expect(allText(last ?? {})).toContain('Summary: Moutai earnings call transcript');
    expect(invalidSlackCalls(h)).toEqual([]);
  });

  it('a burst of more documents than one search page holds: every one is posted once, oldest first', async () => {
    const burst = Array.from({ length: 45 }, (_, i) => {
      clock.advance(1_000);
      return publish(`Moutai burst note ${i + 1}`);
    });
    const restarted = replicas[replicas.length - 1]!;
    const before = alerts().length;
    const posted: string[] = [];
    for (let poll = 0; poll < 8; poll++) {
      nextPoll();
      const report = outcomes(await restarted.desk.watches.tick());
      if (report.includes('nothing_new')) break;
      expect(report).toEqual(['posted']);
    }
    for (const m of alerts().slice(before)) {
      for (const d of burst) if (JSON.stringify(m.blocks).includes(`/docs/${d.id}`)) posted.push(d.id);
    }
    // All 45 (10 to an alert), none twice, in publication order: the poll reads back past the
    // first page (30, newest first) to the oldest unseen ones. (After the crash test, whose
    // bare poster does not wait out the emulator's real-time one-post-per-second channel limit.)
    expect(posted).toEqual(burst.map((d) => d.id));
  });

  it('lists the channel’s watches with a Remove button that removes the watch', async () => {
    const list = await commandReply(h, { command: '/research', text: 'watches' });
    expect(allText(list)).toContain('SH:600519');
    await clickEphemeral(h, list, button(list, 'rd.watch.remove'));
    await h.slack.waitFor(() => h.ephemerals().some((e) => e.text.includes('none yet')), 8_000);
    expect(await h.desk.stores.watches.listForChannel(h.slack.teamId, channel)).toEqual([]);
  });

  it('a watch added in a DM is the user’s own: its alerts go there, App Home lists it, and Remove there removes it', async () => {
    const dm = h.slack.defaultDmId;
    const added = await commandReply(h, { command: '/research', text: 'watch "solid-state battery" reports', channel: dm });
    expect(allText(added)).toContain('your DM');
    const restarted = replicas[replicas.length - 1]!;
    expect(await restarted.desk.watches.tick()).toMatchObject([{ channelId: dm, outcome: 'nothing_new' }]);
    const doc = h.service.publishDocument({ keyword: 'solid-state battery', category: 'reports', publishedAtMs: clock() });
    nextPoll();
    expect(outcomes(await restarted.desk.watches.tick())).toEqual(['posted']);
    const inDm = h.slack.channelMessages(dm).filter((m) => m.metadata?.event_type === WATCH_ALERT_EVENT_TYPE);
    expect(inDm).toHaveLength(1);
    expect(JSON.stringify(inDm[0]?.blocks)).toContain(doc.id);

    const seen = h.slack.homeViews.get(h.slack.defaultUserId)?.updates;
    expect((await h.slack.openHome(h.slack.defaultUserId)).ok).toBe(true);
    const home = await h.slack.waitFor(() => {
      const v = h.slack.homeViews.get(h.slack.defaultUserId);
      return v && (seen === undefined || v.updates > seen) ? v : undefined;
    }, 8_000);
    expect(allText({ blocks: home.view.blocks as unknown[] })).toContain('solid-state battery');
    const remove = button({ blocks: home.view.blocks as unknown[] }, 'rd.watch.remove');
    const before = home.updates;
    expect(
      (await h.slack.clickViewAction({ view_id: home.id, action_id: remove.action_id, ...(remove.value ? { value: remove.value } : {}) }))
        .ok,
    ).toBe(true);
    await h.slack.waitFor(() => ((h.slack.homeViews.get(h.slack.defaultUserId)?.updates ?? 0) > before ? true : undefined), 8_000);
    expect(await h.desk.stores.watches.listForTeam(h.slack.teamId)).toEqual([]);
  });
});

describe('watchlists on the embedded file store: a restart on the same DATA_DIR posts only new documents', () => {
  const clock = buildManualClock(T0);
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness({
      store: 'file',
      clock,
      serviceClock: clock,
      deskOverrides: { watchPollMs: POLL_MS, watchTimer: manualTimer, watchRetry: WATCH_RETRY },
    });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('posts each document once before and after the restart', async () => {
    const channel = h.slack.defaultChannelId;
    const alertsWith = (docId: string) =>
      h.slack
        .channelMessages(channel)
        .filter((m) => m.metadata?.event_type === WATCH_ALERT_EVENT_TYPE && JSON.stringify(m.blocks).includes(`/docs/${docId}`)).length;
    await commandReply(h, { command: '/research', text: 'watch $NVDA' });
    expect(outcomes(await h.desk.watches.tick())).toEqual(['nothing_new']);
    const before = h.service.publishDocument({ symbol: 'US:NVDA', title: 'NVIDIA before the restart', publishedAtMs: clock() });
    clock.advance(POLL_MS);
    expect(outcomes(await h.desk.watches.tick())).toEqual(['posted']);

    // The process ends; a new one opens the same DATA_DIR.
    await h.desk.stop();
    await h.store.close();
    const dataDir = h.dataDir ?? '';
    const store = await createFileStateStore({ dir: dataDir, logger: h.logger });
    const desk = await startResearchDesk({ ...h.deskOptions, store, port: 0 });
    try {
      const after = h.service.publishDocument({ symbol: 'US:NVDA', title: 'NVIDIA after the restart', publishedAtMs: clock() });
      clock.advance(POLL_MS);
      expect(outcomes(await desk.watches.tick())).toEqual(['posted']);
      clock.advance(POLL_MS);
      expect(outcomes(await desk.watches.tick())).toEqual(['nothing_new']);
      expect(alertsWith(before.id)).toBe(1);
      expect(alertsWith(after.id)).toBe(1);
    } finally {
      await desk.stop();
      await store.close();
    }
  });
});
