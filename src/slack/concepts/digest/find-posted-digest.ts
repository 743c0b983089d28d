/**
 * Looks in a channel's history for our digest of one slot (by its message metadata). Used before
 * re-posting a slot whose earlier attempt may have landed: a replica that died mid-post, or a
 * post whose answer was lost.
 * @see https://docs.slack.dev/reference/methods/conversations.history
 */
import type { WebClient } from '@slack/web-api';
import { findBotMessage, type HistoryReadOptions } from '../../kit/posting/find-bot-message.js';
import { isDigestOfSlot, snapshotFromDigestMessage } from './digest-metadata.js';
import type { DigestSnapshot } from '../../../store/records.js';

export type PostedDigestLookup =
  | { state: 'found'; ts: string; snapshot?: DigestSnapshot }
  | { state: 'absent' }
  | { state: 'channel_gone'; code: string }
  /** `transient`: Slack may answer later (rate limit, network, 5xx); otherwise it never will (scope, method). */
  | { state: 'unverifiable'; transient: boolean; code: string };

export async function findPostedDigest(
  client: WebClient,
  channelId: string,
  slotIso: string,
  reads: HistoryReadOptions = {},
): Promise<PostedDigestLookup> {
  // A digest is never posted before its slot.
  const found = await findBotMessage(client, channelId, Date.parse(slotIso), (m) => isDigestOfSlot(m, slotIso), reads);
  if (found.state !== 'found') return found;
  const snapshot = snapshotFromDigestMessage(found.message, slotIso);
  return snapshot ? { state: 'found', ts: found.ts, snapshot } : { state: 'found', ts: found.ts };
}
