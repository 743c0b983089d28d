/**
 * Looks in a channel's history for one watch alert (by its message metadata), before posting
 * again an alert whose earlier attempt may have landed.
 * @see https://docs.slack.dev/reference/methods/conversations.history
 */
import type { WebClient } from '@slack/web-api';
import { findBotMessage, type HistoryReadOptions } from '../kit/posting/find-bot-message.js';
import { isWatchAlert } from './watch-metadata.js';

export type PostedWatchAlertLookup =
  | { state: 'found'; ts: string }
  | { state: 'absent' }
  | { state: 'channel_gone'; code: string }
  | { state: 'unverifiable'; transient: boolean; code: string };

export async function findPostedWatchAlert(
  client: WebClient,
  channelId: string,
  alertId: string,
  claimedAtMs: number,
  reads: HistoryReadOptions = {},
): Promise<PostedWatchAlertLookup> {
  // An alert is never posted before it was claimed.
  const found = await findBotMessage(client, channelId, claimedAtMs, (m) => isWatchAlert(m, alertId), reads);
  return found.state === 'found' ? { state: 'found', ts: found.ts } : found;
}
