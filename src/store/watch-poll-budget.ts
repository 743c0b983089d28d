/**
 * The watch poller's one budget of service calls, shared by every watch and every replica: a
 * fixed window counter in the store (atomic increment), and a block every replica honours after
 * the service answered 429. A call that finds the window spent waits for the next poll.
 */
import { keys } from './keys.js';
import type { StateStore } from './state-store.js';

export interface WatchPollBudgetOptions {
  /** Service calls allowed per window across all replicas. */
  callsPerWindow: number;
  windowMs: number;
  clock: () => number;
}

export class WatchPollBudget {
  constructor(
    private readonly store: StateStore,
    private readonly options: WatchPollBudgetOptions,
  ) {}

  /** Takes one call from the budget; false when the window is spent or a 429 holds polling. */
  async take(): Promise<boolean> {
    const now = this.options.clock();
    if (Number((await this.store.get(keys.watchBudgetBlocked)) ?? 0) > now) return false;
    const window = Math.floor(now / this.options.windowMs);
    // The counter outlives its window a little, so a replica whose clock lags still finds it.
    const used = await this.store.increment(keys.watchBudget(window), 1, this.options.windowMs * 2);
    return used <= this.options.callsPerWindow;
  }

  /** Holds every replica's polling until `untilMs` (the service's Retry-After). */
  async block(untilMs: number): Promise<void> {
    const ttl = Math.max(1, untilMs - this.options.clock());
    await this.store.set(keys.watchBudgetBlocked, String(untilMs), ttl);
  }
}
