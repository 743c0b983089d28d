/**
 * Slack does not retry slash commands or interactive requests, so the same signed bytes seen again
 * inside their replay window are a replay. Claims live in the state store, so a request replayed
 * to another replica is refused there too. (Events have their own dedupe by event id.)
 */
import { keys, TTL } from './keys.js';
import type { StateStore } from './state-store.js';

export class SignedRequestDedupe {
  constructor(
    private readonly store: StateStore,
    private readonly ttlMs: number = TTL.signedRequestMs,
  ) {}

  /**
   * True for the first claim of this request digest within the TTL, false for a replay. The ack
   * waits for it, so it does not wait for the file store's fsync (which took tens of ms under load,
   * issue 33): a claim is on disk a loop turn later, and only a crash inside that turn lets the
   * same bytes through once more after the restart. Redis answers once the claim is set there.
   */
  async claim(digest: string): Promise<boolean> {
    // Stryker disable next-line StringLiteral: equivalent, a claim's value is never read, only its presence counts.
    return this.store.setIfAbsent(keys.signedRequest(digest), '1', this.ttlMs, { awaitDurable: false });
  }
}
