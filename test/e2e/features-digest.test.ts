/**
 * Digest exactly-once (issue 6 acceptance): two app replicas on one Redis prefix race on every
 * tick while the test drives the clock through several daily slots; one replica is stopped
 * without releasing its leases and another started in its place; a third "replica" dies right
 * after posting, before it could mark the slot. Every slot is posted exactly once in every
 * subscribed channel, counted by the digest metadata in the Slack emulator.
 */
import { createSingleWorkspace } from '../../src/workspaces/single-workspace.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebClient } from '../../src/slack-api/create-web-client.js';
import { createSlackDigestPoster } from '../../src/slack/concepts/digest/post-digest-to-slack.js';
import { allText, button } from './command-helpers.js';
import {
  buildManualClock,
  commandReply,
  digestsIn,
  eventually,
  invalidSlackCalls,
  startReplica,
  type Replica,
} from './features-helpers.js';
import { E2E_SECRETS, startHarness, type Harness } from './harness.js';

const T0 = Date.parse('2025-03-03T08:00:00.000Z'); // a Monday
const DAY = 24 * 60 * 60_000;
const slot = (day: number): string => new Date(Date.parse('2025-03-03T09:00:00.000Z') + day * DAY).toISOString();

describe('digest exactly once across replicas and restarts', () => {
  const clock = buildManualClock(T0);
  let h: Harness;
  const replicas: Replica[] = [];
  let research: string;
  let markets: string;

  beforeAll(async () => {
    // Slack's clock is the test's too: its per-channel rate limits refill only as the test moves
    // time, so whether a post is refused never depends on how fast the machine is.
    h = await startHarness({ store: 'redis', clock, digestTickMs: 40, slack: { clock } });
    research = h.slack.defaultChannelId;
    markets = h.slack.secondChannelId;
    // 09:00 UTC in both channels, written two ways.
    await commandReply(h, { command: '/concepts', text: 'subscribe daily at:09:00 top:5' });
    await commandReply(h, { command: '/concepts', text: `subscribe <#${markets}|markets> daily at:17:00 tz:Asia/Shanghai top:3` });
    replicas.push(await startReplica(h, 'replica-b'));
  });

  afterAll(async () => {
    for (const r of replicas) await r.stop().catch(() => undefined);
    if (h) {
      for (const key of await h.store.keys('')) await h.store.delete(key);
      await h.close();
    }
  });

  const stopped = new Set<Replica>();
  /** The schedulers still ticking: the harness's desk and every replica not stopped. */
  const liveSchedulers = () => [h.desk.digests, ...replicas.filter((r) => !stopped.has(r)).map((r) => r.desk.digests)];

  /**
   * Waits until every live replica has run a tick that found `slot` done in each of `channels`.
   * A replica runs one tick at a time and a done slot stays done, so from then on no replica can
   * post it again: counting digests afterwards proves each was posted exactly once.
   */
  async function expectSettled(slotIso: string, channels: string[]): Promise<void> {
    type Reports = Awaited<ReturnType<typeof h.desk.digests.tick>>;
    let reports: Reports[] = [];
    const handled = (r: Reports, channel: string): boolean =>
      r.some((x) => x.channelId === channel && x.slotIso === slotIso && x.outcome === 'already_handled');
    await eventually(async () => {
      reports = await Promise.all(liveSchedulers().map((scheduler) => scheduler.tick()));
      return reports.every((r) => channels.every((c) => handled(r, c))) || undefined;
    }, 20_000).catch((error: unknown) => {
      // The last round of reports says which replica had not seen the slot done.
      expect(reports, String(error)).toEqual('every replica to report the slot already handled');
    });
  }

  /** Moves the clock, waits until the slot's digest is in both channels, then until every replica has seen it done. */
  async function driveTo(ms: number, expectedSlot: string, settled: string[] = [research, markets]): Promise<void> {
    clock.set(ms);
    await h.slack.waitFor(() => [research, markets].every((c) => digestsIn(h, c).some((d) => d.slot === expectedSlot)), 10_000);
    await expectSettled(expectedSlot, settled);
  }

  const slotsIn = (channel: string) => digestsIn(h, channel).map((d) => d.slot);

  it('posts the first slot once per channel while two replicas race for it', async () => {
    await driveTo(Date.parse(slot(0)) + 30_000, slot(0));
    expect(slotsIn(research)).toEqual([slot(0)]);
    expect(slotsIn(markets)).toEqual([slot(0)]);
    const first = digestsIn(h, research)[0]?.message;
    expect(allText(first ?? {})).toContain('First digest for this channel');
    expect(allText(first ?? {})).toMatch(/Trending concepts · 2025-03-03/);
  });

  it('posts the next slot once after a replica stops without releasing its leases', async () => {
    const b = replicas[0];
    if (!b) throw new Error('no replica-b');
    await b.stop({ releaseLeases: false });
    stopped.add(b);
    await driveTo(Date.parse(slot(1)) + 20_000, slot(1));
    expect(slotsIn(research)).toEqual([slot(0), slot(1)]);
    expect(slotsIn(markets)).toEqual([slot(0), slot(1)]);
    // The second digest reports what changed since the first.
    expect(allText(digestsIn(h, research)[1]?.message ?? {})).toMatch(/Since 2025-03-03: \d+ new, \d+ up, \d+ down/);
  });

  it('does not post again a slot whose replica died after posting but before marking it', async () => {
    replicas.push(await startReplica(h, 'replica-c'));
    const s = slot(2);
    const sub = await h.desk.stores.subscriptions.get(h.slack.teamId, markets);
    if (!sub) throw new Error('no #markets subscription');
    // A replica that holds the channel's lock and its claim on the slot, posts, and dies.
    const dead = 'replica-dead';
    expect(await h.desk.stores.digestLocks.acquire(h.slack.teamId, markets, dead, 10 * 60_000)).toBe(true);
    expect(await h.desk.stores.digestMarkers.claimSlot(h.slack.teamId, markets, s, dead)).toBe(true);
    const webClient = createWebClient({ token: E2E_SECRETS.botToken, apiUrl: h.slack.apiUrl, logger: h.logger });
    const deadPoster = createSlackDigestPoster({
      workspaces: createSingleWorkspace({ service: h.client, client: webClient, baseUrl: 'test', startedAtMs: clock() }),
      deps: { stores: h.desk.stores, logger: h.logger, clock },
    });
    clock.set(Date.parse(s) + 10_000);
    expect(await deadPoster(sub, s, { attempt: 1, recovered: false })).toBe('posted');

    // #markets stays locked by the dead replica while #research gets its digest.
    await driveTo(Date.parse(s) + 10_000, s, [research]);
    // Its lock expires (explicitly: a short real TTL could lapse early on a busy machine); a live
    // replica takes the pending slot over and finds the digest posted.
    expect(await h.desk.stores.digestLocks.release(h.slack.teamId, markets, dead)).toBe(true);
    await h.slack.waitFor(() => h.logs.some((l) => l.includes('taking it over') && l.includes(markets)), 10_000);
    await h.slack.waitFor(() => h.logs.some((l) => l.includes('already posted (snapshot saved)')), 10_000);
    await expectSettled(s, [research, markets]);
    expect(slotsIn(research)).toEqual([slot(0), slot(1), s]);
    expect(slotsIn(markets)).toEqual([slot(0), slot(1), s]);
    expect((await h.desk.stores.digestMarkers.getSlot(h.slack.teamId, markets, s))?.state).toBe('posted');
  });

  it('keeps posting each slot exactly once with the restarted replica racing the first; pauses a gone channel once', async () => {
    // A channel deleted after it subscribed (the command itself refuses unknown channels).
    const gone = 'C0GONE0001';
    await h.desk.stores.subscriptions.put({
      teamId: h.slack.teamId,
      channelId: gone,
      cadence: 'daily',
      time: '09:00',
      timeZone: 'UTC',
      top: 3,
      createdBy: h.slack.defaultUserId,
      createdAtMs: T0,
      paused: false,
    });
    await driveTo(Date.parse(slot(3)) + 5_000, slot(3));
    const paused = await h.desk.stores.subscriptions.get(h.slack.teamId, gone);
    expect(paused).toMatchObject({ paused: true, pausedReason: expect.stringContaining('channel_gone') });
    await driveTo(Date.parse(slot(4)) + 45_000, slot(4));
    const expected = [0, 1, 2, 3, 4].map(slot);
    expect(slotsIn(research)).toEqual(expected);
    expect(slotsIn(markets)).toEqual(expected);
    for (const s of expected) {
      expect((await h.desk.stores.digestMarkers.getSlot(h.slack.teamId, research, s))?.state).toBe('posted');
    }
    // Paused and reported once, not retried at the next slot.
    expect(h.logs.filter((l) => l.includes('"msg":"digest subscription paused"') && l.includes(gone))).toHaveLength(1);
    expect(h.slack.calls.filter((c) => c.method === 'chat.postMessage' && c.args.channel === gone)).toHaveLength(1);
  });

  it('expands a digest concept in the digest’s thread', async () => {
    const digest = digestsIn(h, research)[0]?.message;
    if (!digest) throw new Error('no digest');
    const expand = button(digest, 'rd.concept.expand');
    expect(
      (await h.slack.clickAction({ channel_id: research, message_ts: digest.ts, action_id: expand.action_id, value: expand.value ?? '' }))
        .ok,
    ).toBe(true);
    const detail = await h.slack.waitFor(() => h.slack.threadReplies(research, digest.ts).find((m) => m.bot_id === h.slack.botId), 8_000);
    expect(allText(detail)).toContain('Related stocks');
  });

  it('a digest post refused by Slack’s per-channel rate limit is retried once the limit allows, and lands once', async () => {
    const s = slot(5);
    // Just before the slot, something else spends #markets' burst of posts (3, then 1 a second).
    clock.set(Date.parse(s) - 500);
    const other = createWebClient({ token: E2E_SECRETS.botToken, apiUrl: h.slack.apiUrl, logger: h.logger });
    for (let i = 0; i < 3; i++) await other.chat.postMessage({ channel: markets, text: `market note ${i}` });
    const from = h.slack.calls.length;
    const digestPostsToMarkets = () =>
      h.slack.calls.slice(from).filter((c) => c.method === 'chat.postMessage' && c.args.channel === markets);
    // Half a second later the slot is due; #markets has half a post to spare, so Slack refuses the digest.
    clock.set(Date.parse(s));
    const refusal = await h.slack.waitFor(() => digestPostsToMarkets().find((c) => !c.ok), 10_000);
    expect(refusal).toMatchObject({ error: 'ratelimited', status: 429 });
    expect(slotsIn(markets)).not.toContain(s);
    // Two seconds on, the limit allows a post again: the scheduler's next attempt lands.
    clock.advance(2_000);
    await h.slack.waitFor(() => [research, markets].every((c) => digestsIn(h, c).some((d) => d.slot === s)), 30_000);
    await expectSettled(s, [research, markets]);
    const expected = [0, 1, 2, 3, 4, 5].map(slot);
    expect(slotsIn(markets)).toEqual(expected);
    expect(slotsIn(research)).toEqual(expected);
    // Every attempt before the last was refused (nothing landed twice); the last one posted.
    const attempts = digestPostsToMarkets();
    expect(attempts.length).toBeGreaterThanOrEqual(2);
    expect(attempts.slice(0, -1).map((c) => c.error)).toEqual(attempts.slice(0, -1).map(() => 'ratelimited'));
    expect(attempts.at(-1)?.ok).toBe(true);
  });

  it('made no Slack call that failed validation; every digest post Slack refused was rate-limited (and retried above)', () => {
    expect(invalidSlackCalls(h)).toEqual([]);
    const refused = h.slack.calls.filter((c) => c.method === 'chat.postMessage' && !c.ok && c.args.channel !== 'C0GONE0001');
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.map((c) => c.error)).toEqual(refused.map(() => 'ratelimited'));
  });
});
