/**
 * StateStore in process memory, on an injected clock: for unit tests that need a store but no
 * Redis or disk, and where TTLs must move only when the test moves the clock. It passes the
 * same contract tests as the Redis and file stores (test/store/state-store.contract.test.ts).
 * Nothing survives the process; the app never picks it (create-state-store.ts).
 */
import { setMemberKey, type StateStore } from './state-store.js';
import { StateStoreError } from './state-store-error.js';

export interface MemoryStateStoreOptions {
  /** Milliseconds since the epoch; TTLs are measured on it. */
  clock?: () => number;
}

interface Entry {
  value: string;
  /** Absolute expiry on the clock; none when the key lives until deleted. */
  expiresAtMs?: number;
}

export function createMemoryStateStore(options: MemoryStateStoreOptions = {}): StateStore {
  const clock = options.clock ?? Date.now;
  const entries = new Map<string, Entry>();
  let closed = false;

  const assertOpen = (op: string): void => {
    if (closed) throw new StateStoreError('closed', `memory state store is closed (${op})`);
  };

  /** The live entry of a key; expired ones are dropped lazily, as in the file store. */
  const live = (key: string): Entry | undefined => {
    const entry = entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAtMs !== undefined && entry.expiresAtMs <= clock()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };

  // Like Redis, a TTL below 1 ms means "expire at once", never "no expiry".
  const expiry = (ttlMs: number | undefined): number | undefined =>
    ttlMs === undefined ? undefined : clock() + Math.max(1, Math.ceil(ttlMs));

  const write = (key: string, value: string, expiresAtMs: number | undefined): void => {
    entries.set(key, expiresAtMs === undefined ? { value } : { value, expiresAtMs });
  };

  const writeIfAbsent = (key: string, value: string, ttlMs: number | undefined): boolean => {
    if (live(key) !== undefined) return false;
    write(key, value, expiry(ttlMs));
    return true;
  };

  // Every method body runs synchronously, so each operation is atomic in this process.
  return {
    kind: 'memory',

    async get(key) {
      assertOpen('get');
      return live(key)?.value ?? null;
    },

    async set(key, value, ttlMs) {
      assertOpen('set');
      write(key, value, expiry(ttlMs));
    },

    async setIfAbsent(key, value, ttlMs) {
      assertOpen('setIfAbsent');
      return writeIfAbsent(key, value, ttlMs);
    },

    async addToSet(key, member, ttlMs) {
      assertOpen('addToSet');
      return writeIfAbsent(setMemberKey(key, member), '1', ttlMs);
    },

    async delete(key) {
      assertOpen('delete');
      entries.delete(key);
    },

    async deleteIfEquals(key, expected) {
      assertOpen('deleteIfEquals');
      if (live(key)?.value !== expected) return false;
      entries.delete(key);
      return true;
    },

    async replaceIfEquals(key, expected, value, ttlMs) {
      assertOpen('replaceIfEquals');
      if (live(key)?.value !== expected) return false;
      write(key, value, expiry(ttlMs));
      return true;
    },

    async increment(key, by, ttlMs) {
      assertOpen('increment');
      const current = live(key);
      if (current !== undefined && !/^-?\d+$/.test(current.value)) {
        throw new StateStoreError('not_an_integer', `increment: value of ${key} is not an integer`);
      }
      const next = (current === undefined ? 0 : Number.parseInt(current.value, 10)) + Math.trunc(by);
      // Like the Redis script: the TTL is set only when the key has none.
      write(key, String(next), current?.expiresAtMs ?? expiry(ttlMs));
      return next;
    },

    async keys(prefix) {
      assertOpen('keys');
      return [...entries.keys()].filter((key) => key.startsWith(prefix) && live(key) !== undefined);
    },

    /** A deleted entry is gone from memory already: nothing to rewrite. */
    async compact() {
      assertOpen('compact');
    },

    async ping() {
      assertOpen('ping');
    },

    async close() {
      closed = true;
    },
  };
}
