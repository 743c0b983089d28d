/**
 * The shared counters behind the Slack rate budget (src/slack-api/rate-budget.ts): calls taken in
 * each time window, and until when a 429 blocks a method, per workspace × method (× channel for
 * channel-scoped methods). Through the StateStore's atomic increment every replica shares them.
 */
import { keys } from './keys.js';
import type { StateStore } from './state-store.js';

/** A workspace's method, and the channel when Slack limits the method per channel. */
export interface RateScope {
  teamId: string;
  method: string;
  channelId: string | undefined;
}

export class RateWindows {
  constructor(private readonly store: StateStore) {}

  /** The key that names a scope's block; also a stable id for caching it locally. */
  blockId(scope: RateScope): string {
    return keys.budgetBlocked(scope.teamId, scope.method, scope.channelId);
  }

  /** Epoch ms until which the scope is blocked (0 when it is not). */
  async blockedUntil(scope: RateScope): Promise<number> {
    return Number((await this.store.get(this.blockId(scope))) ?? 0);
  }

  async block(scope: RateScope, untilMs: number, ttlMs: number): Promise<void> {
    await this.store.set(this.blockId(scope), String(untilMs), ttlMs);
  }

  /** Counts one call in `window`; returns the calls counted there so far, this one included. */
  countCall(scope: RateScope, window: number, ttlMs: number): Promise<number> {
    return this.store.increment(keys.budgetWindow(scope.teamId, scope.method, scope.channelId, window), 1, ttlMs);
  }
}
