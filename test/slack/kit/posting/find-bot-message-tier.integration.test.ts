import { WebClient } from '@slack/web-api';
import { afterEach, describe, expect, it } from 'vitest';
import { startSlackEmulator, type SlackEmulator, workspaceSeed } from '../../../../src/emulators/slack/index.js';
import { readPageSize } from '../../../../src/slack-api/app-distribution.js';
import { createRateBudget } from '../../../../src/slack-api/rate-budget.js';
import { findBotMessage } from '../../../../src/slack/kit/posting/find-bot-message.js';
import { createMemoryStateStore } from '../../../../src/store/memory-state-store.js';

const BOT = 'xoxb-find-bot-message-tier';
const CHANNEL = workspaceSeed.defaultChannelId;

describe('findBotMessage in the non-Marketplace tier', () => {
  let emu: SlackEmulator | undefined;
  afterEach(async () => {
    await emu?.close();
    emu = undefined;
  });

  const setUp = async (messages: number, spacingMs = 1000) => {
    const clock = { now: 1_700_000_000_000 };
    emu = await startSlackEmulator({ botToken: BOT, clock: () => clock.now, distribution: { seed: 'non-marketplace' } });
    const client = new WebClient(BOT, { slackApiUrl: emu.apiUrl, retryConfig: { retries: 0 }, rejectRateLimitedCalls: true });
    const since = clock.now;
    for (let i = 0; i < messages; i += 1) {
      clock.now += spacingMs;
      await client.chat.postMessage({ channel: CHANNEL, text: `message ${i}` });
    }
    const budget = createRateBudget({
      store: createMemoryStateStore({ clock: () => clock.now }),
      clock: () => clock.now,
      distribution: 'non-marketplace',
    });
    const reads = { pageSize: readPageSize('non-marketplace'), budget: { budget, teamId: workspaceSeed.teamId } };
    const history = () => (emu?.calls ?? []).filter((c) => c.method === 'conversations.history');
    return { clock, client, since, reads, history };
  };

  it('asks for pages of 15, one page per budget slot, and never meets a 429', async () => {
    const { clock, client, since, reads, history } = await setUp(20);
    const newest = (text: string) => (m: { text?: string }) => m.text === text;

    expect(await findBotMessage(client, CHANNEL, since, newest('message 19'), reads)).toMatchObject({ state: 'found' });
    // The oldest message is on the second page: its read has no slot this minute.
    expect(await findBotMessage(client, CHANNEL, since, newest('message 0'), reads)).toEqual({
      state: 'unverifiable',
      transient: true,
      code: 'ratelimited',
    });
    clock.now += 62_500;
    expect(await findBotMessage(client, CHANNEL, since, newest('message 10'), reads)).toMatchObject({ state: 'found' });

    expect(history().map((c) => [c.status, c.args.limit])).toEqual([
      [200, '15'],
      [200, '15'],
    ]);
  });

  it('the last-resort read after a restart: one page narrowed to the claim by oldest/latest, never a second', async () => {
    // A message a minute for 20 minutes; the claim was made 15 minutes in.
    const { clock, client, since, reads, history } = await setUp(20, 60_000);
    const claimedAtMs = since + 15 * 60_000;
    const lastResort = { ...reads, untilMs: clock.now, maxPages: 1 };
    expect(await findBotMessage(client, CHANNEL, claimedAtMs, (m) => m.text === 'message 16', lastResort)).toMatchObject({
      state: 'found',
    });
    expect(history().map((c) => [c.args.oldest, c.args.latest, c.args.limit])).toEqual([
      [String(claimedAtMs / 1000 - 300), String(Math.ceil(clock.now / 1000) + 300), '15'],
    ]);

    // From an earlier claim the window holds more than one page: not "absent", and no second read.
    clock.now += 62_500;
    expect(await findBotMessage(client, CHANNEL, since, (m) => m.text === 'message 0', { ...lastResort, untilMs: clock.now })).toEqual({
      state: 'unverifiable',
      transient: false,
      code: 'history_too_long',
    });
    expect(history().map((c) => c.status)).toEqual([200, 200]);
  });

  it('without the tier options the same lookup meets the emulator 429 (what the budget prevents)', async () => {
    const { client, since, history } = await setUp(20);
    const lookup = await findBotMessage(client, CHANNEL, since, (m) => m.text === 'message 0');
    expect(lookup).toMatchObject({ state: 'unverifiable', transient: true });
    expect(history().map((c) => c.status)).toEqual([200, 429]);
  });
});
