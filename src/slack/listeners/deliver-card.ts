/**
 * The ways a listener puts a rendered card in front of people. Every payload passes
 * clampMessage here, whatever the renderer already did, so nothing over Slack's limits leaves.
 */
import type { RespondArguments, RespondFn } from '@slack/bolt';
import type { WebClient } from '@slack/web-api';
import type { SlackMessage } from '../../slack-api/slack-message.js';
import { clampMessage } from '../blocks/limits.js';

/** Our structural Block Kit types → the SDK's argument shape (same JSON). */
export function respondArgs(message: SlackMessage, extra: Omit<RespondArguments, 'text' | 'blocks'> = {}): RespondArguments {
  const clamped = clampMessage(message);
  // Same JSON; the SDK's union types just do not know our structural block types.
  return { ...extra, text: clamped.text, blocks: clamped.blocks } as unknown as RespondArguments;
}

/** A new ephemeral message for the user (the command's or button's response_url). */
export async function respondEphemeral(respond: RespondFn, message: SlackMessage): Promise<void> {
  await respond(respondArgs(message, { response_type: 'ephemeral', replace_original: false }));
}

/** Replaces the message the button was on (ephemeral or not), e.g. paging or a retried error. */
export async function respondReplacing(respond: RespondFn, message: SlackMessage): Promise<void> {
  await respond(respondArgs(message, { replace_original: true }));
}

/** Removes the ephemeral message a button was on (after sharing it, for instance). */
export async function deleteOriginal(respond: RespondFn): Promise<void> {
  await respond({ delete_original: true });
}

/**
 * A respond that replaces the original message on its first ephemeral answer: a retried
 * command's result takes the place of the error card instead of piling up under it.
 */
export function replacingOnce(respond: RespondFn): RespondFn {
  let replaced = false;
  return (message) => {
    const args: RespondArguments = typeof message === 'string' ? { text: message } : message;
    if (replaced || args.response_type === 'in_channel' || args.delete_original) return respond(args);
    replaced = true;
    return respond({ ...args, replace_original: true });
  };
}

export interface PublicTarget {
  client: WebClient;
  channel: string;
  threadTs?: string;
  /** Used when the bot cannot post there itself (not a member, private channel). */
  respond?: RespondFn;
}

/** Slack error codes meaning "the bot may not write here", where response_url still works. */
const NOT_A_MEMBER = new Set(['not_in_channel', 'channel_not_found']);

export function slackErrorCode(error: unknown): string | undefined {
  const data = (error as { data?: { error?: unknown } } | undefined)?.data;
  return typeof data?.error === 'string' ? data.error : undefined;
}

/** Longest Retry-After a listener waits out: a person is waiting for the card. */
const MAX_RATE_LIMIT_WAIT_MS = 5_000;
const RATE_LIMIT_ATTEMPTS = 3;

/** Seconds Slack asked us to wait, when the error is a 429 (the client rejects rate-limited calls). */
function retryAfterMs(error: unknown): number | undefined {
  const e = error as { code?: unknown; retryAfter?: unknown } | undefined;
  if (e?.code !== 'slack_webapi_rate_limited_error') return undefined;
  return typeof e.retryAfter === 'number' && e.retryAfter >= 0 ? e.retryAfter * 1000 : 1000;
}

/**
 * chat.postMessage allows about one message per second per channel: a click that lands right
 * after another post waits its turn. A 429 means Slack did nothing, so resending is safe.
 */
export async function waitOutRateLimits<T>(call: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await call();
    } catch (error) {
      const wait = retryAfterMs(error);
      if (wait === undefined || wait > MAX_RATE_LIMIT_WAIT_MS || attempt >= RATE_LIMIT_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.max(wait, 50)));
    }
  }
}

/**
 * Posts a card in the channel (or thread) for everyone. The bot may not be in the channel:
 * then the response_url posts it `in_channel` instead, which needs no membership.
 * @returns the message ts when the Web API posted it.
 */
export async function postInChannel(target: PublicTarget, message: SlackMessage): Promise<{ ts?: string; via: 'api' | 'response_url' }> {
  const args = respondArgs(message, target.threadTs ? { thread_ts: target.threadTs } : {});
  try {
    const result = await waitOutRateLimits(() =>
      target.client.chat.postMessage({ ...(args as object), channel: target.channel } as Parameters<WebClient['chat']['postMessage']>[0]),
    );
    return typeof result.ts === 'string' ? { ts: result.ts, via: 'api' } : { via: 'api' };
  } catch (error) {
    const code = slackErrorCode(error);
    if (!target.respond || code === undefined || !NOT_A_MEMBER.has(code)) throw error;
    await target.respond({ ...args, response_type: 'in_channel', replace_original: false });
    return { via: 'response_url' };
  }
}

export interface EphemeralTarget {
  client: WebClient;
  channel: string;
  user: string;
  threadTs?: string;
}

/** An ephemeral message without a response_url (e.g. after a modal submission). */
export async function postEphemeralTo(target: EphemeralTarget, message: SlackMessage): Promise<void> {
  const args = respondArgs(message, target.threadTs ? { thread_ts: target.threadTs } : {});
  await waitOutRateLimits(() =>
    target.client.chat.postEphemeral({ ...(args as object), channel: target.channel, user: target.user } as Parameters<
      WebClient['chat']['postEphemeral']
    >[0]),
  );
}
