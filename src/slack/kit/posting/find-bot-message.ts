/**
 * Looks in a channel's history, from a moment on, for the first message of ours that a predicate
 * recognises (by its message metadata). What digests and watch alerts both do before posting
 * again something whose earlier attempt may have landed: a replica that died mid-post, or a post
 * whose answer was lost. Reads at most 5 pages of 200; more history than that is "unverifiable",
 * never "absent".
 * @see https://docs.slack.dev/reference/methods/conversations.history
 */
import type { ConversationsHistoryResponse, WebClient } from '@slack/web-api';
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

export async function findBotMessage(
  client: WebClient,
  channelId: string,
  sinceMs: number,
  recognise: (message: HistoryMessage) => boolean,
): Promise<BotMessageLookup> {
  const oldest = String(Math.max(0, Math.floor(sinceMs / 1000) - SKEW_SECONDS));
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    let res: ConversationsHistoryResponse;
    try {
      res = await client.conversations.history({
        channel: channelId,
        oldest,
        limit: PAGE_SIZE,
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
