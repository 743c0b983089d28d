/**
 * How the app is distributed, which decides its rate tier for conversations.history and
 * conversations.replies. Since 2025-05-29 (new installs) and 2025-09-02 (existing ones), a
 * commercially distributed app not approved for the Slack Marketplace may call each once per minute,
 * with `limit` at most (and by default) 15; internal and Marketplace apps keep Tier 3.
 * @see https://docs.slack.dev/apis/web-api/rate-limits
 * @see https://docs.slack.dev/changelog/2025/05/29/rate-limit-changes-for-non-marketplace-apps
 */
export const APP_DISTRIBUTIONS = ['internal', 'non-marketplace', 'marketplace'] as const;

export type AppDistribution = (typeof APP_DISTRIBUTIONS)[number];

/** Slack's `limit` ceiling (and default) for history and replies in the non-Marketplace tier. */
export const NON_MARKETPLACE_PAGE_SIZE = 15;

/** The page the app asks for in the other tiers (Slack recommends no more than 200). */
export const TIER3_PAGE_SIZE = 200;

/** The `limit` the app sends with conversations.history and conversations.replies in this tier. */
export function readPageSize(distribution: AppDistribution): number {
  return distribution === 'non-marketplace' ? NON_MARKETPLACE_PAGE_SIZE : TIER3_PAGE_SIZE;
}

/** Unset: one workspace's bot token from the environment is an internal app; OAuth distribution is not approved for the Marketplace until said so. */
export function defaultDistribution(oauth: boolean): AppDistribution {
  return oauth ? 'non-marketplace' : 'internal';
}
