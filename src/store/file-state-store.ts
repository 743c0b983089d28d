/**
 * The embedded StateStore (no REDIS_URL): state in memory, made durable in DATA_DIR through
 * FileJournal. Each method applies its change in memory (synchronously, hence atomic in this
 * process) and resolves only after the journal holding it is fsynced, so a value is on disk when
 * `set` resolves — restart-resume relies on saved offsets. Writes arriving together share one
 * fsync (group commit); `flushDelayMs` widens that batch at the cost of write latency, never of
 * durability. TTLs run on the injected clock and expire lazily. One process per directory.
 */
import { mkdir } from 'node:fs/promises';
import type { Logger } from '../observability/logger.js';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.js';
import { FileJournal, isExpired, type JournalRecord, type StoredEntry } from './file-journal.js';
import { NamespacedEntries } from './namespaced-entries.js';
import { type ClaimOptions, setMemberKey, type StateStore } from './state-store.js';
import { StateStoreError } from './state-store-error.js';

export interface FileStateStoreOptions {
  dir: string;
  /** Milliseconds since the epoch; TTLs are measured on it. */
  clock?: () => number;
  /** Extra wait before an fsync to batch more writes into it (default 0: the next turn of the loop). */
  flushDelayMs?: number;
  /** Journal size after which a fresh snapshot replaces it. */
  compactAfterBytes?: number;
  logger?: Logger;
}

const DEFAULT_COMPACT_AFTER_BYTES = 4 * 1024 * 1024;

export async function createFileStateStore(options: FileStateStoreOptions): Promise<StateStore> {
  await mkdir(options.dir, { recursive: true });
  const lock = await acquireDataDirLock(options.dir);
  try {
    const { journal, entries } = await FileJournal.open(options.dir);
    const store = new FileStateStore(options, lock, journal, new NamespacedEntries(entries));
    // Start every process from a fresh snapshot: drops expired keys and any torn journal tail.
    await journal.compact(store.liveEntries());
    return store;
  } catch (error) {
    await lock.release();
    throw error;
  }
}

interface Waiter {
  seq: number;
  resolve: () => void;
  reject: (error: Error) => void;
}

class FileStateStore implements StateStore {
  readonly kind = 'file' as const;
  private readonly clock: () => number;
  private readonly flushDelayMs: number;
  private readonly compactAfterBytes: number;
  private readonly logger: Logger | undefined;
  private pending: JournalRecord[] = [];
  private appliedSeq = 0;
  /** Keys whose last write is not on disk yet, with that write's sequence number. */
  private readonly unsettled = new Map<string, number>();
  private durableSeq = 0;
  private waiters: Waiter[] = [];
  /** Callers of compact() waiting for the next snapshot (taken after their deletes). */
  private compactWaiters: Array<Omit<Waiter, 'seq'>> = [];
  private readonly compactions = new Set<Promise<void>>();
  private flushTimer: NodeJS.Timeout | NodeJS.Immediate | undefined;
  private flushing: Promise<void> | undefined;
  private closed = false;

  constructor(
    options: FileStateStoreOptions,
    private readonly lock: DataDirLock,
    private readonly journal: FileJournal,
    private readonly entries: NamespacedEntries,
  ) {
    this.clock = options.clock ?? Date.now;
    this.flushDelayMs = options.flushDelayMs ?? 0;
    this.compactAfterBytes = options.compactAfterBytes ?? DEFAULT_COMPACT_AFTER_BYTES;
    this.logger = options.logger?.child({ component: 'file-state-store' });
    this.forgetExpired();
  }

  async get(key: string): Promise<string | null> {
    this.assertOpen('get');
    const value = this.live(key)?.v ?? null;
    // On disk once its own last write is; others are not waited for (the ack path's read, the claim's write).
    const lastWrite = this.unsettled.get(key);
    if (lastWrite !== undefined) await this.durable(lastWrite);
    return value;
  }

  async set(key: string, value: string, ttlMs?: number): Promise<void> {
    this.assertOpen('set');
    this.write(key, value, this.expiry(ttlMs));
    await this.durable();
  }

  async setIfAbsent(key: string, value: string, ttlMs?: number, options?: ClaimOptions): Promise<boolean> {
    this.assertOpen('setIfAbsent');
    const wasAbsent = this.live(key) === undefined;
    if (wasAbsent) this.write(key, value, this.expiry(ttlMs));
    // Applied in memory is seen by every caller in this process, the only one on this directory.
    if (options?.awaitDurable !== false) await this.durable();
    return wasAbsent;
  }

  addToSet(key: string, member: string, ttlMs: number, options?: ClaimOptions): Promise<boolean> {
    return this.setIfAbsent(setMemberKey(key, member), '1', ttlMs, options);
  }

  async delete(key: string): Promise<void> {
    this.assertOpen('delete');
    if (this.live(key) !== undefined) this.remove(key);
    await this.durable();
  }

  async deleteIfEquals(key: string, expected: string): Promise<boolean> {
    this.assertOpen('deleteIfEquals');
    const matches = this.live(key)?.v === expected;
    if (matches) this.remove(key);
    await this.durable();
    return matches;
  }

  async replaceIfEquals(key: string, expected: string, value: string, ttlMs?: number): Promise<boolean> {
    this.assertOpen('replaceIfEquals');
    const matches = this.live(key)?.v === expected;
    if (matches) this.write(key, value, this.expiry(ttlMs));
    await this.durable();
    return matches;
  }

