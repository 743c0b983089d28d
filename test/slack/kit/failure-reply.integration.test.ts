/**
 * failure-reply: each failure class becomes the right message and log line, and the message
 * reaches the user by response_url, else chat.postEphemeral (a real WebClient against the Slack
 * emulator), else a log line saying it could not — it never throws.
 */
import type { WebClient } from '@slack/web-api';
import type { RespondArguments, RespondFn } from '@slack/bolt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSlackEmulator, type SlackEmulator } from '../../../src/emulators/slack/index.js';
import { createMemoryLogger } from '../../../src/observability/logger.js';
import { createRedactor } from '../../../src/observability/redactor.js';
import { ServiceError, type ServiceErrorKind } from '../../../src/service/errors/service-error.js';
import { createWebClient } from '../../../src/slack-api/create-web-client.js';
import { SlackCallError } from '../../../src/slack-api/slack-call-error.js';
import { ACTION_IDS } from '../../../src/slack/blocks/action-ids.js';
import { failureMessage, replyWithFailure, withFailureReply } from '../../../src/slack/kit/failure-reply.js';

const CORRELATION = 'corr-123';
const buildServiceError = (kind: ServiceErrorKind, extra: Partial<ConstructorParameters<typeof ServiceError>[2]> = {}): ServiceError =>
  new ServiceError(kind, `${kind} happened`, { method: 'POST', path: '/v2/search', status: 500, ...extra });

const text = (m: { text?: string; blocks?: unknown[] }): string => `${m.text ?? ''}\n${JSON.stringify(m.blocks ?? [])}`;
const hasRetry = (m: { blocks?: unknown[] }): boolean => JSON.stringify(m.blocks ?? []).includes(ACTION_IDS.errorRetry);

function recordingRespond(fail = false): RespondFn & { sent: RespondArguments[] } {
  const sent: RespondArguments[] = [];
  const respond = async (message: string | RespondArguments) => {
    if (fail) throw new Error('response_url used up');
    sent.push(typeof message === 'string' ? { text: message } : message);
    return undefined as never;
  };
  return Object.assign(respond, { sent });
}

describe('failureMessage', () => {
  const retry = { actionValue: '{"cmd":"/research","text":"x"}' };

  it('names the refused input of a 422 and offers no retry', () => {
    const error = buildServiceError('validation', {
      status: 422,
      issues: [{ loc: ['body', 'categories', '0'], msg: "Input should be 'news'", type: 'enum' }],
    });
    const m = failureMessage(error, { correlationId: CORRELATION, retry, action: 'the search' });
    expect(text(m)).toContain('document type (type:)');
    expect(hasRetry(m)).toBe(false);
  });

  it('says to ask an admin on a 401, without a retry', () => {
    const m = failureMessage(buildServiceError('auth', { status: 401 }), { correlationId: CORRELATION, retry });
    expect(text(m)).toContain('ask a workspace admin');
    expect(hasRetry(m)).toBe(false);
  });

  it.each(['upstream', 'timeout', 'network', 'rate_limited'] as const)('offers Retry when %s', (kind) => {
    const m = failureMessage(buildServiceError(kind), { correlationId: CORRELATION, retry });
    expect(hasRetry(m)).toBe(true);
    expect(text(m)).toContain(CORRELATION);
  });

  it('says the service answered something unexpected on a bad response', () => {
    const m = failureMessage(buildServiceError('bad_response', { status: 200 }), { correlationId: CORRELATION, retry });
    expect(text(m)).toContain('could not read');
    expect(hasRetry(m)).toBe(false);
  });

  it('says a Slack rate limit is one, with how long to wait', () => {
    const limited = new SlackCallError({ method: 'chat.postMessage', code: 'ratelimited', outcome: 'failed', retryAfterMs: 30_000 });
    const m = failureMessage(limited, { correlationId: CORRELATION, action: 'the card' });
    expect(text(m)).toContain('Slack is rate-limiting me');
    expect(text(m)).toContain('in about 30 s');
    expect(text(m)).not.toContain('Something went wrong');
  });

  it('gives anything else a generic message with the correlation id', () => {
    const m = failureMessage(new TypeError('boom'), { correlationId: CORRELATION, action: 'the summary' });
    expect(text(m)).toContain('Something went wrong with the summary');
    expect(text(m)).toContain(CORRELATION);
    expect(text(m)).not.toContain('boom');
  });
});

describe('replyWithFailure', () => {
  let slack: SlackEmulator;
  let client: WebClient;
  beforeAll(async () => {
    slack = await startSlackEmulator({ port: 0, botToken: 'xoxb-failure-reply-test', rateLimits: 'off' });
    client = createWebClient({ token: 'xoxb-failure-reply-test', apiUrl: slack.apiUrl, logger: newLogger() });
  });
  afterAll(async () => slack?.close());

  const newLogger = () => createMemoryLogger(createRedactor([]), 'debug');

  it('answers on the response_url and logs one error line for a 401', async () => {
    const log = newLogger();
    const respond = recordingRespond();
    await replyWithFailure(buildServiceError('auth', { status: 401 }), { log, correlationId: CORRELATION, respond });
    expect(respond.sent).toHaveLength(1);
    expect(respond.sent[0]).toMatchObject({ response_type: 'ephemeral', replace_original: false });
    const errors = log.lines.filter((l) => l.includes('"level":"error"'));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(CORRELATION);
    expect(errors[0]).toContain('rejected the API key');
  });

  it('replaces the original message when asked', async () => {
    const respond = recordingRespond();
    await replyWithFailure(buildServiceError('upstream'), { log: newLogger(), correlationId: CORRELATION, respond, replaceOriginal: true });
    expect(respond.sent[0]).toMatchObject({ replace_original: true });
  });

  it('falls back to chat.postEphemeral when the response_url fails', async () => {
    const log = newLogger();
    await replyWithFailure(buildServiceError('timeout'), {
      log,
      correlationId: CORRELATION,
      respond: recordingRespond(true),
      postEphemeral: { client, channel: slack.defaultChannelId, user: slack.defaultUserId },
    });
    const shown = slack.ephemeralFor(slack.defaultUserId, slack.defaultChannelId).at(-1);
    expect(shown?.source).toBe('api');
    expect(shown?.text).toContain('did not answer in time');
    expect(log.lines.some((l) => l.includes('could not answer on the response_url'))).toBe(true);
  });

  it('logs, and does not throw, when nothing reaches the user', async () => {
    const log = newLogger();
    await expect(
      replyWithFailure(new Error('x'), {
        log,
        correlationId: CORRELATION,
        postEphemeral: { client, channel: 'C_DOES_NOT_EXIST', user: slack.defaultUserId },
      }),
    ).resolves.toBeUndefined();
    expect(log.lines.some((l) => l.includes('could not tell the user about a failure') && l.includes('channel_not_found'))).toBe(true);
  });

  it('withFailureReply turns a thrown error into a reply', async () => {
    const respond = recordingRespond();
    await withFailureReply(
      async () => {
        throw buildServiceError('network');
      },
      { log: newLogger(), correlationId: CORRELATION, respond, retry: { actionValue: '{}' } },
    );
    expect(JSON.stringify(respond.sent[0])).toContain(ACTION_IDS.errorRetry);
  });
});
