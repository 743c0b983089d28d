/**
 * Deletes everything the app keeps in a store (the playground's "Reset"): runs and their
 * progress, leases, thread conversations, subscriptions, digests, folders, rate windows. Only
 * keys under the app's own prefixes, so other data in the same Redis database stays.
 */
import { appKeyPrefixes } from './keys.js';
import type { StateStore } from './state-store.js';

/** Returns how many keys it deleted. */
export async function clearAppState(store: StateStore): Promise<number> {
  let deleted = 0;
  for (const prefix of appKeyPrefixes) {
    for (const key of await store.keys(prefix)) {
      await store.delete(key);
      deleted += 1;
    }
  }
  return deleted;
}
