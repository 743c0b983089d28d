/**
 * Posts messages into a channel or thread within the shared chat.postMessage budget (about one
 * message per second per channel). A 429 is recorded in the budget and waited out under the
 * `background` policy: a rate-limited call was refused, never half-done, so resending cannot
 * double-post. Any other failure is thrown as a SlackCallError: a write whose outcome is unknown
 * is not repeated.
 * @see https://docs.slack.dev/apis/web-api/rate-limits
 */
import type { WebClient } from '@slack/web-api';
import { type Sleep, withRateLimitWait } from '../../../slack-api/rate-limit-wait.js';
import { SlackCallError } from '../../../slack-api/slack-call-error.js';
import { SLACK_METHOD } from '../../../slack-api/slack-method.js';
import type { SlackMessage } from '../../../slack-api/slack-message.js';
import type { ChannelPostPacer } from './channel-post-pacer.js';

export interface PacedPostOptions {
  pacer?: ChannelPostPacer;
  /** Waits out a rate limit; injectable so tests need not sleep. */
  sleep?: Sleep;
}

/** Posts one message and returns its ts. */
export async function postPacedMessage(
  client: WebClient,
  target: { channel: string; threadTs?: string },
  message: SlackMessage,
  options: PacedPostOptions = {},
): Promise<string> {
  const args = {
    channel: target.channel,
    text: message.text,
    blocks: message.blocks,
    ...(target.threadTs ? { thread_ts: target.threadTs } : {}),
  };
  const res = await withRateLimitWait(
    async () => {
      await options.pacer?.beforePost();
      return client.chat.postMessage(args);
    },
    {
      method: SLACK_METHOD.postMessage,
      policy: 'background',
      ...(options.sleep ? { sleep: options.sleep } : {}),
      onRateLimited: (error) => options.pacer?.rateLimited(error.retryAfterMs ?? 1_000),
    },
  );
  if (typeof res.ts === 'string' && res.ts !== '') return res.ts;
  // Slack said ok but gave no ts: the message exists, so it is not posted again.
  throw new SlackCallError({ method: SLACK_METHOD.postMessage, code: 'missing_ts', outcome: 'unknown' });
}

/** Posts the messages into the thread in order; returns their ts. */
export async function postThreadMessages(
  client: WebClient,
  target: { channel: string; threadTs: string },
  messages: readonly SlackMessage[],
  options: PacedPostOptions = {},
): Promise<string[]> {
  const posted: string[] = [];
  for (const message of messages) posted.push(await postPacedMessage(client, target, message, options));
  return posted;
}
