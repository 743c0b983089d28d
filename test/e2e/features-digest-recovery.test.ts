/**
 * Digest recovery after a replica dies mid-slot (issue 6): the dead replica is simulated with the
 * real store APIs (its digest lock and a slot claim it never completes) and, when it got that
 * far, its digest really posted through the Slack emulator's Web API with the poster's metadata
 * (but no snapshot saved: it died right after the post). The app and the Slack emulator share one
 * manual clock, so message ts and the poster's `oldest` bound are on the same time base, as in
 * production. Digests are counted per channel by their metadata in the emulator. Slack pushes no
 * message_metadata_posted in this file, so the channel's history is what settles a pending claim;
 * digest-watch-restart-tier.test.ts covers the push and the non-Marketplace tier.
 */
import { createSingleWorkspace } from '../../src/workspaces/single-workspace.js';
import type { WebClient } from '@slack/web-api';
import type { DigestSnapshot } from '../../src/store/records.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebClient } from '../../src/slack-api/create-web-client.js';
import { createDigestScheduler, FAST_DIGEST_RETRY } from '../../src/schedules/digest-scheduler.js';
import { digestMetadata } from '../../src/slack/concepts/digest/digest-metadata.js';
import { createSlackDigestPoster } from '../../src/slack/concepts/digest/post-digest-to-slack.js';
import type { ApiCall } from '../../src/emulators/slack/index.js';
import { buildManualClock, commandReply, digestsIn, invalidSlackCalls } from './features-helpers.js';
import { E2E_SECRETS, startHarness, type Harness } from './harness.js';

const T0 = Date.parse('2025-03-03T08:00:00.000Z');
const DAY = 24 * 60 * 60_000;
const slot = (day: number): string => new Date(Date.parse('2025-03-03T09:00:00.000Z') + day * DAY).toISOString();
const seconds = (iso: string): number => Date.parse(iso) / 1000;
const DEAD = 'replica-dead';
/**
 * The dead replica's digest lock: far longer than the test, so it cannot lapse while the machine
 * is busy; the test expires it explicitly once it has seen the survivor locked out.
 */
const DEAD_LOCK_TTL_MS = 10 * 60_000;

