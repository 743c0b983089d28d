/**
 * JSON records on the primitive store, and an optimistic read-modify-write for the few records
 * several callers may change at once (subscriptions, recent runs): compare-and-replace, retried
 * on conflict, so no update is lost without a lock.
 */
import type { z } from 'zod';
import type { StateStore } from './state-store.js';
import { StateStoreError } from './state-store-error.js';

export async function readJsonRecord<T>(store: StateStore, key: string): Promise<T | null> {
  const raw = await store.get(key);
  return raw === null ? null : parseJsonRecord<T>(key, raw);
}

/**
 * The record at `key` when it is JSON that `schema` accepts; undefined when absent, not JSON, or
 * not of that shape (no version wrote it: it reads as none, never as an error).
 */
export async function readValidRecord<T>(store: StateStore, key: string, schema: z.ZodType<T>): Promise<T | undefined> {
  const raw = await store.get(key);
  if (raw === null) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

function parseJsonRecord<T>(key: string, raw: string): T {
  try {
    return JSON.parse(raw) as T;
  } catch (cause) {
    throw new StateStoreError('corrupt', `value of ${key} is not valid JSON`, { cause });
  }
}

const MAX_UPDATE_ATTEMPTS = 20;

/**
 * Applies `change` to the current record (null when absent) and writes the result. `change`
 * returning undefined leaves the record as it is. Returns what is stored afterwards.
 */
export async function updateJsonRecord<T>(
  store: StateStore,
  key: string,
  change: (current: T | null) => T | undefined,
  ttlMs?: number,
): Promise<T | null> {
  for (let attempt = 0; attempt < MAX_UPDATE_ATTEMPTS; attempt += 1) {
    const raw = await store.get(key);
    const current = raw === null ? null : parseJsonRecord<T>(key, raw);
    const next = change(current);
    if (next === undefined) return current;
    const serialised = JSON.stringify(next);
    const written =
      raw === null ? await store.setIfAbsent(key, serialised, ttlMs) : await store.replaceIfEquals(key, raw, serialised, ttlMs);
    if (written) return next;
  }
  throw new StateStoreError('conflict', `update of ${key} kept conflicting with other writers`, { retryable: true });
}
