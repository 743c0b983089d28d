/**
 * Slack's published rate limits for the methods the app budgets, per distribution tier, and the
 * share of each the app allows itself. Limits apply per method × workspace (× channel for
 * chat.postMessage).
 * @see https://docs.slack.dev/apis/web-api/rate-limits
 */
import type { AppDistribution } from './app-distribution.js';
import { SLACK_METHOD, type SlackMethod } from './slack-method.js';

export type RateScope = 'workspace' | 'channel';

export interface MethodRateLimit {
  /** Slack's documented calls per minute (tier floor). */
  perMinute: number;
  scope: RateScope;
  tier: string;
}

/** The limits of an internal or Marketplace app (Tier 3 reads). */
export const SLACK_RATE_LIMITS: Readonly<Record<SlackMethod, MethodRateLimit>> = {
  [SLACK_METHOD.update]: { perMinute: 50, scope: 'workspace', tier: 'T3' },
  [SLACK_METHOD.delete]: { perMinute: 50, scope: 'workspace', tier: 'T3' },
  [SLACK_METHOD.appendStream]: { perMinute: 100, scope: 'workspace', tier: 'T4' },
  [SLACK_METHOD.startStream]: { perMinute: 20, scope: 'workspace', tier: 'T2' },
  [SLACK_METHOD.stopStream]: { perMinute: 20, scope: 'workspace', tier: 'T2' },
  // Special: about one message per second per channel (a workspace-wide cap also exists).
  [SLACK_METHOD.postMessage]: { perMinute: 60, scope: 'channel', tier: 'special' },
  [SLACK_METHOD.replies]: { perMinute: 50, scope: 'workspace', tier: 'T3' },
  [SLACK_METHOD.history]: { perMinute: 50, scope: 'workspace', tier: 'T3' },
  // Special; the Java SDK models 60/min per thread.
  [SLACK_METHOD.setStatus]: { perMinute: 60, scope: 'channel', tier: 'special' },
  // No tier published yet: budgeted as Tier 3 like the assistant.threads writes.
  [SLACK_METHOD.setSessionStatus]: { perMinute: 50, scope: 'workspace', tier: 'T3' },
  // @see https://docs.slack.dev/reference/methods/files.getUploadURLExternal (Tier 4)
  [SLACK_METHOD.getUploadUrl]: { perMinute: 100, scope: 'workspace', tier: 'T4' },
  // @see https://docs.slack.dev/reference/methods/files.completeUploadExternal (Tier 4)
  [SLACK_METHOD.completeUpload]: { perMinute: 100, scope: 'workspace', tier: 'T4' },
  // A Workflow Builder step's end. @see https://docs.slack.dev/reference/methods/functions.completeSuccess (Tier 3, like completeError)
  [SLACK_METHOD.completeFunction]: { perMinute: 50, scope: 'workspace', tier: 'T3' },
  [SLACK_METHOD.failFunction]: { perMinute: 50, scope: 'workspace', tier: 'T3' },
  // A Work Object's side panel (one call per panel opened). @see https://docs.slack.dev/reference/methods/entity.presentDetails (Tier 3)
  [SLACK_METHOD.presentDetails]: { perMinute: 50, scope: 'workspace', tier: 'T3' },
  // @see https://docs.slack.dev/reference/methods/canvases.create (Tier 2)
  [SLACK_METHOD.canvasCreate]: { perMinute: 20, scope: 'workspace', tier: 'T2' },
  // @see https://docs.slack.dev/reference/methods/canvases.edit (Tier 3)
  [SLACK_METHOD.canvasEdit]: { perMinute: 50, scope: 'workspace', tier: 'T3' },
};

/**
 * A commercially distributed app not approved for the Marketplace: history and replies once per
 * minute per workspace (2025-05-29 for new installs, 2025-09-02 for existing ones).
 * @see https://docs.slack.dev/changelog/2025/05/29/rate-limit-changes-for-non-marketplace-apps
 */
const NON_MARKETPLACE_READ: MethodRateLimit = { perMinute: 1, scope: 'workspace', tier: 'non-marketplace' };

/** The rate table of an app distributed so. */
export function slackRateLimitsFor(distribution: AppDistribution): Readonly<Record<SlackMethod, MethodRateLimit>> {
  if (distribution !== 'non-marketplace') return SLACK_RATE_LIMITS;
  return { ...SLACK_RATE_LIMITS, [SLACK_METHOD.replies]: NON_MARKETPLACE_READ, [SLACK_METHOD.history]: NON_MARKETPLACE_READ };
}

/** Fraction of a published limit the relay uses, leaving room for other features and clock skew. */
export const DEFAULT_SAFETY_MARGIN = 0.96;

export interface SlotPlan {
  /**
   * `windows`: at most one call per window and scope. `spacing`: at most one call per `windowMs`
   * counted from the last granted call, for limits too low for windows (two calls at the edges of
   * adjacent windows could fall within one minute).
   */
  mode: 'windows' | 'spacing';
  windowMs: number;
  /** Calls per minute the plan allows at most in any sliding minute. */
  worstCasePerMinute: number;
}

/**
 * One call per window, windows sized so that even two calls at the edges of adjacent windows keep
 * any sliding minute within the limit: floor(60 000 / windowMs) + 1 ≤ perMinute × margin. Below two
 * calls a minute no window size can promise that, so calls are spaced instead: one per
 * 60 000 / (perMinute × margin) ms from the previous one.
 */
export function planSlots(limit: MethodRateLimit, margin = DEFAULT_SAFETY_MARGIN): SlotPlan {
  const budgeted = limit.perMinute * margin;
  if (budgeted < 2) {
    const windowMs = Math.ceil(60_000 / budgeted);
    return { mode: 'spacing', windowMs, worstCasePerMinute: Math.ceil(60_000 / windowMs) };
  }
  const allowed = Math.max(1, Math.floor(budgeted) - 1);
  const windowMs = Math.ceil(60_000 / allowed);
  return { mode: 'windows', windowMs, worstCasePerMinute: Math.floor(60_000 / windowMs) + 1 };
}
