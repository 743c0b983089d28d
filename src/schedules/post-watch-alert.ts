/** The watch poller's seam to Slack: posting one alert (documents or an earnings eve). */
import type { WatchAlert, WatchRecord } from '../store/records.js';

/**
 * What a post attempt did. 'retryable_error' only when the message certainly did not reach
 * Slack; 'channel_gone' when the channel is archived or deleted or the app was removed.
 */
export type PostWatchAlertResult = 'posted' | 'channel_gone' | 'retryable_error';

export interface PostWatchAlertContext {
  attempt: number;
  /** The alert was claimed earlier (by us or a replica that died): look in Slack before posting. */
  recovered: boolean;
  /** When the alert was claimed (the earliest it can have been posted). */
  claimedAtMs: number;
}

export type PostWatchAlert = (
  watch: WatchRecord,
  alertId: string,
  alert: WatchAlert,
  context: PostWatchAlertContext,
) => Promise<PostWatchAlertResult>;
