/**
 * Paced posts share the process's rate budget (real Redis) and wait out Slack's 429s under the
 * `background` policy; the emulator and the budget run on one clock the test owns.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSlackEmulator, type SlackEmulator } from '../../../../src/emulators/slack/index.js';
import { createMemoryLogger } from '../../../../src/observability/logger.js';
import { createRedactor } from '../../../../src/observability/redactor.js';
import { createWebClient } from '../../../../src/slack-api/create-web-client.js';
import { createRateBudget } from '../../../../src/slack-api/rate-budget.js';
import type { Sleep } from '../../../../src/slack-api/rate-limit-wait.js';
import { channelPostPacer } from '../../../../src/slack/kit/pacing/channel-post-pacer.js';
import { postThreadMessages, postPacedMessage } from '../../../../src/slack/kit/pacing/post-paced-messages.js';
import { keys } from '../../../../src/store/keys.js';
import { createRedisStateStore } from '../../../../src/store/redis-state-store.js';
import { redisTestUrl } from '../../../store/store-harness.js';

const TOKEN = 'xoxb-paced-posts-test';

describe('postPacedMessage', () => {
  let slack: SlackEmulator;
  let now = 1_700_000_000_000;
  const clock = (): number => now;
  const store = createRedisStateStore({ url: redisTestUrl(), keyPrefix: `test:paced:${randomUUID().slice(0, 8)}:` });
  const log = createMemoryLogger(createRedactor([TOKEN]));
  const waits: number[] = [];
  const sleep: Sleep = async (ms) => {
    waits.push(ms);
    now += ms;
  };
  beforeAll(async () => {
    // Slack allows one message per 2 s here, half what the budget plans for: some posts meet a 429.
    slack = await startSlackEmulator({
      port: 0,
      botToken: TOKEN,
      clock,
      rateLimits: { 'chat.postMessage': [{ perMinute: 30, burst: 1, scope: 'channel' }] },
    });
  });
  afterAll(async () => {
    await slack?.close();
    for (const key of await store.keys('')) await store.delete(key);
    await store.close();
  });

  it('posts in order through the budget, records a 429 in it and waits it out', async () => {
    const budget = createRateBudget({ store, clock });
    const channel = slack.defaultChannelId;
    const pacer = channelPostPacer({ budget, clock }, { teamId: slack.teamId, channelId: channel }, log, { sleep });
    const client = createWebClient({ token: TOKEN, apiUrl: slack.apiUrl, logger: log });
    const from = slack.calls.length;

    const rootTs = await postPacedMessage(client, { channel }, { text: 'root', blocks: [] }, { pacer, sleep });
    const replies = await postThreadMessages(
      client,
      { channel, threadTs: rootTs },
      [
        { text: 'one', blocks: [] },
        { text: 'two', blocks: [] },
      ],
      { pacer, sleep },
    );

    expect(replies).toHaveLength(2);
    expect(slack.threadReplies(channel, rootTs).map((m) => m.text)).toEqual(['one', 'two']);
    const statuses = slack.calls.slice(from).map((c) => c.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses).toContain(429);
    // Every 429 reached the shared budget, for every replica to see.
    expect(Number(await store.get(keys.budgetBlocked(slack.teamId, 'chat.postMessage', channel)))).toBeGreaterThan(0);
    expect(waits.length).toBeGreaterThan(0);
  });
});
