/**
 * Where the service emulator keeps its state between starts (playground mode): it reads the
 * snapshot file once at start, and writes it after changes (coalesced, atomic; see
 * snapshot-file.ts). Changes a client is told of (a new conversation, a run's id, a folder) are
 * on disk before the answer goes out, so an id a client holds survives even a SIGKILL.
 */
import { mkdir, rename } from 'node:fs/promises';
import path from 'node:path';
import { createSnapshotWriter, readSnapshotFile, SnapshotFileError } from '../persistence/snapshot-file.js';
import { serviceSnapshotOf, serviceStateFromSnapshot, type ServiceState } from './service-snapshot.js';

export interface ServiceStateFile {
  /** Something changed: it is written within the writer's delay. */
  changed(): void;
  /** Something a client is about to be told of changed: resolves once it is on disk. */
  commit(): Promise<void>;
  /** Writes what is pending, then stops writing (the emulator is closing). */
  close(): Promise<void>;
}

/** Without a state file nothing is kept, and nothing waits. */
export const NO_STATE_FILE: ServiceStateFile = {
  changed: () => undefined,
  commit: async () => undefined,
  close: async () => undefined,
};

/**
 * The state a previous start left in `file`, or undefined (none yet). A file this version cannot
 * read is moved aside to `<file>.corrupt` and reported: the emulator starts fresh.
 */
export async function loadServiceState(file: string, logError: (message: string) => void): Promise<ServiceState | undefined> {
  const dir = path.dirname(file);
  await mkdir(dir, { recursive: true }).catch((error: unknown) => {
    throw new SnapshotFileError(`cannot create ${dir}: ${error instanceof Error ? error.message : String(error)}`, file, { cause: error });
  });
  const json = await readSnapshotFile(file, (error) => logError(error.message));
  if (json === undefined) return undefined;
  const read = serviceStateFromSnapshot(json);
  if (read.ok) return read.state;
  await rename(file, `${file}.corrupt`).catch(() => undefined);
  logError(`${file} is not a service snapshot this version reads (${read.problem}); moved it to ${file}.corrupt and started fresh`);
  return undefined;
}

export function openServiceStateFile(opts: {
  file: string;
  state: () => ServiceState;
  logError: (message: string) => void;
  delayMs?: number;
}): ServiceStateFile {
  let lastReported: string | undefined;
  let closed = false;
  const writer = createSnapshotWriter({
    file: opts.file,
    snapshot: () => serviceSnapshotOf(opts.state()),
    ...(opts.delayMs !== undefined ? { delayMs: opts.delayMs } : {}),
    // A full disk fails every write until it is freed: say so once, not at every event.
    onError: (error) => {
      if (error.message !== lastReported) opts.logError(error.message);
      lastReported = error.message;
    },
  });
  return {
    changed() {
      if (!closed) writer.markDirty();
    },
    async commit() {
      if (closed) return;
      writer.markDirty();
      await writer.flush();
    },
    async close() {
      if (closed) return;
      // Closed first: nothing marks the state dirty after this last write, so no later timer writes.
      closed = true;
      await writer.flush();
    },
  };
}
