/**
 * Looks in a channel's history for our digest of one slot (by its message metadata). Used before
 * re-posting a slot whose earlier attempt may have landed: a replica that died mid-post, or a
 * post whose answer was lost.
 * @see https://docs.slack.dev/reference/methods/conversations.history
 */
import type { ConversationsHistoryResponse, WebClient } from '@slack/web-api';
import { classifySlackFailure } from './classify-slack-failure.js';
import { isDigestOfSlot, snapshotFromDigestMessage } from './digest-metadata.js';
import type { DigestSnapshot } from '../../store/records.js';

export type PostedDigestLookup =
  | { state: 'found'; ts: string; snapshot?: DigestSnapshot }
  | { state: 'absent' }
  | { state: 'channel_gone'; code: string }
  /** `transient`: Slack may answer later (rate limit, network, 5xx); otherwise it never will (scope, method). */
  | { state: 'unverifiable'; transient: boolean; code: string };

/** A digest is never posted before its slot; this absorbs clock skew between us and Slack. */
const SKEW_SECONDS = 300;
const PAGE_SIZE = 200;
const MAX_PAGES = 5;

export async function findPostedDigest(client: WebClient, channelId: string, slotIso: string): Promise<PostedDigestLookup> {
  const oldest = String(Math.floor(Date.parse(slotIso) / 1000) - SKEW_SECONDS);
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
    const hit = (res.messages ?? []).find((m) => typeof m.ts === 'string' && typeof m.bot_id === 'string' && isDigestOfSlot(m, slotIso));
    if (hit?.ts) {
      const snapshot = snapshotFromDigestMessage(hit, slotIso);
      return snapshot ? { state: 'found', ts: hit.ts, snapshot } : { state: 'found', ts: hit.ts };
    }
    cursor = res.response_metadata?.next_cursor || undefined;
    if (!res.has_more || !cursor) return { state: 'absent' };
  }
  // More history since the slot than we are willing to read: we cannot say it is absent.
  return { state: 'unverifiable', transient: false, code: 'history_too_long' };
}
