/**
 * Looks in a channel's history for one watch alert (by its message metadata), before posting
 * again an alert whose earlier attempt may have landed.
 * @see https://docs.slack.dev/reference/methods/conversations.history
 */
import type { ConversationsHistoryResponse, WebClient } from '@slack/web-api';
import { classifySlackFailure } from '../digest/classify-slack-failure.js';
import { isWatchAlert } from './watch-metadata.js';

export type PostedWatchAlertLookup =
  | { state: 'found'; ts: string }
  | { state: 'absent' }
  | { state: 'channel_gone'; code: string }
  | { state: 'unverifiable'; transient: boolean; code: string };

/** An alert is never posted before it was claimed; this absorbs clock skew between us and Slack. */
const SKEW_SECONDS = 300;
const PAGE_SIZE = 200;
const MAX_PAGES = 5;

export async function findPostedWatchAlert(
  client: WebClient,
  channelId: string,
  alertId: string,
  claimedAtMs: number,
): Promise<PostedWatchAlertLookup> {
  const oldest = String(Math.max(0, Math.floor(claimedAtMs / 1000) - SKEW_SECONDS));
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
      return { state: 'unverifiable', transient: failure.error.retryable, code: failure.code };
    }
    const hit = (res.messages ?? []).find((m) => typeof m.ts === 'string' && typeof m.bot_id === 'string' && isWatchAlert(m, alertId));
    if (hit?.ts) return { state: 'found', ts: hit.ts };
    cursor = res.response_metadata?.next_cursor || undefined;
    if (!res.has_more || !cursor) return { state: 'absent' };
  }
  return { state: 'unverifiable', transient: false, code: 'history_too_long' };
}
