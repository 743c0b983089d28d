/**
 * Slack retries an event it thinks failed; each event id is claimed once. When handing a claimed
 * event on fails in a retryable way, `release` lets Slack's redelivery claim it again.
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
    return this.store.setIfAbsent(keys.event(eventId), '1', this.ttlMs);
  }

  async release(eventId: string): Promise<void> {
    await this.store.delete(keys.event(eventId));
  }
}