describe('digest recovery after a replica died mid-slot', () => {
  const clock = buildManualClock(T0);
  let h: Harness;
  let web: WebClient;
  let research: string;

  beforeAll(async () => {
    // The desk's scheduler ticks only when the test calls tick(), so each outcome is reported.
    // Slack pushes no message_metadata_posted here (no metadata subscriptions): the last-resort read decides.
    h = await startHarness({ store: 'redis', clock, digestTickMs: 60 * 60_000, slack: { clock, metadataSubscriptions: [] } });
    research = h.slack.defaultChannelId;
    web = createWebClient({ token: E2E_SECRETS.botToken, apiUrl: h.slack.apiUrl, logger: h.logger });
    await commandReply(h, { command: '/concepts', text: 'subscribe daily at:09:00 top:5' });
  });

  afterAll(async () => {
    if (h) {
      for (const key of await h.store.keys('')) await h.store.delete(key);
      await h.close();
    }
  });

  const slotsIn = (channel: string): string[] => digestsIn(h, channel).map((d) => d.slot);
  const marker = (s: string) => h.desk.stores.digestMarkers.getSlot(h.slack.teamId, research, s);
  const callsSince = (from: number, method: string): ApiCall[] =>
    h.slack.calls.slice(from).filter((c) => c.method === method && c.args.channel === research);
  const tickOutcomes = async (tick: () => Promise<Array<{ outcome: string }>>): Promise<string[]> => (await tick()).map((r) => r.outcome);

  /** A replica takes the channel's digest lock, claims the slot, and never completes it. */
  async function deadReplicaClaims(s: string): Promise<void> {
    expect(await h.desk.stores.digestLocks.acquire(h.slack.teamId, research, DEAD, DEAD_LOCK_TTL_MS)).toBe(true);
    expect(await h.desk.stores.digestMarkers.claimSlot(h.slack.teamId, research, s, DEAD)).toBe(true);
  }

  /** The dead replica's own post of the slot, with the metadata the poster puts on every digest. */
  async function deadReplicaPosts(s: string, snapshot?: DigestSnapshot): Promise<string> {
    const res = await web.chat.postMessage({
      channel: research,
      text: `Trending concepts (slot ${s})`,
      metadata: digestMetadata(s, snapshot),
    });
    if (!res.ts) throw new Error('no ts from chat.postMessage');
    return res.ts;
  }

  /**
   * The survivor is locked out until the dead replica's lock expires. The expiry is explicit (the
   * dead holder's lease removed, as its TTL running out would), so a busy machine cannot end the
   * lock before the survivor has been seen locked out.
   */
  async function lockedUntilDeadLockExpires(tick: () => Promise<Array<{ outcome: string }>>): Promise<void> {
    expect(await tickOutcomes(tick)).toEqual(['locked']);
    expect(await h.desk.stores.digestLocks.release(h.slack.teamId, research, DEAD)).toBe(true);
    expect(await h.desk.stores.digestLocks.holder(h.slack.teamId, research)).toBeNull();
  }

  it('takes over a slot claimed by a replica that died before posting, finds nothing in the channel and posts once', async () => {
    const s = slot(0);
    clock.set(Date.parse(s) + 10_000);
    await deadReplicaClaims(s);
    const from = h.slack.calls.length;
    const tick = () => h.desk.digests.tick();

    await lockedUntilDeadLockExpires(tick);
    expect(slotsIn(research)).toEqual([]);
    expect(await marker(s)).toEqual({ state: 'pending', holderId: DEAD });

    clock.advance(5_000);
    expect(await tickOutcomes(tick)).toEqual(['posted']);
    expect(slotsIn(research)).toEqual([s]);
    // It looked for the dead replica's digest (nothing there), then posted once.
    const history = callsSince(from, 'conversations.history');
    expect(history.map((c) => c.ok)).toEqual([true]);
    expect(Number(history[0]?.args.oldest)).toBe(seconds(s) - 300);
    expect(callsSince(from, 'chat.postMessage').filter((c) => c.ok)).toHaveLength(1);
    expect(await marker(s)).toMatchObject({ state: 'posted', holderId: h.desk.digests.instanceId });
    expect(h.logs.some((l) => l.includes('taking it over') && l.includes(DEAD))).toBe(true);

    // Later ticks leave the slot alone.
    clock.advance(60_000);
    expect(await tickOutcomes(tick)).toEqual(['already_handled']);
    expect(slotsIn(research)).toEqual([s]);
  });

  it('takes over a slot whose replica posted and died before marking it, finds its digest via history and does not post again', async () => {
    const s = slot(1);
    clock.set(Date.parse(s) + 5_000);
    await deadReplicaClaims(s);
    const deadTs = await deadReplicaPosts(s);
    const from = h.slack.calls.length;
    clock.set(Date.parse(s) + 20_000);
    const tick = () => h.desk.digests.tick();

    await lockedUntilDeadLockExpires(tick);
    expect(await tickOutcomes(tick)).toEqual(['posted']);
    expect(slotsIn(research)).toEqual([slot(0), s]);
    expect(callsSince(from, 'chat.postMessage')).toEqual([]);
    expect(await marker(s)).toMatchObject({ state: 'posted', holderId: h.desk.digests.instanceId });
    // No snapshot of this slot was saved (the replica died first): the channel's history decided.
    expect((await h.desk.stores.digestMarkers.getSnapshot(h.slack.teamId, research))?.slot).toBe(slot(0));
    expect(h.logs.some((l) => l.includes('found in the channel before re-posting') && l.includes(deadTs))).toBe(true);

    // One time base: Slack stamped the dead replica's post a few seconds after the slot, inside
    // the poster's window, while the previous slot's digest lies before it.
    const history = callsSince(from, 'conversations.history');
    expect(history.map((c) => c.ok)).toEqual([true]);
    const oldest = Number(history[0]?.args.oldest);
    expect(oldest).toBe(seconds(s) - 300);
    expect(Number(deadTs)).toBeGreaterThanOrEqual(seconds(s));
    expect(Number(deadTs)).toBeLessThan(seconds(s) + 60);
    expect(Number(digestsIn(h, research)[0]?.message.ts)).toBeLessThan(oldest);
  });

  it('keeps checking Slack when the history lookup of a taken-over slot fails for a while, rather than posting blind', async () => {
    const s = slot(2);
    clock.set(Date.parse(s) + 5_000);
    await deadReplicaClaims(s);
    await deadReplicaPosts(s);
    clock.set(Date.parse(s) + 20_000);
    // A surviving replica with fast retries, built from the same parts as the desk's.
    const survivor = createDigestScheduler({
      subscriptions: h.desk.stores.subscriptions,
      markers: h.desk.stores.digestMarkers,
      locks: h.desk.stores.digestLocks,
      clock,
      graceMs: 60 * 60_000,
      logger: h.logger,
      instanceId: 'replica-survivor',
      retry: FAST_DIGEST_RETRY,
      postDigest: createSlackDigestPoster({
        workspaces: createSingleWorkspace({ service: h.client, client: web, baseUrl: 'test', startedAtMs: clock() }),
        deps: { stores: h.desk.stores, logger: h.logger, clock },
      }),
    });
    const tick = () => survivor.tick();
    await lockedUntilDeadLockExpires(tick);

    // The workspace's conversations.history budget (Tier 3) is spent, and Slack's clock stands still.
    for (let i = 0; i < 60; i += 1) {
      const spent = await web.conversations.history({ channel: research, limit: 1 }).then(
        () => false,
        () => true,
      );
      if (spent) break;
    }
    expect(h.slack.calls.at(-1)).toMatchObject({ method: 'conversations.history', error: 'ratelimited' });
    const from = h.slack.calls.length;

    expect(await tickOutcomes(tick)).toEqual(['failed']);
    expect(callsSince(from, 'conversations.history').map((c) => c.error)).toEqual(Array(FAST_DIGEST_RETRY.retries + 1).fill('ratelimited'));
    // Still pending (not released): a fresh claim would post without looking.
    expect(await marker(s)).toEqual({ state: 'pending', holderId: 'replica-survivor' });

    clock.advance(2 * 60_000);
    expect(await tickOutcomes(tick)).toEqual(['posted']);
    expect(callsSince(from, 'chat.postMessage')).toEqual([]);
    expect(slotsIn(research)).toEqual([slot(0), slot(1), s]);
    expect(await marker(s)).toMatchObject({ state: 'posted', holderId: 'replica-survivor' });
    await survivor.stop();
  });

  it("restores the next digest's baseline from the snapshot a found digest carries in its metadata", async () => {
    const s = slot(3);
    clock.set(Date.parse(s) + 5_000);
    await deadReplicaClaims(s);
    const shown: DigestSnapshot = {
      slot: s,
      postedAtMs: Date.parse(s) + 5_000,
      concepts: [{ conceptId: 'c-x', name: 'Shown by the dead replica', trendingScore: 42.5 }],
    };
    await deadReplicaPosts(s, shown);
    const from = h.slack.calls.length;
    clock.set(Date.parse(s) + 20_000);
    const tick = () => h.desk.digests.tick();

    await lockedUntilDeadLockExpires(tick);
    expect(await tickOutcomes(tick)).toEqual(['posted']);
    expect(callsSince(from, 'chat.postMessage')).toEqual([]);
    expect(await h.desk.stores.digestMarkers.getSnapshot(h.slack.teamId, research)).toEqual(shown);
  });

  it('made no Slack call that failed validation', () => {
    expect(invalidSlackCalls(h)).toEqual([]);
  });
});
