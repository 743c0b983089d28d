/**
 * Slack's Web API rate limits as data, so a benchmark can run at Slack's real limits.
 *
 * Model: one token bucket per rule × workspace (× channel for per-channel rules). A bucket holds
 * `burst` tokens and refills at `perMinute / 60` tokens per second. Slack's tiers read "N+ per minute":
 * N is a floor and "bursts are tolerated", so a bucket starts full at the per-minute count (an app may
 * spend a minute's allowance at once) and then sustains exactly N per minute. chat.postMessage is
 * "about 1 per second per channel, short bursts allowed but not guaranteed": burst 3 (conservative),
 * plus a workspace-wide cap for "several hundred per minute" (300).
 *
 * An installation's distribution changes two methods: a commercially distributed app not approved
 * for the Marketplace may call conversations.history and conversations.replies once per minute per
 * workspace (burst 1: the second call within a minute is refused), with `limit` clamped to 15
 * (web-api/conversations.ts); internal and Marketplace apps keep Tier 3.
 * @see https://docs.slack.dev/apis/web-api/rate-limits
 * @see https://docs.slack.dev/changelog/2025/05/29/rate-limit-changes-for-non-marketplace-apps
 */
export type AppDistribution = 'internal' | 'non-marketplace' | 'marketplace';

/** `limit` of conversations.history and conversations.replies for a non-Marketplace app: its default and its ceiling. */
export const NON_MARKETPLACE_PAGE_SIZE = 15;

const NON_MARKETPLACE_READS: ReadonlySet<string> = new Set(['conversations.history', 'conversations.replies']);

export interface RateLimitRule {
  perMinute: number;
  burst: number;
  /** Bucket key: per workspace, or per workspace × channel argument. */
  scope: 'workspace' | 'channel';
}

export type RateLimitTable = Record<string, RateLimitRule[]>;

const tier = (perMinute: number): RateLimitRule[] => [{ perMinute, burst: perMinute, scope: 'workspace' }];

/** The rules of `method` for an app distributed so, when they differ from the table's. */
export function distributionRules(distribution: AppDistribution, method: string): RateLimitRule[] | undefined {
  return distribution === 'non-marketplace' && NON_MARKETPLACE_READS.has(method) ? slackTiers.tier1 : undefined;
}

export const slackTiers = {
  tier1: tier(1),
  tier2: tier(20),
  tier3: tier(50),
  tier4: tier(100),
} as const;

export const slackRateLimitTable: RateLimitTable = {
  'auth.test': slackTiers.tier4,
  'chat.postMessage': [
    { perMinute: 60, burst: 3, scope: 'channel' },
    { perMinute: 300, burst: 300, scope: 'workspace' },
  ],
  'chat.postEphemeral': slackTiers.tier4,
  'chat.update': slackTiers.tier3,
  'chat.delete': slackTiers.tier3,
  'chat.startStream': slackTiers.tier2,
  'chat.appendStream': slackTiers.tier4,
  'chat.stopStream': slackTiers.tier2,
  'chat.unfurl': slackTiers.tier3,
  // @see https://docs.slack.dev/reference/methods/entity.presentDetails (Tier 3)
  'entity.presentDetails': slackTiers.tier3,
  // @see https://docs.slack.dev/reference/methods/functions.completeSuccess (Tier 3, like completeError)
  'functions.completeSuccess': slackTiers.tier3,
  'functions.completeError': slackTiers.tier3,
  'views.open': slackTiers.tier4,
  'views.update': slackTiers.tier4,
  'views.push': slackTiers.tier4,
  'views.publish': slackTiers.tier4,
  'files.getUploadURLExternal': slackTiers.tier4,
  'files.completeUploadExternal': slackTiers.tier4,
  // Canvases: create Tier 2, the rest Tier 3 (each method's reference page).
  // @see https://docs.slack.dev/reference/methods/canvases.create
  'canvases.create': slackTiers.tier2,
  'conversations.canvases.create': slackTiers.tier2,
  'canvases.edit': slackTiers.tier3,
  'canvases.delete': slackTiers.tier3,
  'canvases.sections.lookup': slackTiers.tier3,
  'canvases.access.set': slackTiers.tier3,
  'reactions.add': slackTiers.tier3,
  'reactions.remove': slackTiers.tier2,
  // Special tier; the brief's working assumption is 600/min per workspace.
  'assistant.threads.setStatus': [{ perMinute: 600, burst: 600, scope: 'workspace' }],
  'assistant.threads.setSuggestedPrompts': slackTiers.tier3,
  'assistant.threads.setTitle': slackTiers.tier3,
  // UNCONFIRMED: the method pages give no tier yet; Tier 3 like the assistant.threads writes.
  'agents.sessions.setStatus': slackTiers.tier3,
  'agents.sessions.rename': slackTiers.tier3,
  'conversations.info': slackTiers.tier3,
  'conversations.list': slackTiers.tier2,
  'conversations.replies': slackTiers.tier3,
  'conversations.history': slackTiers.tier3,
  'users.info': slackTiers.tier4,
  'users.conversations': slackTiers.tier3,
  // Tier 1 in older docs and the Java SDK, Tier 3 in Slack's current method metadata: the current docs win,
  // so a Socket Mode refresh can reconnect at once.
  'apps.connections.open': slackTiers.tier3,
};

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

interface Bucket {
  tokens: number;
  updatedAt: number;
}

/** Token buckets over an injected clock: no timers, so tests step time instead of sleeping. */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly table: RateLimitTable,
    private readonly clock: () => number,
    /** The distribution of the app installed as `workspace` (the key take is given); default internal. */
    private readonly distributionOf: (workspace: string) => AppDistribution = () => 'internal',
  ) {}

  /** Checks every rule of the method; spends one token from each only when all allow the call. */
  take(workspace: string, method: string, channel: string | undefined): RateLimitDecision {
    const tiered = distributionRules(this.distributionOf(workspace), method);
    const rules = tiered ?? this.table[method];
    if (rules === undefined || rules.length === 0) return { allowed: true };
    const now = this.clock();
    // A tier's own buckets: a workspace whose tier changes starts them full, as a new install does.
    const tag = tiered === undefined ? '' : 'tier:';
    const entries = rules.map((rule, i) => {
      const key = `${workspace}|${method}|${tag}${i}|${rule.scope === 'channel' ? (channel ?? '') : ''}`;
      const bucket = this.refill(key, rule, now);
      return { rule, bucket };
    });
    const blocked = entries.filter((e) => e.bucket.tokens < 1);
    if (blocked.length > 0) {
      const waitMs = Math.max(...blocked.map((e) => ((1 - e.bucket.tokens) * 60_000) / e.rule.perMinute));
      // Rounded to the millisecond first: float refill arithmetic must not turn 1.000000001 s into 2 s.
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(Math.round(waitMs) / 1000)) };
    }
    for (const e of entries) e.bucket.tokens -= 1;
    return { allowed: true };
  }

  private refill(key: string, rule: RateLimitRule, now: number): Bucket {
    let bucket = this.buckets.get(key);
    if (bucket === undefined) {
      bucket = { tokens: rule.burst, updatedAt: now };
      this.buckets.set(key, bucket);
      return bucket;
    }
    const elapsed = Math.max(0, now - bucket.updatedAt);
    bucket.tokens = Math.min(rule.burst, bucket.tokens + (elapsed * rule.perMinute) / 60_000);
    bucket.updatedAt = now;
    return bucket;
  }
}
