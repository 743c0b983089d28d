/**
 * Looks in a channel's history, from a moment on, for the first message of ours that a predicate
 * recognises (by its message metadata). What digests and watch alerts both do before posting
 * again something whose earlier attempt may have landed: a replica that died mid-post, or a post
 * whose answer was lost. Reads at most 5 pages (of 200, or of the tier's page size: 15 for a
 * non-Marketplace app); more history than that is "unverifiable", never "absent". Given the shared
 * rate budget, each page takes a conversations.history slot first (`maxPages` 1 and `untilMs` make
 * the last-resort read after a restart one page of the claim's window); a page the budget refuses now
 * makes the lookup "unverifiable" and transient (ask again later), never a call Slack would refuse.
 * @see https://docs.slack.dev/changelog/2025/05/29/rate-limit-changes-for-non-marketplace-apps
 * @see https://docs.slack.dev/reference/methods/conversations.history
 */
import type { ConversationsHistoryResponse, WebClient } from '@slack/web-api';
import type { RateBudget } from '../../../slack-api/rate-budget.js';
import { SLACK_METHOD } from '../../../slack-api/slack-method.js';
import { classifySlackFailure } from './classify-slack-failure.js';

type HistoryMessage = NonNullable<ConversationsHistoryResponse['messages']>[number];

export type BotMessageLookup =
  | { state: 'found'; ts: string; message: HistoryMessage }
  | { state: 'absent' }
  | { state: 'channel_gone'; code: string }
  /** `transient`: Slack may answer later (rate limit, network, 5xx); otherwise it never will (scope, method). */
  | { state: 'unverifiable'; transient: boolean; code: string };

/** Nothing is posted before it was claimed; this absorbs clock skew between us and Slack. */
const SKEW_SECONDS = 300;
const PAGE_SIZE = 200;
const MAX_PAGES = 5;

export interface HistoryReadOptions {
  /** `limit` of each page (readPageSize of the app's tier); default 200. */
  pageSize?: number;
  /** The process's shared rate budget and the workspace the channel belongs to. */
  budget?: { budget: RateBudget; teamId: string };
  /**
   * The latest the message can have been posted (`latest`, widened by the skew): with `oldest`
   * it narrows the read to the claim's window, so one page of the tier's size is enough.
   */
  untilMs?: number;
  /** Pages read at most (default 5); a last-resort read after a restart reads one. */
  maxPages?: number;
}

export async function findBotMessage(
  client: WebClient,
  channelId: string,
  sinceMs: number,
  recognise: (message: HistoryMessage) => boolean,
  reads: HistoryReadOptions = {},
): Promise<BotMessageLookup> {
  const oldest = String(Math.max(0, Math.floor(sinceMs / 1000) - SKEW_SECONDS));
  const latest = reads.untilMs === undefined ? undefined : String(Math.ceil(reads.untilMs / 1000) + SKEW_SECONDS);
  let cursor: string | undefined;
  for (let page = 0; page < (reads.maxPages ?? MAX_PAGES); page += 1) {
    let res: ConversationsHistoryResponse;
    if (reads.budget) {
      const slot = await reads.budget.budget.tryTake(reads.budget.teamId, SLACK_METHOD.history, channelId);
      if (!slot.granted) return { state: 'unverifiable', transient: true, code: 'ratelimited' };
    }
    try {
      res = await client.conversations.history({
        channel: channelId,
        oldest,
        ...(latest ? { latest, inclusive: true } : {}),
        limit: reads.pageSize ?? PAGE_SIZE,
        include_all_metadata: true,
        ...(cursor ? { cursor } : {}),
      });
    } catch (error) {
      const failure = classifySlackFailure('conversations.history', error);
      if (failure.kind === 'channel_gone') return { state: 'channel_gone', code: failure.code };
      // Rate limits, outages and network failures pass; a missing scope or method does not.
      return { state: 'unverifiable', transient: failure.error.retryable, code: failure.code };
    }
    const hit = (res.messages ?? []).find((m) => typeof m.ts === 'string' && typeof m.bot_id === 'string' && recognise(m));
    if (hit?.ts) return { state: 'found', ts: hit.ts, message: hit };
    cursor = res.response_metadata?.next_cursor || undefined;
    if (!res.has_more || !cursor) return { state: 'absent' };
  }
  // More history since then than we are willing to read: we cannot say it is absent.
  return { state: 'unverifiable', transient: false, code: 'history_too_long' };
}
