/**
 * The ways a listener puts a rendered card in front of people. Every payload passes
 * clampMessage here, whatever the renderer already did, so nothing over Slack's limits leaves.
 * Every failure is thrown as a SlackCallError; a person is waiting, so a rate limit is waited
 * out under the `interactive` policy only.
 */
import type { RespondArguments, RespondFn } from '@slack/bolt';
import type { WebClient } from '@slack/web-api';
import { type Sleep, withRateLimitWait } from '../../slack-api/rate-limit-wait.js';
import { toSlackCallError } from '../../slack-api/slack-call-error.js';
import type { SlackMessage } from '../../slack-api/slack-message.js';
import { clampMessage } from '../blocks/limits.js';
import { recipientTeamArg } from './recipient-team.js';

/** What a failed post to a response_url is reported as (SlackCallError.method). */
export const RESPONSE_URL = 'response_url';

/** The clamped message with the response_url options (thread, response type, replacing). */
export function respondArgs(
  message: SlackMessage,
  extra: Pick<RespondArguments, 'response_type' | 'replace_original' | 'delete_original' | 'thread_ts'> = {},
): RespondArguments & { text: string; blocks: SlackMessage['blocks'] } {
  const clamped = clampMessage(message);
  return { ...extra, text: clamped.text, blocks: clamped.blocks };
}

/** Posts to the response_url; a failure (expired, used up, rate-limited) becomes a SlackCallError. */
async function respondOrThrow(respond: RespondFn, args: RespondArguments): Promise<void> {
  try {
    await respond(args);
  } catch (error) {
    throw toSlackCallError(RESPONSE_URL, error);
  }
}

/** A new ephemeral message for the user (the command's or button's response_url). */
export async function respondEphemeral(respond: RespondFn, message: SlackMessage): Promise<void> {
  await respondOrThrow(respond, respondArgs(message, { response_type: 'ephemeral', replace_original: false }));
}

/** Replaces the message the button was on (ephemeral or not), e.g. paging or a retried error. */
export async function respondReplacing(respond: RespondFn, message: SlackMessage): Promise<void> {
  await respondOrThrow(respond, respondArgs(message, { replace_original: true }));
}

/** Removes the ephemeral message a button was on (after sharing it, for instance). */
export async function deleteOriginal(respond: RespondFn): Promise<void> {
  await respondOrThrow(respond, { delete_original: true });
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
  /** Waits out a rate limit; injectable so tests drive time. */
  sleep?: Sleep;
}

/** Slack error codes meaning "the bot may not write here", where response_url still works. */
export const NOT_A_MEMBER: ReadonlySet<string> = new Set(['not_in_channel', 'channel_not_found']);

/**
 * Posts a card in the channel (or thread) for everyone. The bot may not be in the channel:
 * then the response_url posts it `in_channel` instead, which needs no membership.
 * chat.postMessage allows about one message per second per channel: a click that lands right
 * after another post waits its turn (a 429 means Slack did nothing, so resending is safe).
 * @returns the message ts when the Web API posted it.
 */
export async function postInChannel(target: PublicTarget, message: SlackMessage): Promise<{ ts?: string; via: 'api' | 'response_url' }> {
  const args = respondArgs(message, target.threadTs ? { thread_ts: target.threadTs } : {});
  try {
    const result = await withRateLimitWait(
      () =>
        target.client.chat.postMessage({
          channel: target.channel,
          text: args.text,
          blocks: args.blocks,
          ...(target.threadTs ? { thread_ts: target.threadTs } : {}),
        }),
      { method: 'chat.postMessage', policy: 'interactive', ...(target.sleep ? { sleep: target.sleep } : {}) },
    );
    return typeof result.ts === 'string' ? { ts: result.ts, via: 'api' } : { via: 'api' };
  } catch (error) {
    const failure = toSlackCallError('chat.postMessage', error);
    if (!target.respond || !NOT_A_MEMBER.has(failure.code)) throw failure;
    await respondOrThrow(target.respond, { ...args, response_type: 'in_channel', replace_original: false });
    return { via: 'response_url' };
  }
}

export interface EphemeralTarget {
  client: WebClient;
  channel: string;
  user: string;
  threadTs?: string;
  sleep?: Sleep;
  /** The user's own team when it is another organisation's (Slack Connect). */
  recipientTeamId?: string;
}

/** An ephemeral message without a response_url (e.g. after a modal submission). */
export async function postEphemeralTo(target: EphemeralTarget, message: SlackMessage): Promise<void> {
  const args = respondArgs(message, target.threadTs ? { thread_ts: target.threadTs } : {});
  await withRateLimitWait(
    () =>
      target.client.chat.postEphemeral({
        channel: target.channel,
        user: target.user,
        text: args.text,
        blocks: args.blocks,
        ...(target.threadTs ? { thread_ts: target.threadTs } : {}),
        ...recipientTeamArg(target.recipientTeamId),
      }),
    { method: 'chat.postEphemeral', policy: 'interactive', ...(target.sleep ? { sleep: target.sleep } : {}) },
  );
}
