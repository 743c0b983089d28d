/**
 * Looks in a channel's history for one watch alert (by its message metadata), before posting
 * again an alert whose earlier attempt may have landed. Given `earlier` (a poll whose claims the
 * store may have lost with a rollback), it also gathers what other alerts of the watch in the
 * window alerted: documents alerted there are not alerted again.
 * @see https://docs.slack.dev/reference/methods/conversations.history
 */
import type { WebClient } from '@slack/web-api';
import type { WatchAlert } from '../../store/records.js';
import { findBotMessage, type HistoryReadOptions } from '../kit/posting/find-bot-message.js';
import { alertedContentOf, isWatchAlert } from './watch-metadata.js';

export type PostedWatchAlertLookup =
  | { state: 'found'; ts: string }
  /** `alertedDocIds`: documents of the alert that earlier alerts of the watch carried. */
  | { state: 'absent'; alertedDocIds: ReadonlySet<string> }
  | { state: 'channel_gone'; code: string }
  | { state: 'unverifiable'; transient: boolean; code: string };

/** The alert a rollback may have repeated: its watch and what it alerts. */
export interface EarlierAlertQuery {
  watchId: string;
  alert: WatchAlert;
}

export async function findPostedWatchAlert(
  client: WebClient,
  channelId: string,
  alertId: string,
  sinceMs: number,
  reads: HistoryReadOptions = {},
  earlier?: EarlierAlertQuery,
): Promise<PostedWatchAlertLookup> {
  const wanted = earlier?.alert.kind === 'documents' ? new Set(earlier.alert.docs.map((d) => d.id)) : new Set<string>();
  const alertedDocIds = new Set<string>();
  const recognise = (message: { metadata?: unknown }): boolean => {
    if (isWatchAlert(message, alertId)) return true;
    const content = earlier ? alertedContentOf(message, earlier.watchId) : undefined;
    if (!earlier || !content) return false;
    if (earlier.alert.kind === 'earnings_eve') return content.date === earlier.alert.date;
    for (const id of content.docs ?? []) if (wanted.has(id)) alertedDocIds.add(id);
    // Found once every document was alerted; otherwise the rest of the page may hold more.
    return wanted.size > 0 && alertedDocIds.size === wanted.size;
  };
  // An alert is never posted before it was claimed (or, after a rollback, before `sinceMs`).
  const found = await findBotMessage(client, channelId, sinceMs, recognise, reads);
  if (found.state === 'found') return { state: 'found', ts: found.ts };
  return found.state === 'absent' ? { state: 'absent', alertedDocIds } : found;
}
