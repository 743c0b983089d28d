import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  harborWorkspace,
  RateLimiter,
  slackRateLimitTable,
  startSlackEmulator,
  type AppDistribution,
  type SlackEmulator,
  workspaceSeed,
} from '../../../src/emulators/slack/index.js';
import { install } from './oauth-helpers.js';

const START = 1_700_000_000_000;
const BOT = 'xoxb-tier-test-bot';

describe('non-Marketplace tier in the rate limiter (injected clock)', () => {
  const limiterFor = (tiers: Record<string, AppDistribution>) => {
    const clock = { now: START };
    const limiter = new RateLimiter(
      slackRateLimitTable,
      () => clock.now,
      (w) => tiers[w] ?? 'internal',
    );
    return { clock, limiter };
  };

  it.each(['conversations.history', 'conversations.replies'])('%s: once a minute per workspace, Retry-After to the minute', (method) => {
    const { clock, limiter } = limiterFor({ T1: 'non-marketplace' });
    expect(limiter.take('T1', method, 'C1').allowed).toBe(true);
    expect(limiter.take('T1', method, 'C2')).toEqual({ allowed: false, retryAfterSeconds: 60 });
    clock.now += 45_000;
    expect(limiter.take('T1', method, 'C1')).toEqual({ allowed: false, retryAfterSeconds: 15 });
    clock.now += 15_000;
    expect(limiter.take('T1', method, 'C1').allowed).toBe(true);
    expect(limiter.take('T1', method, 'C1').allowed).toBe(false);
  });

  it('holds each workspace and each method apart; internal and Marketplace keep Tier 3', () => {
    const { limiter } = limiterFor({ T1: 'non-marketplace', T2: 'internal', T3: 'marketplace' });
    expect(limiter.take('T1', 'conversations.history', 'C1').allowed).toBe(true);
    expect(limiter.take('T1', 'conversations.replies', 'C1').allowed).toBe(true);
    expect(limiter.take('T1', 'conversations.history', 'C1').allowed).toBe(false);
    for (const team of ['T2', 'T3']) {
      let n = 0;
      while (limiter.take(team, 'conversations.replies', 'C1').allowed) n += 1;
      expect(n).toBe(50);
    }
    // Other methods are untouched by the tier.
    expect(limiter.take('T1', 'chat.update', 'C1').allowed).toBe(true);
  });
});

