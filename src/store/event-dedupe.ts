/**
 * Slack retries an event it thinks failed; each event id is claimed once. `release` forgets a
 * claim, so the same event id can be claimed again (tests replay an event with it).
 */
import { keys, TTL } from './keys.js';
import type { StateStore } from './state-store.js';

export class EventDedupe {
  constructor(
    private readonly store: StateStore,
    private readonly ttlMs: number = TTL.eventMs,
  ) {}

  /** True for the first claim of this event id within the TTL, false for a repeat. */
  async claim(eventId: string): Promise<boolean> {
    // Stryker disable next-line StringLiteral: equivalent, a claim's value is never read, only its presence counts.
    return this.store.setIfAbsent(keys.event(eventId), '1', this.ttlMs);
  }

  async release(eventId: string): Promise<void> {
    await this.store.delete(keys.event(eventId));
  }
}
