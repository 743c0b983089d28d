/**
 * The read of Slack that digests and watch alerts fall back on after a restart, when the store
 * holds no ts for a pending claim (neither the poster's answer nor Slack's message_metadata_posted
 * was recorded): one page of the tier's size (15 for a non-Marketplace app), narrowed to the
 * claim's window by `oldest`/`latest`, taken from the shared rate budget so Slack never answers 429.
 * @see https://docs.slack.dev/changelog/2025/05/29/rate-limit-changes-for-non-marketplace-apps
 */
import type { RateBudget } from '../../../slack-api/rate-budget.js';
import type { HistoryReadOptions } from './find-bot-message.js';

export interface HistoryReads {
  /** readPageSize of the app's tier. */
  pageSize: number;
  /** The process's shared rate budget. */
  budget: RateBudget;
}

/** Without `reads` (tests of the poster alone): the unbudgeted lookup of up to 5 pages, as before. */
export function lastResortRead(reads: HistoryReads | undefined, teamId: string, nowMs: number): HistoryReadOptions {
  if (reads === undefined) return {};
  return { pageSize: reads.pageSize, budget: { budget: reads.budget, teamId }, untilMs: nowMs, maxPages: 1 };
}
