/**
 * Posts messages into a channel or thread within the shared chat.postMessage budget (about one
 * message per second per channel). A 429 is recorded in the budget, waited out (Retry-After) and
 * the same message sent again: a rate-limited call was refused, never half-done, so resending
 * cannot double-post. Any other failure is thrown: a write whose outcome is unknown is not repeated.
 * @see https://docs.slack.dev/apis/web-api/rate-limits
 */
import { ErrorCode, type WebClient } from '@slack/web-api';
import type { ChannelPostPacer } from './channel-post-pacer.js';

/** Text and blocks as rendered (our renderers clamp their own output). */
export interface PostableMessage {
  text: string;
  blocks: readonly unknown[];
}

export interface PacedPostOptions {
  pacer?: ChannelPostPacer;
  /** Waits out a rate limit; injectable so tests need not sleep. */
  sleep?: (ms: number) => Promise<void>;
  maxRateLimitWaits?: number;
}

const defaultSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Posts one message and returns its ts. */
export async function postPacedMessage(
  client: WebClient,
  target: { channel: string; threadTs?: string },
  message: PostableMessage,
  options: PacedPostOptions = {},
): Promise<string> {
  const sleep = options.sleep ?? defaultSleep;
  const args = {
    channel: target.channel,
    text: message.text,
    blocks: message.blocks,
    ...(target.threadTs ? { thread_ts: target.threadTs } : {}),
  } as Parameters<WebClient['chat']['postMessage']>[0];
  for (let waits = 0; ; waits += 1) {
    await options.pacer?.beforePost();
    try {
      const res = await client.chat.postMessage(args);
      if (typeof res.ts !== 'string' || res.ts === '') throw new MissingTsError();
      return res.ts;
    } catch (error) {
      const limited = error as { code?: string; retryAfter?: number };
      if (limited.code !== ErrorCode.RateLimitedError || waits >= (options.maxRateLimitWaits ?? 5)) throw error;
      const waitMs = Math.max(1, Number(limited.retryAfter ?? 1)) * 1000;
      await options.pacer?.rateLimited(waitMs);
      await sleep(waitMs);
    }
  }
}

/** Posts the messages into the thread in order; returns their ts. */
export async function postThreadMessages(
  client: WebClient,
  target: { channel: string; threadTs: string },
  messages: readonly PostableMessage[],
  options: PacedPostOptions = {},
): Promise<string[]> {
  const posted: string[] = [];
  for (const message of messages) posted.push(await postPacedMessage(client, target, message, options));
  return posted;
}

/** Slack said ok but gave no ts: the message may exist, so it is not posted again. */
export class MissingTsError extends Error {
  override readonly name = 'MissingTsError';
  constructor() {
    super('chat.postMessage answered ok without a message ts');
  }
}