describe('distribution tiers in the emulator', () => {
  let emu: SlackEmulator | undefined;
  let now = START;
  afterEach(async () => {
    await emu?.close();
    emu = undefined;
    now = START;
  });

  const start = async (distribution?: { seed?: AppDistribution; oauth?: AppDistribution }) => {
    emu = await startSlackEmulator({
      botToken: BOT,
      clock: () => now,
      oauth: { clientSecret: 'test-client-secret' },
      ...(distribution ? { distribution } : {}),
    });
    return emu;
  };

  /** A raw HTTP call, so a 429 is seen as Slack sends it (the SDK would retry it). */
  const call = async (e: SlackEmulator, token: string, method: string, args: Record<string, string>) => {
    const res = await fetch(`${e.apiUrl}${method}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: `Bearer ${token}` },
      body: new URLSearchParams(args).toString(),
    });
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as Record<string, unknown> };
  };

  const fillThread = async (e: SlackEmulator, token: string, channel: string, replies: number): Promise<string> => {
    const parent = await call(e, token, 'chat.postMessage', { channel, text: 'parent' });
    const ts = String(parent.body.ts);
    for (let i = 0; i < replies; i += 1) {
      // chat.postMessage's own limit (about one a second per channel): the clock moves, nobody waits.
      now += 1000;
      await call(e, token, 'chat.postMessage', { channel, thread_ts: ts, text: `reply ${i}` });
    }
    return ts;
  };

  const pageLength = (body: Record<string, unknown>): number => (body.messages as unknown[]).length;

  it('an OAuth install is non-Marketplace: limit clamped silently to 15, the second read within a minute answered 429', async () => {
    const e = await start();
    const token = (await install(e, { teamId: harborWorkspace.teamId })).access_token;
    const channel = harborWorkspace.researchChannelId;
    const ts = await fillThread(e, token, channel, 20);

    const first = await call(e, token, 'conversations.replies', { channel, ts, limit: '200' });
    expect(first.status).toBe(200);
    expect(pageLength(first.body)).toBe(15);
    expect(first.body.has_more).toBe(true);

    const second = await call(e, token, 'conversations.history', { channel });
    expect(second.status).toBe(200);
    expect(pageLength(second.body)).toBe(1);

    const refused = await call(e, token, 'conversations.replies', { channel, ts });
    expect(refused).toMatchObject({ status: 429, retryAfter: '60', body: { ok: false, error: 'ratelimited' } });
    now += 59_000;
    expect((await call(e, token, 'conversations.replies', { channel, ts })).retryAfter).toBe('1');
    now += 1000;
    const again = await call(e, token, 'conversations.replies', { channel, ts });
    expect(again.status).toBe(200);
    expect(pageLength(again.body)).toBe(15);

    const records = e.calls.filter((c) => c.method === 'conversations.replies');
    expect(records.map((c) => c.status)).toEqual([200, 429, 429, 200]);
  });

  it('the seed bot token stays internal (Tier 3, its own workspace), unless the option says otherwise', async () => {
    const e = await start();
    const harbor = (await install(e, { teamId: harborWorkspace.teamId })).access_token;
    const ts = await fillThread(e, BOT, workspaceSeed.defaultChannelId, 20);
    expect((await call(e, harbor, 'conversations.history', { channel: harborWorkspace.researchChannelId })).status).toBe(200);
    for (let i = 0; i < 5; i += 1) {
      const read = await call(e, BOT, 'conversations.replies', { channel: workspaceSeed.defaultChannelId, ts, limit: '200' });
      expect(read.status).toBe(200);
      expect(pageLength(read.body)).toBe(21);
    }
    await e.close();
    emu = undefined;

    const nonMarketplace = await start({ seed: 'non-marketplace', oauth: 'marketplace' });
    const seedTs = await fillThread(nonMarketplace, BOT, workspaceSeed.defaultChannelId, 20);
    const read = await call(nonMarketplace, BOT, 'conversations.replies', {
      channel: workspaceSeed.defaultChannelId,
      ts: seedTs,
    });
    expect(pageLength(read.body)).toBe(15);
    expect((await call(nonMarketplace, BOT, 'conversations.history', { channel: workspaceSeed.defaultChannelId })).status).toBe(200);
    expect((await call(nonMarketplace, BOT, 'conversations.history', { channel: workspaceSeed.defaultChannelId })).status).toBe(429);
    const marketplace = (await install(nonMarketplace, { teamId: harborWorkspace.teamId })).access_token;
    const ch = harborWorkspace.researchChannelId;
    for (let i = 0; i < 3; i += 1)
      expect((await call(nonMarketplace, marketplace, 'conversations.history', { channel: ch })).status).toBe(200);
  });

  it('keeps an OAuth install non-Marketplace across a restart from the state file', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'slack-tiers-'));
    const stateFile = path.join(dir, 'slack.json');
    try {
      const first = await startSlackEmulator({ botToken: BOT, clock: () => now, oauth: { clientSecret: 'secret' }, stateFile });
      const token = (await install(first, { teamId: harborWorkspace.teamId })).access_token;
      await first.close();
      emu = await startSlackEmulator({ botToken: BOT, clock: () => now, oauth: { clientSecret: 'secret' }, stateFile });
      const channel = harborWorkspace.researchChannelId;
      expect((await call(emu, token, 'conversations.history', { channel })).status).toBe(200);
      expect((await call(emu, token, 'conversations.history', { channel })).status).toBe(429);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
