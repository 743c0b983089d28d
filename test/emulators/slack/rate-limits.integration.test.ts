import { WebClient } from '@slack/web-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimiter, slackRateLimitTable, startSlackEmulator, type SlackEmulator } from '../../../src/emulators/slack/index.js';

function limiterAt(start = 1_700_000_000_000) {
  const clock = { now: start };
  return { clock, limiter: new RateLimiter(slackRateLimitTable, () => clock.now) };
}

/** How many calls pass at once from a full bucket. */
function burst(limiter: RateLimiter, method: string, channel?: string): number {
  let n = 0;
  while (limiter.take('T1', method, channel).allowed) n += 1;
  return n;
}

describe('rate-limit tiers (token buckets on an injected clock)', () => {
  it.each([
    ['apps.connections.open', 50, 'Tier 3 (current docs)'],
    ['chat.startStream', 20, 'Tier 2'],
    ['chat.stopStream', 20, 'Tier 2'],
    ['chat.update', 50, 'Tier 3'],
    ['chat.unfurl', 50, 'Tier 3'],
    ['conversations.replies', 50, 'Tier 3'],
    ['reactions.add', 50, 'Tier 3'],
    ['chat.postEphemeral', 100, 'Tier 4'],
    ['chat.appendStream', 100, 'Tier 4'],
    ['views.open', 100, 'Tier 4'],
    ['views.publish', 100, 'Tier 4'],
    ['files.getUploadURLExternal', 100, 'Tier 4'],
    ['assistant.threads.setStatus', 600, 'special'],
  ])('%s allows a burst of %i (%s), then refills at that rate per minute', (method, perMinute) => {
    const { clock, limiter } = limiterAt();
    expect(burst(limiter, method)).toBe(perMinute);
    const denied = limiter.take('T1', method, undefined);
    expect(denied).toEqual({ allowed: false, retryAfterSeconds: Math.ceil(60 / perMinute) });
    clock.now += 60_000 / perMinute;
    expect(limiter.take('T1', method, undefined).allowed).toBe(true);
    expect(limiter.take('T1', method, undefined).allowed).toBe(false);
    clock.now += 60_000;
    expect(burst(limiter, method)).toBe(perMinute);
  });

  it('chat.postMessage: about 1 per second per channel with a burst of 3', () => {
    const { clock, limiter } = limiterAt();
    expect(burst(limiter, 'chat.postMessage', 'C1')).toBe(3);
    expect(limiter.take('T1', 'chat.postMessage', 'C1')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(limiter.take('T1', 'chat.postMessage', 'C2').allowed).toBe(true);
    clock.now += 1000;
    expect(limiter.take('T1', 'chat.postMessage', 'C1').allowed).toBe(true);
    expect(limiter.take('T1', 'chat.postMessage', 'C1').allowed).toBe(false);
  });

  it('chat.postMessage: a workspace-wide cap of 300 per minute across channels', () => {
    const { limiter } = limiterAt();
    let allowed = 0;
    for (let c = 0; c < 200; c += 1) allowed += burst(limiter, 'chat.postMessage', `C${c}`);
    expect(allowed).toBe(300);
  });

  it('buckets are per workspace', () => {
    const { limiter } = limiterAt();
    expect(burst(limiter, 'chat.startStream')).toBe(20);
    expect(limiter.take('T2', 'chat.startStream', undefined).allowed).toBe(true);
  });

  it('Tier 1 tables allow 1 per minute', () => {
    const clock = { now: 0 };
    const limiter = new RateLimiter({ 'x.y': [{ perMinute: 1, burst: 1, scope: 'workspace' }] }, () => clock.now);
    expect(limiter.take('T1', 'x.y', undefined).allowed).toBe(true);
    expect(limiter.take('T1', 'x.y', undefined)).toEqual({ allowed: false, retryAfterSeconds: 60 });
    clock.now += 59_000;
    expect(limiter.take('T1', 'x.y', undefined)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    clock.now += 1000;
    expect(limiter.take('T1', 'x.y', undefined).allowed).toBe(true);
  });
});

describe('rate limits over HTTP', () => {
  const clock = { now: 1_700_000_000_000 };
  let emu: SlackEmulator;
  beforeAll(async () => {
    emu = await startSlackEmulator({ clock: () => clock.now });
  });
  afterAll(() => emu.close());

  it('answers 429 with Retry-After and ratelimited, and logs it', async () => {
    const post = () =>
      fetch(`${emu.apiUrl}chat.postMessage`, {
        method: 'POST',
        headers: { Authorization: 'Bearer xoxb-emulator-bot-token', 'Content-Type': 'application/json' },
        body: JSON.stringify({ channel: emu.secondChannelId, text: 'hi' }),
      });
    for (let i = 0; i < 3; i += 1) expect((await post()).status).toBe(200);
    const limited = await post();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(await limited.json()).toEqual({ ok: false, error: 'ratelimited' });
    const last = emu.calls[emu.calls.length - 1];
    expect(last).toMatchObject({ method: 'chat.postMessage', ok: false, error: 'ratelimited', status: 429 });
  });

  it('WebClient with rejectRateLimitedCalls sees slack_webapi_rate_limited_error', async () => {
    const client = new WebClient('xoxb-emulator-bot-token', {
      slackApiUrl: emu.apiUrl,
      rejectRateLimitedCalls: true,
      retryConfig: { retries: 0 },
    });
    await client.chat.postMessage({ channel: emu.defaultChannelId, text: '1' });
    await client.chat.postMessage({ channel: emu.defaultChannelId, text: '2' });
    await client.chat.postMessage({ channel: emu.defaultChannelId, text: '3' });
    await expect(client.chat.postMessage({ channel: emu.defaultChannelId, text: '4' })).rejects.toMatchObject({
      code: 'slack_webapi_rate_limited_error',
      retryAfter: 1,
    });
    clock.now += 1000;
    await expect(client.chat.postMessage({ channel: emu.defaultChannelId, text: '5' })).resolves.toMatchObject({ ok: true });
  });

  it("rateLimits: 'off' disables limits", async () => {
    const free = await startSlackEmulator({ rateLimits: 'off' });
    try {
      const client = new WebClient('xoxb-emulator-bot-token', { slackApiUrl: free.apiUrl, retryConfig: { retries: 0 } });
      for (let i = 0; i < 6; i += 1) await client.chat.postMessage({ channel: free.defaultChannelId, text: String(i) });
      expect(free.calls.filter((c) => c.ok)).toHaveLength(6);
    } finally {
      await free.close();
    }
  });
});
