/**
 * `SlackWriter` over @slack/web-api's WebClient. The client is built so the SDK never sleeps
 * through a rate limit or resends a write on its own (`rejectRateLimitedCalls`, no retries): the
 * relay's budget and scheduler decide, and a write whose outcome is unknown is reported as such.
 * @see https://docs.slack.dev/tools/node-slack-sdk/web-api#rate-limits
 */
import { ErrorCode, WebClient, LogLevel, type Logger as SlackLogger, type WebAPICallResult } from '@slack/web-api';
import type { Logger } from '../observability/logger.js';
import { SlackWriteError } from './slack-write-error.js';
import { SLACK_METHOD, type SlackBlock, type SlackThreadMessage, type SlackWriter, type StreamChunk } from './slack-writer.js';

export interface WebClientWriterOptions {
  token: string;
  /** Base URL of the Web API (the Slack emulator's apiUrl in tests); Slack's own by default. */
  apiUrl?: string;
  logger: Logger;
  /** Per-request timeout; a timed-out write has an unknown outcome. */
  timeoutMs?: number;
}

export function createWebClient(options: WebClientWriterOptions): WebClient {
  return new WebClient(options.token, {
    ...(options.apiUrl ? { slackApiUrl: options.apiUrl } : {}),
    rejectRateLimitedCalls: true,
    retryConfig: { retries: 0 },
    timeout: options.timeoutMs ?? 15_000,
    logger: toSlackLogger(options.logger),
    logLevel: LogLevel.WARN,
  });
}

export function createWebClientWriter(options: WebClientWriterOptions): SlackWriter {
  return createWriterFromClient(createWebClient(options));
}

/** Wraps an existing WebClient (it must be built with no retries and rejectRateLimitedCalls). */
export function createWriterFromClient(client: WebClient): SlackWriter {
  const call = async <T extends WebAPICallResult>(method: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw toWriteError(method, error);
    }
  };

  return {
    async postMessage({ channel, threadTs, text, blocks, metadata }) {
      const res = await call(SLACK_METHOD.postMessage, () =>
        client.chat.postMessage({
          channel,
          thread_ts: threadTs,
          text,
          blocks: blocks as never,
          ...(metadata ? { metadata: metadata as never } : {}),
        }),
      );
      return { ts: requireTs(SLACK_METHOD.postMessage, res.ts) };
    },
    async update({ channel, ts, text, blocks, metadata }) {
      await call(SLACK_METHOD.update, () =>
        client.chat.update({
          channel,
          ts,
          text,
          blocks: blocks as never,
          ...(metadata ? { metadata: metadata as never } : {}),
        }),
      );
    },
    async delete({ channel, ts }) {
      await call(SLACK_METHOD.delete, () => client.chat.delete({ channel, ts }));
    },
    async startStream({ channel, threadTs, chunks, recipientUserId, recipientTeamId }) {
      const res = await call(SLACK_METHOD.startStream, () =>
        client.chat.startStream({
          channel,
          thread_ts: threadTs,
          chunks: chunks as never,
          ...(recipientUserId ? { recipient_user_id: recipientUserId } : {}),
          ...(recipientTeamId ? { recipient_team_id: recipientTeamId } : {}),
        }),
      );
      return { ts: requireTs(SLACK_METHOD.startStream, res.ts) };
    },
    async appendStream({ channel, ts, chunks }) {
      await call(SLACK_METHOD.appendStream, () => client.chat.appendStream({ channel, ts, chunks: chunks as never }));
    },
    async stopStream({ channel, ts, chunks, metadata }) {
      await call(SLACK_METHOD.stopStream, () =>
        client.chat.stopStream({
          channel,
          ts,
          ...(chunks && chunks.length > 0 ? { chunks: chunks as never } : {}),
          ...(metadata ? { metadata: metadata as never } : {}),
        }),
      );
    },
    async replies({ channel, threadTs }) {
      const out: SlackThreadMessage[] = [];
      let cursor: string | undefined;
      // Bounded: a thread of a run never needs more than a few pages.
      for (let page = 0; page < 20; page += 1) {
        const res = await call(SLACK_METHOD.replies, () =>
          client.conversations.replies({
            channel,
            ts: threadTs,
            include_all_metadata: true,
            limit: 200,
            ...(cursor ? { cursor } : {}),
          }),
        );
        for (const m of res.messages ?? []) {
          if (typeof m.ts !== 'string') continue;
          out.push({
            ts: m.ts,
            ...(typeof m.text === 'string' ? { text: m.text } : {}),
            ...(Array.isArray(m.blocks) ? { blocks: m.blocks as SlackBlock[] } : {}),
            ...(typeof m.user === 'string' ? { user: m.user } : {}),
            ...(typeof m.bot_id === 'string' ? { botId: m.bot_id } : {}),
            ...(m.metadata ? { metadata: m.metadata as SlackThreadMessage['metadata'] & object } : {}),
          });
        }
        cursor = res.response_metadata?.next_cursor || undefined;
        if (!res.has_more || !cursor) break;
      }
      return out;
    },
    async setStatus({ channel, threadTs, status }) {
      await call(SLACK_METHOD.setStatus, () => client.assistant.threads.setStatus({ channel_id: channel, thread_ts: threadTs, status }));
    },
  };
}

function requireTs(method: string, ts: unknown): string {
  if (typeof ts === 'string' && ts.length > 0) return ts;
  // Slack said ok but gave no ts: the message may exist, so the outcome is unknown.
  throw new SlackWriteError({ method, code: 'missing_ts', outcome: 'unknown' });
}

/** Maps the SDK's error family onto ours. @see https://docs.slack.dev/tools/node-slack-sdk/web-api (what each means) */
export function toWriteError(method: string, error: unknown): SlackWriteError {
  const coded = error as { code?: string; data?: { error?: string }; retryAfter?: number; statusCode?: number };
  switch (coded?.code) {
    case ErrorCode.RateLimitedError:
      return new SlackWriteError({
        method,
        code: 'ratelimited',
        outcome: 'failed',
        retryAfterMs: Math.max(1, Number(coded.retryAfter ?? 1)) * 1000,
        cause: error,
      });
    case ErrorCode.PlatformError: {
      const code = coded.data?.error ?? 'unknown_error';
      return new SlackWriteError({ method, code, outcome: 'failed', cause: error });
    }
    case ErrorCode.HTTPError: {
      const status = Number(coded.statusCode ?? 0);
      // A 4xx was refused before doing anything; a 5xx may or may not have landed.
      return new SlackWriteError({
        method,
        code: `http_${status}`,
        outcome: status >= 400 && status < 500 ? 'failed' : 'unknown',
        cause: error,
      });
    }
    default:
      return new SlackWriteError({ method, code: 'network', outcome: 'unknown', cause: error });
  }
}

function toSlackLogger(logger: Logger): SlackLogger {
  const child = logger.child({ component: 'slack-web-api' });
  let level: LogLevel = LogLevel.WARN;
  const text = (msgs: unknown[]): string => msgs.map((m) => (typeof m === 'string' ? m : JSON.stringify(m))).join(' ');
  return {
    debug: (...msgs) => child.debug(text(msgs)),
    info: (...msgs) => child.info(text(msgs)),
    warn: (...msgs) => child.warn(text(msgs)),
    error: (...msgs) => child.error(text(msgs)),
    setLevel: (l) => {
      level = l;
    },
    getLevel: () => level,
    setName: () => undefined,
  };
}
