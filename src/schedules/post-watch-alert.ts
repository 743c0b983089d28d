/** The watch poller's seam to Slack: posting one alert (documents or an earnings eve). */
import type { WatchAlert, WatchRecord } from '../store/records.js';
import type { UnvouchedWindow } from './claim-trust.js';

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
  /**
   * A fresh alert the store cannot vouch for: its documents (or earnings eve) may have been
   * alerted within this window by a claim a rollback lost. Look before posting.
   */
  unvouched?: UnvouchedWindow;
}

export type PostWatchAlert = (
  watch: WatchRecord,
  alertId: string,
  alert: WatchAlert,
  context: PostWatchAlertContext,
) => Promise<PostWatchAlertResult>;