  async increment(key: string, by: number, ttlMs: number): Promise<number> {
    this.assertOpen('increment');
    const current = this.live(key);
    if (current !== undefined && !/^-?\d+$/.test(current.v)) {
      throw new StateStoreError('not_an_integer', `increment: value of ${key} is not an integer`);
    }
    const next = (current === undefined ? 0 : Number.parseInt(current.v, 10)) + Math.trunc(by);
    // Like the Redis script: the TTL is set only when the key has none.
    this.write(key, String(next), current?.e ?? this.expiry(ttlMs));
    await this.durable();
    return next;
  }

  async keys(prefix: string): Promise<string[]> {
    this.assertOpen('keys');
    const found: string[] = [];
    // Deleting the entry being visited (live() expires it) is safe while iterating.
    for (const key of this.entries.keysStartingWith(prefix)) {
      if (this.live(key) !== undefined) found.push(key);
    }
    await this.durable();
    return found;
  }

  /**
   * A fresh snapshot of the live entries replaces the journal, which still holds every value
   * written, deleted ones too. Runs in the flush loop, so no append lands between the snapshot
   * and the journal's truncation.
   */
  async compact(): Promise<void> {
    this.assertOpen('compact');
    const done = new Promise<void>((resolve, reject) => {
      this.compactWaiters.push({ resolve, reject });
      this.scheduleFlush();
    });
    this.compactions.add(done);
    try {
      await done;
    } finally {
      this.compactions.delete(done);
    }
  }

  async ping(): Promise<void> {
    this.assertOpen('ping');
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.durable();
    await Promise.allSettled([...this.compactions]);
    this.closed = true;
    await this.flushing;
    await this.journal.close();
    await this.lock.release();
  }

  /**
   * Live entries now, for a snapshot. The expired ones are forgotten in memory too: a read expires
   * a key lazily, and a replay claim is never read again, so without this every command's claim
   * would stay in memory, and in every listing's walk, until a restart.
   */
  liveEntries(): Map<string, StoredEntry> {
    this.forgetExpired();
    return new Map(this.entries.entries());
  }

  private forgetExpired(): void {
    const now = this.clock();
    for (const [key, entry] of this.entries.entries()) if (isExpired(entry, now)) this.entries.delete(key);
  }

  private live(key: string): StoredEntry | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (isExpired(entry, this.clock())) {
      // Lazily expired; not journalled, since it is expired on reload too (same clock).
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private expiry(ttlMs: number | undefined): number | undefined {
    return ttlMs === undefined ? undefined : this.clock() + Math.max(1, Math.ceil(ttlMs));
  }

  private write(key: string, value: string, expiresAt: number | undefined): void {
    const entry: StoredEntry = expiresAt === undefined ? { v: value } : { v: value, e: expiresAt };
    this.entries.set(key, entry);
    this.record({ k: key, ...entry });
  }

  private remove(key: string): void {
    this.entries.delete(key);
    this.record({ k: key, d: 1 });
  }

  private record(record: JournalRecord): void {
    this.pending.push(record);
    this.appliedSeq += 1;
    this.unsettled.set(record.k, this.appliedSeq);
    this.scheduleFlush();
  }

  /** Resolves once every change applied up to `seq` (default: so far, by anyone) is on disk. */
  private durable(seq = this.appliedSeq): Promise<void> {
    if (this.durableSeq >= seq) return Promise.resolve();
    return new Promise((resolve, reject) => this.waiters.push({ seq, resolve, reject }));
  }

  private scheduleFlush(): void {
    if (this.flushTimer !== undefined || this.flushing !== undefined) return;
    const run = (): void => {
      this.flushTimer = undefined;
      this.flushing = this.flush().finally(() => {
        this.flushing = undefined;
        // A waiter resumed by this flush may have written before this callback ran.
        if (this.pending.length > 0 || this.compactWaiters.length > 0) this.scheduleFlush();
      });
    };
    this.flushTimer = this.flushDelayMs > 0 ? setTimeout(run, this.flushDelayMs) : setImmediate(run);
  }

  private async flush(): Promise<void> {
    while (this.pending.length > 0 || this.compactWaiters.length > 0) {
      const batch = this.pending;
      this.pending = [];
      const upTo = this.appliedSeq;
      try {
        await this.journal.append(batch);
        this.settle(upTo);
      } catch (cause) {
        this.logger?.error('state journal write failed', { error: cause });
        const error = new StateStoreError('write_failed', 'could not write the state journal', { cause, retryable: true });
        this.settle(upTo, error);
      }
      const asked = this.compactWaiters.splice(0);
      if (asked.length > 0 || this.journal.size > this.compactAfterBytes) {
        try {
          await this.journal.compact(this.liveEntries());
          for (const waiter of asked) waiter.resolve();
        } catch (cause) {
          this.logger?.error('state snapshot failed; journal keeps growing', { error: cause });
          const error = new StateStoreError('write_failed', 'could not compact the state journal', { cause, retryable: true });
          for (const waiter of asked) waiter.reject(error);
        }
      }
    }
  }

  private settle(upTo: number, error?: Error): void {
    this.durableSeq = Math.max(this.durableSeq, upTo);
    if (this.durableSeq >= this.appliedSeq) this.unsettled.clear();
    else for (const [key, seq] of this.unsettled) if (seq <= upTo) this.unsettled.delete(key);
    const done = this.waiters.filter((w) => w.seq <= upTo);
    this.waiters = this.waiters.filter((w) => w.seq > upTo);
    for (const waiter of done) {
      if (error) waiter.reject(error);
      else waiter.resolve();
    }
  }

  private assertOpen(op: string): void {
    if (this.closed) throw new StateStoreError('closed', `file state store is closed (${op})`);
  }
}
