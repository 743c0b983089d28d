/**
 * withRateLimitWait against the Slack emulator's rate limiter. The emulator runs on a clock the
 * test owns and the injected sleep moves that clock, so nothing waits on the machine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSlackEmulator, type SlackEmulator } from '../../src/emulators/slack/index.js';
import { createMemoryLogger } from '../../src/observability/logger.js';
import { createRedactor } from '../../src/observability/redactor.js';
import { createWebClient } from '../../src/slack-api/create-web-client.js';
import { backoffDelayMs, RATE_LIMIT_WAIT, type Sleep, withRateLimitWait } from '../../src/slack-api/rate-limit-wait.js';
import { isSlackCallError, SlackCallError } from '../../src/slack-api/slack-call-error.js';

const TOKEN = 'xoxb-rate-limit-wait-test';

describe('withRateLimitWait', () => {
  let slack: SlackEmulator;
  let now = 1_700_000_000_000;
  // chat.postMessage: one message, then one per second per channel; chat.postEphemeral: one per 10 s.
  beforeAll(async () => {
    slack = await startSlackEmulator({
      port: 0,
      botToken: TOKEN,
      clock: () => now,
      rateLimits: {
        'chat.postMessage': [{ perMinute: 60, burst: 1, scope: 'channel' }],
        'chat.postEphemeral': [{ perMinute: 6, burst: 1, scope: 'workspace' }],
      },
    });
  });
  afterAll(async () => slack?.close());

  const client = () => createWebClient({ token: TOKEN, apiUrl: slack.apiUrl, logger: createMemoryLogger(createRedactor([TOKEN])) });
  /** A sleep that only moves the emulator's clock (or not at all, to keep Slack refusing). */
  const steppingSleep = (waits: number[], step = true): Sleep => {
    return async (ms) => {
      waits.push(ms);
      if (step) now += ms;
    };
  };
  const callsOf = (method: string, from: number) => slack.calls.slice(from).filter((c) => c.method === method);
  const failureOf = async (promise: Promise<unknown>): Promise<SlackCallError> => {
    const error = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    if (!isSlackCallError(error)) throw new Error(`expected a SlackCallError, got ${String(error)}`);
    return error;
  };

  it('waits out Retry-After and sends the same call again', async () => {
    const c = client();
    const channel = slack.defaultChannelId;
    await c.chat.postMessage({ channel, text: 'takes the slot' });
    const from = slack.calls.length;
    const waits: number[] = [];
    const limited: number[] = [];
    const res = await withRateLimitWait(() => c.chat.postMessage({ channel, text: 'waits its turn' }), {
      method: 'chat.postMessage',
      policy: 'interactive',
      sleep: steppingSleep(waits),
      onRateLimited: (e) => {
        limited.push(e.retryAfterMs ?? -1);
      },
    });
    expect(res.ok).toBe(true);
    expect(waits).toEqual([1_000]);
    expect(limited).toEqual([1_000]);
    expect(callsOf('chat.postMessage', from).map((call) => call.status)).toEqual([429, 200]);
  });

  it('gives up after the policy’s attempts, with the rate limit as the error', async () => {
    const c = client();
    const channel = slack.secondChannelId;
    await c.chat.postMessage({ channel, text: 'takes the slot' });
    const from = slack.calls.length;
    const waits: number[] = [];
    const failure = await failureOf(
      withRateLimitWait(() => c.chat.postMessage({ channel, text: 'never fits' }), {
        method: 'chat.postMessage',
        policy: 'interactive',
        sleep: steppingSleep(waits, false),
      }),
    );
    expect(failure).toMatchObject({ method: 'chat.postMessage', code: 'ratelimited', rateLimited: true });
    expect(callsOf('chat.postMessage', from)).toHaveLength(RATE_LIMIT_WAIT.interactive.attempts);
    expect(waits).toEqual([1_000, 1_000]);
    now += 1_000;
  });

  it('does not make a person wait longer than the interactive policy allows; background waits', async () => {
    const c = client();
    const args = { channel: slack.defaultChannelId, user: slack.defaultUserId, text: 'ephemeral' };
    await c.chat.postEphemeral(args);
    const from = slack.calls.length;
    const waits: number[] = [];
    const limited: number[] = [];
    const failure = await failureOf(
      withRateLimitWait(() => c.chat.postEphemeral(args), {
        method: 'chat.postEphemeral',
        policy: 'interactive',
        sleep: steppingSleep(waits),
        onRateLimited: (e) => {
          limited.push(e.retryAfterMs ?? -1);
        },
      }),
    );
    // Told at once, and the budget still hears of the 429.
    expect(failure).toMatchObject({ rateLimited: true, retryAfterMs: 10_000 });
    expect(waits).toEqual([]);
    expect(limited).toEqual([10_000]);
    expect(callsOf('chat.postEphemeral', from)).toHaveLength(1);

    const res = await withRateLimitWait(() => c.chat.postEphemeral(args), {
      method: 'chat.postEphemeral',
      policy: 'background',
      sleep: steppingSleep(waits),
    });
    expect(res.ok).toBe(true);
    expect(waits).toEqual([10_000]);
  });

  it('does not resend a call Slack refused for another reason', async () => {
    const from = slack.calls.length;
    const waits: number[] = [];
    const failure = await failureOf(
      withRateLimitWait(() => client().chat.postMessage({ channel: 'C0NOSUCH01', text: 'x' }), {
        method: 'chat.postMessage',
        policy: 'background',
        sleep: steppingSleep(waits),
      }),
    );
    expect(failure).toMatchObject({ code: 'channel_not_found', outcome: 'failed', rateLimited: false });
    expect(callsOf('chat.postMessage', from)).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('stops waiting when its signal aborts', async () => {
    const c = client();
    const channel = slack.defaultChannelId;
    now += 5_000;
    await c.chat.postMessage({ channel, text: 'takes the slot' });
    const controller = new AbortController();
    const aborted = withRateLimitWait(() => c.chat.postMessage({ channel, text: 'abandoned' }), {
      method: 'chat.postMessage',
      policy: 'background',
      signal: controller.signal,
      sleep: (_ms, signal) =>
        new Promise((_resolve, reject) => {
          signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
          controller.abort(new Error('closing'));
        }),
    });
    await expect(aborted).rejects.toThrow('closing');
  });
});

describe('backoffDelayMs', () => {
  it('doubles from 1 s up to the relay write cap, or a cap the caller sets', () => {
    expect([1, 2, 3, 4, 5, 6, 40].map((n) => backoffDelayMs('relayWrite', n))).toEqual([
      1_000, 2_000, 4_000, 8_000, 15_000, 15_000, 15_000,
    ]);
    expect(backoffDelayMs('relayWrite', 3, undefined, 3_000)).toBe(3_000);
  });

  it('honours a longer Retry-After', () => {
    const limited = new SlackCallError({ method: 'chat.update', code: 'ratelimited', outcome: 'failed', retryAfterMs: 30_000 });
    expect(backoffDelayMs('relayWrite', 1, limited)).toBe(30_000);
    expect(backoffDelayMs('relayWrite', 1, new Error('network'))).toBe(1_000);
  });
});
