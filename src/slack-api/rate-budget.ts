/**
 * A rate budget per workspace × method (× channel where Slack scopes it so), shared by every run
 * and listener in the process and, through the StateStore's atomic `increment`, by every replica.
 * Time is cut into windows of one call each (see `planSlots`); a caller asks for the current
 * window and, when it is taken, learns when the next one opens. Build it once per process (the
 * composition root) and pass it in: its local knowledge of 429 blocks lives in the instance.
 */
import { RateWindows } from '../store/rate-windows.js';
import type { StateStore } from '../store/state-store.js';
import type { AppDistribution } from './app-distribution.js';
import { DEFAULT_SAFETY_MARGIN, planSlots, slackRateLimitsFor, type MethodRateLimit, type SlotPlan } from './rate-limits.js';
import type { SlackMethod } from './slack-method.js';

export type BudgetDecision = { granted: true } | { granted: false; retryInMs: number };

export interface RateBudget {
  /** Tries to take one call of `method`; `scopeId` is the channel for channel-scoped methods. */
  tryTake(teamId: string, method: SlackMethod, scopeId: string): Promise<BudgetDecision>;
  /** Marks the method unusable until `untilMs` (a 429's Retry-After), for every replica. */
  block(teamId: string, method: SlackMethod, scopeId: string, untilMs: number): Promise<void>;
  plan(method: SlackMethod): SlotPlan;
}

export interface RateBudgetOptions {
  store: StateStore;
  clock: () => number;
  margin?: number;
  /** The app's distribution, which sets its rate table (slackRateLimitsFor); default internal. */
  distribution?: AppDistribution;
  /** Overrides of the published limits (tests, or a workspace with a negotiated limit). */
  limits?: Partial<Record<SlackMethod, MethodRateLimit>>;
}

export function createRateBudget(options: RateBudgetOptions): RateBudget {
  const limits = { ...slackRateLimitsFor(options.distribution ?? 'internal'), ...options.limits };
  const plans = new Map<SlackMethod, SlotPlan>();
  const planFor = (method: SlackMethod): SlotPlan => {
    let plan = plans.get(method);
    if (!plan) {
      plan = planSlots(limits[method], options.margin ?? DEFAULT_SAFETY_MARGIN);
      plans.set(method, plan);
    }
    return plan;
  };
  // Channel-scoped methods get one counter per channel; workspace-scoped ones one per workspace.
  const channelOf = (method: SlackMethod, scopeId: string): string | undefined =>
    limits[method].scope === 'channel' ? scopeId : undefined;
  // Local knowledge of blocks saves a store round trip per attempt while a 429 lasts.
  const localBlocks = new Map<string, number>();

  const windows = new RateWindows(options.store);

  return {
    plan: planFor,
    async tryTake(teamId, method, scopeId) {
      const scope = { teamId, method, channelId: channelOf(method, scopeId) };
      const blockedKey = windows.blockId(scope);
      const now = options.clock();
      const localUntil = localBlocks.get(blockedKey) ?? 0;
      if (localUntil > now) return { granted: false, retryInMs: localUntil - now };
      const blockedUntil = await windows.blockedUntil(scope);
      if (blockedUntil > now) {
        localBlocks.set(blockedKey, blockedUntil);
        return { granted: false, retryInMs: blockedUntil - now };
      }
      const { mode, windowMs } = planFor(method);
      if (mode === 'spacing') return takeSpaced(options.store, `${blockedKey}:last`, windowMs, options.clock);
      const window = Math.floor(now / windowMs);
      const count = await windows.countCall(scope, window, windowMs * 2 + 1000);
      if (count <= 1) return { granted: true };
      return { granted: false, retryInMs: Math.max(1, (window + 1) * windowMs - options.clock()) };
    },
    async block(teamId, method, scopeId, untilMs) {
      const scope = { teamId, method, channelId: channelOf(method, scopeId) };
      const blockedKey = windows.blockId(scope);
      localBlocks.set(blockedKey, Math.max(untilMs, localBlocks.get(blockedKey) ?? 0));
      const ttl = Math.max(1, untilMs - options.clock());
      await windows.block(scope, untilMs, ttl);
    },
  };
}

/**
 * One call per `spacingMs` from the previous granted one, across replicas: the last grant's time is
 * replaced only if no other replica replaced it first. Compared on the injected clock; the key's
 * TTL only cleans up.
 */
async function takeSpaced(store: StateStore, key: string, spacingMs: number, clock: () => number): Promise<BudgetDecision> {
  const now = clock();
  const last = await store.get(key);
  const nextAt = last === null ? 0 : Number(last) + spacingMs;
  if (nextAt > now) return { granted: false, retryInMs: nextAt - now };
  const ttlMs = spacingMs * 2 + 1000;
  const won = last === null ? await store.setIfAbsent(key, String(now), ttlMs) : await store.replaceIfEquals(key, last, String(now), ttlMs);
  return won ? { granted: true } : { granted: false, retryInMs: spacingMs };
}
