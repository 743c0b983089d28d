/**
 * Slack's published rate limits for the methods the relay calls, and the share of each the relay
 * allows itself. Limits apply per method × workspace (× channel for chat.postMessage).
 * @see https://docs.slack.dev/apis/web-api/rate-limits
 */
import { SLACK_METHOD, type SlackMethod } from './slack-method.js';

export type RateScope = 'workspace' | 'channel';

export interface MethodRateLimit {
  /** Slack's documented calls per minute (tier floor). */
  perMinute: number;
  scope: RateScope;
  tier: string;
}

export const SLACK_RATE_LIMITS: Readonly<Record<SlackMethod, MethodRateLimit>> = {
  [SLACK_METHOD.update]: { perMinute: 50, scope: 'workspace', tier: 'T3' },
  [SLACK_METHOD.delete]: { perMinute: 50, scope: 'workspace', tier: 'T3' },
  [SLACK_METHOD.appendStream]: { perMinute: 100, scope: 'workspace', tier: 'T4' },
  [SLACK_METHOD.startStream]: { perMinute: 20, scope: 'workspace', tier: 'T2' },
  [SLACK_METHOD.stopStream]: { perMinute: 20, scope: 'workspace', tier: 'T2' },
  // Special: about one message per second per channel (a workspace-wide cap also exists).
  [SLACK_METHOD.postMessage]: { perMinute: 60, scope: 'channel', tier: 'special' },
  [SLACK_METHOD.replies]: { perMinute: 50, scope: 'workspace', tier: 'T3' },
  // Special; the Java SDK models 60/min per thread.
  [SLACK_METHOD.setStatus]: { perMinute: 60, scope: 'channel', tier: 'special' },
  // No tier published yet: budgeted as Tier 3 like the assistant.threads writes.
  [SLACK_METHOD.setSessionStatus]: { perMinute: 50, scope: 'workspace', tier: 'T3' },
  // @see https://docs.slack.dev/reference/methods/files.getUploadURLExternal (Tier 4)
  [SLACK_METHOD.getUploadUrl]: { perMinute: 100, scope: 'workspace', tier: 'T4' },
  // @see https://docs.slack.dev/reference/methods/files.completeUploadExternal (Tier 4)
  [SLACK_METHOD.completeUpload]: { perMinute: 100, scope: 'workspace', tier: 'T4' },
};

/** Fraction of a published limit the relay uses, leaving room for other features and clock skew. */
export const DEFAULT_SAFETY_MARGIN = 0.96;

export interface SlotPlan {
  /** Length of one budget window; at most one call is granted per window and scope. */
  windowMs: number;
  /** Calls per minute the plan allows at most in any sliding minute. */
  worstCasePerMinute: number;
}

/**
 * One call per window, windows sized so that even two calls at the edges of adjacent windows keep
 * any sliding minute within the limit: floor(60 000 / windowMs) + 1 ≤ perMinute × margin.
 */
export function planSlots(limit: MethodRateLimit, margin = DEFAULT_SAFETY_MARGIN): SlotPlan {
  const allowed = Math.max(1, Math.floor(limit.perMinute * margin) - 1);
  const windowMs = Math.ceil(60_000 / allowed);
  return { windowMs, worstCasePerMinute: Math.floor(60_000 / windowMs) + 1 };
}
