/**
 * Posts a run's message in its thread without ever posting it twice. When the outcome of a post is
 * unknown (network error, 5xx, a crash before its ts was saved), the thread is read back
 * (conversations.replies with metadata) and a message already carrying this run and part is
 * adopted instead of posting again.
 */
import { findRunMessages, type RunMessageMetadata } from './run-message-metadata.js';
import type { SlackMessage } from '../../slack-api/slack-message.js';
import { isSlackCallError, SlackCallError } from '../../slack-api/slack-call-error.js';
import { SLACK_METHOD, type SlackThreadMessage, type SlackWriter } from './slack-writer.js';
import type { UpdateScheduler } from './update-scheduler.js';

export interface ThreadTarget {
  runId: string;
  teamId: string;
  channelId: string;
  threadTs: string;
  /**
   * A Slack ts no message of the run is older than (its reply, once known): a read starts there, so
   * one page mostly holds everything. Without it the whole thread is read.
   */
  oldestTs?: string;
}

/** Pages of one thread read at most: a run writes a handful of messages after its start. */
const MAX_THREAD_PAGES = 10;

export interface ThreadWriteDeps {
  slack: SlackWriter;
  scheduler: UpdateScheduler;
  clock: () => number;
}

/**
 * Reads the run's part of its thread: from its reply on when known (the run's other messages are
 * all newer; Slack's own ts, so no clock of ours is compared with Slack's), one page per turn of
 * the scheduler, so every page waits for its own slot of the rate budget.
 * A non-Marketplace app may read a thread once a minute, 15 messages a page: paging at once would
 * meet a 429 on page 2 and start over.
 * @see https://docs.slack.dev/changelog/2025/05/29/rate-limit-changes-for-non-marketplace-apps
 */
export async function readThread(target: ThreadTarget, deps: ThreadWriteDeps, since?: number): Promise<SlackThreadMessage[]> {
  const oldestTs = target.oldestTs;
  const out: SlackThreadMessage[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_THREAD_PAGES; page += 1) {
    const at = cursor;
    const { messages, nextCursor } = await deps.scheduler.schedule(
      { ...target, method: SLACK_METHOD.replies, since: since ?? deps.clock() },
      () =>
        deps.slack.replies({
          channel: target.channelId,
          threadTs: target.threadTs,
          ...(oldestTs ? { oldestTs } : {}),
          ...(at ? { cursor: at } : {}),
        }),
    );
    out.push(...messages);
    cursor = nextCursor;
    if (!cursor) break;
  }
  return out;
}

/** The run's existing message for `part`, if the thread has one. */
async function findPart(target: ThreadTarget, part: number, deps: ThreadWriteDeps): Promise<string | undefined> {
  const thread = await readThread(target, deps);
  return findRunMessages(thread, target.runId).get(part)?.ts;
}

export interface PostOrAdoptOptions {
  /** Look in the thread before the first attempt (after a crash or restart). */
  lookFirst: boolean;
  since?: number;
  /** How many unknown outcomes to tolerate before giving up. */
  maxAttempts?: number;
}

/** Returns the ts of the run's message for this part, posting it only if Slack has none. */
export async function postOrAdopt(
  target: ThreadTarget,
  message: SlackMessage,
  metadata: RunMessageMetadata,
  deps: ThreadWriteDeps,
  options: PostOrAdoptOptions,
): Promise<{ ts: string; adopted: boolean }> {
  const part = metadata.event_payload.part;
  let look = options.lookFirst;
  const attempts = options.maxAttempts ?? 4;
  let lastError: unknown;
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    if (look) {
      const existing = await findPart(target, part, deps);
      if (existing) return { ts: existing, adopted: true };
    }
    try {
      const { ts } = await deps.scheduler.schedule(
        { ...target, method: SLACK_METHOD.postMessage, since: options.since ?? deps.clock() },
        () =>
          deps.slack.postMessage({
            channel: target.channelId,
            threadTs: target.threadTs,
            text: message.text,
            blocks: message.blocks,
            metadata,
          }),
      );
      return { ts, adopted: false };
    } catch (error) {
      if (!isSlackCallError(error) || !error.retryable) throw error;
      lastError = error;
      // The post may have landed only when its outcome is unknown; a refused one (429, connection
      // never opened) is simply sent again.
      look = error.outcome === 'unknown';
    }
  }
  throw lastError instanceof SlackCallError
    ? lastError
    : new SlackCallError({ method: SLACK_METHOD.postMessage, code: 'outcome_unknown', outcome: 'unknown' });
}
