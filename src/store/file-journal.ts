/**
 * Persistence of the embedded store: a snapshot file replaced atomically (temp + fsync + rename +
 * directory fsync) and an append-only journal of changes since it, on disk (O_DSYNC) before any
 * caller is told its write succeeded. Every journal line is an absolute "set" or "delete", so replaying a
 * journal over a snapshot that already contains it is harmless (a crash between the snapshot's
 * rename and the journal's truncation loses nothing).
 */
import { constants } from 'node:fs';
import { open, readFile, rename, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { isErrno } from './data-dir-lock.js';
import { StateStoreError } from './state-store-error.js';

export interface StoredEntry {
  v: string;
  /** Absolute expiry (store clock, ms); absent = no expiry. */
  e?: number;
}

export const isExpired = (entry: StoredEntry, now: number): boolean => entry.e !== undefined && entry.e <= now;

export type JournalRecord = { k: string; v: string; e?: number } | { k: string; d: 1 };

const SNAPSHOT_FILE = 'state.snapshot.json';
/**
 * Appends with O_DSYNC: each write returns once its data is on disk, as write + fdatasync did, in
 * one trip to libuv's thread pool instead of two (each trip is a hand-off and a wake-up of the
 * event loop, on the ack path of every slash command through the replay claim).
 * @see https://man7.org/linux/man-pages/man2/open.2.html (O_DSYNC)
 */
const JOURNAL_FLAGS = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_DSYNC;
const JOURNAL_FILE = 'state.journal';

interface SnapshotFile {
  version: 1;
  entries: Record<string, StoredEntry>;
}

export class FileJournal {
  private constructor(
    private readonly dir: string,
    private handle: FileHandle,
    private bytes: number,
  ) {}

  /** Loads snapshot + journal; a torn last journal line (a crash mid-append) is dropped. */
  static async open(dir: string): Promise<{ journal: FileJournal; entries: Map<string, StoredEntry> }> {
    const entries = await readSnapshot(path.join(dir, SNAPSHOT_FILE));
    const journalPath = path.join(dir, JOURNAL_FILE);
    const text = await readFile(journalPath, 'utf8').catch((error: unknown) => {
      if (isErrno(error, 'ENOENT')) return '';
      throw error;
    });
    const lines = text.split('\n');
    lines.forEach((line, index) => {
      if (line === '') return;
      let record: JournalRecord;
      try {
        record = JSON.parse(line) as JournalRecord;
      } catch (cause) {
        if (index === lines.length - 1) return; // torn tail: that write never resolved
        throw new StateStoreError('corrupt', `${journalPath}: line ${index + 1} is not valid JSON`, { cause });
      }
      applyRecord(entries, record);
    });
    const handle = await open(journalPath, JOURNAL_FLAGS);
    await fsyncDir(dir);
    return { journal: new FileJournal(dir, handle, Buffer.byteLength(text)), entries };
  }

  get size(): number {
    return this.bytes;
  }

  async append(records: readonly JournalRecord[]): Promise<void> {
    if (records.length === 0) return;
    const text = records.map((r) => `${JSON.stringify(r)}\n`).join('');
    await this.handle.write(text);
    this.bytes += Buffer.byteLength(text);
  }

  /** Writes `entries` as the new snapshot, then empties the journal. */
  async compact(entries: ReadonlyMap<string, StoredEntry>): Promise<void> {
    const snapshot: SnapshotFile = { version: 1, entries: Object.fromEntries(entries) };
    const finalPath = path.join(this.dir, SNAPSHOT_FILE);
    const tempPath = `${finalPath}.tmp`;
    const temp = await open(tempPath, 'w');
    try {
      await temp.write(JSON.stringify(snapshot));
      await temp.sync();
    } finally {
      await temp.close();
    }
    await rename(tempPath, finalPath);
    await fsyncDir(this.dir);
    await this.handle.truncate(0);
    await this.handle.sync();
    this.bytes = 0;
  }

  async close(): Promise<void> {
    await this.handle.close();
  }
}

export function applyRecord(entries: Map<string, StoredEntry>, record: JournalRecord): void {
  if ('d' in record) entries.delete(record.k);
  else entries.set(record.k, record.e === undefined ? { v: record.v } : { v: record.v, e: record.e });
}

async function readSnapshot(file: string): Promise<Map<string, StoredEntry>> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if (isErrno(error, 'ENOENT')) return new Map();
    throw error;
  }
  try {
    const parsed = JSON.parse(text) as SnapshotFile;
    if (parsed.version !== 1 || typeof parsed.entries !== 'object' || parsed.entries === null) {
      throw new Error('unexpected snapshot shape');
    }
    return new Map(Object.entries(parsed.entries));
  } catch (cause) {
    throw new StateStoreError('corrupt', `${file} is not a valid state snapshot`, { cause });
  }
}

/** Makes a rename or a new file's directory entry durable (a no-op where directories can't be opened). */
async function fsyncDir(dir: string): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch (error) {
    if (!isErrno(error, 'EISDIR') && !isErrno(error, 'EPERM') && !isErrno(error, 'EINVAL')) throw error;
  } finally {
    await handle?.close();
  }
}
