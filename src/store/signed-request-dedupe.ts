/**
 * Slack does not retry slash commands or interactive requests, so the same signed bytes seen again
 * inside their replay window are a replay. Claims live in the state store, so a request replayed
 * to another replica is refused there too. (Events have their own dedupe by event id.)
 *
 * A claim is a member of its minute's set (keys.signedRequestMinute), by the request's own signed
 * timestamp, so a replay meets its original in the same set. One key a minute instead of one a
 * command keeps Redis's keyspace, which every background listing SCANs, the size of the window,
 * not of the traffic (issue 33).
 */
import { keys, TTL } from './keys.js';
import type { StateStore } from './state-store.js';

export class SignedRequestDedupe {
  constructor(
    private readonly store: StateStore,
    private readonly ttlMs: number = TTL.signedRequestMs,
  ) {}

  /**
   * True for the first claim of this request digest within the TTL, false for a replay.
   * `signedAtSeconds` is the request's x-slack-request-timestamp, which its digest covers.
   * The ack waits for it, so it does not wait for the file store's fsync (which took tens of ms
   * under load, issue 33): a claim is on disk a loop turn later, and only a crash inside that turn
   * lets the same bytes through once more after the restart. Redis answers once the claim is set there.
   */
  async claim(digest: string, signedAtSeconds: number): Promise<boolean> {
    return this.store.addToSet(keys.signedRequestMinute(signedAtSeconds), digest, this.ttlMs, { awaitDurable: false });
  }
}
