/** The scheduler's seam to Slack: posting one digest, and how its attempts are retried. */
import type { DigestSubscription } from '../store/records.js';
import type { UnvouchedWindow } from './claim-trust.js';

/**
 * What a post attempt did. Return 'retryable_error' only when the message certainly did not
 * reach Slack (a retry must not double-post); 'channel_gone' when the channel is archived or
 * deleted, or the app was removed from it or from the workspace; 'skipped' when nothing was
 * posted and retrying this slot cannot help, though a later slot may (the subscription's workspace
 * has not connected the research service, or is not installed): the slot is done, the
 * subscription stays active.
 */
export type PostDigestResult = 'posted' | 'channel_gone' | 'skipped' | 'retryable_error';

export interface PostDigestContext {
  /** 1 for the first attempt of this slot by this scheduler. */
  attempt: number;
  /** An earlier attempt by a replica that died left no outcome: check Slack before posting. */
  recovered: boolean;
  /**
   * A fresh claim the store cannot vouch for (it may have lost an earlier one with a rollback): the
   * digest, if that claim posted it, is in the channel within this window. Look before posting.
   */
  unvouched?: UnvouchedWindow;
}

export type PostDigest = (subscription: DigestSubscription, slotIso: string, context: PostDigestContext) => Promise<PostDigestResult>;

export interface DigestRetryPolicy {
  retries: number;
  minTimeoutMs: number;
  maxTimeoutMs: number;
}

/** Roughly 2 s, 4 s, 8 s, 16 s between attempts; a tick later the slot is tried again. */
export const DEFAULT_DIGEST_RETRY: DigestRetryPolicy = { retries: 4, minTimeoutMs: 2_000, maxTimeoutMs: 30_000 };
/** For tests: the same shape in milliseconds. */
export const FAST_DIGEST_RETRY: DigestRetryPolicy = { retries: 3, minTimeoutMs: 1, maxTimeoutMs: 5 };
