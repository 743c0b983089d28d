/**
 * checkDigestChannel against the Slack emulator: a rate limit is reported as a rate limit, never
 * as a channel that could not be found.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSlackEmulator, type SlackEmulator } from '../../../src/emulators/slack/index.js';
import { createMemoryLogger } from '../../../src/observability/logger.js';
import { createRedactor } from '../../../src/observability/redactor.js';
import { createWebClient } from '../../../src/slack-api/create-web-client.js';
import { checkDigestChannel, describeChannelProblem } from '../../../src/slack/kit/check-digest-channel.js';

const TOKEN = 'xoxb-check-digest-channel-test';

describe('checkDigestChannel', () => {
  let slack: SlackEmulator;
  const now = 1_700_000_000_000;
  beforeAll(async () => {
    slack = await startSlackEmulator({
      port: 0,
      botToken: TOKEN,
      clock: () => now,
      rateLimits: { 'conversations.info': [{ perMinute: 1, burst: 1, scope: 'workspace' }] },
    });
  });
  afterAll(async () => slack?.close());

  it('says Slack is rate-limiting, with how long to wait, when conversations.info answers 429', async () => {
    const client = createWebClient({ token: TOKEN, apiUrl: slack.apiUrl, logger: createMemoryLogger(createRedactor([TOKEN])) });
    const ref = { id: slack.defaultChannelId, name: 'research' };
    expect(await checkDigestChannel(client, ref, slack.defaultChannelId)).toEqual({ ok: true, channelId: slack.defaultChannelId });

    const limited = await checkDigestChannel(client, ref, slack.defaultChannelId);
    expect(limited).toMatchObject({ ok: false, reason: 'rate_limited', retryAfterMs: 60_000 });
    if (limited.ok) throw new Error('expected a refusal');
    const text = describeChannelProblem(limited);
    expect(text).toContain('rate-limiting');
    expect(text).toContain('in about 60 s');
    expect(text).not.toContain('could not find');
  });
});
