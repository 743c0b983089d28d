/**
 * Where the service emulator keeps its state between starts (playground mode): it reads the
 * snapshot file once at start, and writes it after changes (coalesced, atomic; see
 * snapshot-file.ts). Changes a client is told of (a new conversation, a run's id, a folder) are
 * on disk before the answer goes out, so an id a client holds survives even a SIGKILL.
 *
 * An ended run's events are written once to `<snapshot name>-runs/<assistant message id>.json`;
 * until that file is on disk the snapshot holds them itself, so every snapshot is complete.
 */
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import {
  createSnapshotWriter,
  moveAsideCorrupt,
  readSnapshotFile,
  SnapshotFileError,
  writeSnapshotFile,
} from '../persistence/snapshot-file.js';
import type { WorkflowEvent } from './agent-events.js';
import type { StoredRun } from './agent-run-store-state.js';
import {
  runEventsFileOf,
  runEventsFrom,
  serviceSnapshotFrom,
  serviceSnapshotOf,
  type ServiceSnapshot,
  type ServiceState,
  type SnapshotRun,
} from './service-snapshot.js';

export interface ServiceStateFile {
  /** Something changed: it is written within the writer's delay. */
  changed(): void;
  /** Something a client is about to be told of changed: resolves once it is on disk. */
  commit(): Promise<void>;
  /** The state went back to the seed: writes it and drops the ended runs' files. */
  reset(): Promise<void>;
  /** Writes what is pending, then stops writing (the emulator is closing). */
  close(): Promise<void>;
}

/** Without a state file nothing is kept, and nothing waits. */
export const NO_STATE_FILE: ServiceStateFile = {
  changed: () => undefined,
  commit: async () => undefined,
  reset: async () => undefined,
  close: async () => undefined,
};

export interface LoadedServiceState {
  state: ServiceState;
  /** Runs whose events are already in their own file (not to be written again). */
  runsInFiles: Set<string>;
}

function runsDir(file: string): string {
  return path.join(path.dirname(file), `${path.basename(file, '.json')}-runs`);
}

function runEventsPath(file: string, assistantMessageId: string): string {
  return path.join(runsDir(file), `${assistantMessageId}.json`);
}

/**
 * The state a previous start left in `file`, or undefined (none yet). A file this version cannot
 * read is moved aside to `<file>.corrupt` and reported: the emulator starts fresh.
 */
export async function loadServiceState(file: string, logError: (message: string) => void): Promise<LoadedServiceState | undefined> {
  const dir = path.dirname(file);
  await mkdir(dir, { recursive: true }).catch((error: unknown) => {
    throw new SnapshotFileError(`cannot create ${dir}: ${error instanceof Error ? error.message : String(error)}`, file, { cause: error });
  });
  const json = await readSnapshotFile(file, (error) => logError(error.message));
  if (json === undefined) return undefined;
  const read = serviceSnapshotFrom(json);
  if (!read.ok) {
    const movedAside = await moveAsideCorrupt(file);
    logError(`${file} is not a service snapshot this version reads (${read.problem}); ${movedAside} and started fresh`);
    return undefined;
  }
  const runsInFiles = new Set<string>();
  const runs = await Promise.all(
    read.value.runs.runs.map(async (run): Promise<StoredRun> => {
      if (run.events) return { ...run, events: run.events };
      const events = await readRunEvents(file, run.assistantMessageId, logError);
      if (events) runsInFiles.add(run.assistantMessageId);
      return { ...run, events: events ?? [] };
    }),
  );
  return { state: { ...read.value, runs: { ...read.value.runs, runs } }, runsInFiles };
}

/** An ended run's events; undefined (reported) when its file is gone or unreadable: the run keeps its message. */
async function readRunEvents(
  file: string,
  assistantMessageId: string,
  logError: (message: string) => void,
): Promise<WorkflowEvent[] | undefined> {
  const eventsFile = runEventsPath(file, assistantMessageId);
  const json = await readSnapshotFile(eventsFile, (error) => logError(error.message)).catch((error: unknown) => {
    logError(error instanceof Error ? error.message : String(error));
    return undefined;
  });
  const read = json === undefined ? undefined : runEventsFrom(json);
  if (read?.ok) return read.value;
  logError(`${eventsFile}: ${read ? read.problem : 'missing'}; run ${assistantMessageId} keeps its message but not its events`);
  return undefined;
}

export function openServiceStateFile(opts: {
  file: string;
  state: () => ServiceState;
  logError: (message: string) => void;
  runsInFiles?: ReadonlySet<string>;
  delayMs?: number;
}): ServiceStateFile {
  let lastReported: string | undefined;
  // A full disk fails every write until it is freed: say so once, not at every event.
  const report = (error: unknown): void => {
    const message = error instanceof Error ? error.message : String(error);
    if (message !== lastReported) opts.logError(message);
    lastReported = message;
  };
  let closed = false;
  const runsInFiles = new Set(opts.runsInFiles ?? []);
  const saving = new Map<string, Promise<void>>();
  // Bumped by reset: a run file that was being written then does not count as kept.
  let era = 0;

  const saveRunEvents = (run: StoredRun): void => {
    const id = run.assistantMessageId;
    if (closed || saving.has(id)) return;
    const startedIn = era;
    const write = mkdir(runsDir(opts.file), { recursive: true })
      .then(() => writeSnapshotFile(runEventsPath(opts.file, id), runEventsFileOf(run.events)))
      .then(
        () => {
          if (startedIn !== era) return;
          runsInFiles.add(id);
          if (!closed) writer.markDirty();
        },
        (error: unknown) => report(error),
      )
      .finally(() => saving.delete(id));
    saving.set(id, write);
  };

  /** Ended runs lose their events to their own file once it is written (started here, on first sight). */
  const snapshotOf = (state: ServiceState): ServiceSnapshot => ({
    ...state,
    runs: {
      ...state.runs,
      runs: state.runs.runs.map((run): SnapshotRun => {
        if (run.status === 'running') return run;
        if (runsInFiles.has(run.assistantMessageId)) {
          const { events: _inItsFile, ...rest } = run;
          return rest;
        }
        saveRunEvents(run);
        return run;
      }),
    },
  });

  const writer = createSnapshotWriter({
    file: opts.file,
    snapshot: () => serviceSnapshotOf(snapshotOf(opts.state())),
    ...(opts.delayMs !== undefined ? { delayMs: opts.delayMs } : {}),
    onError: report,
  });

  const commit = async (): Promise<void> => {
    if (closed) return;
    writer.markDirty();
    await writer.flush();
  };
  return {
    changed() {
      if (!closed) writer.markDirty();
    },
    commit,
    async reset() {
      era += 1;
      runsInFiles.clear();
      await commit();
      await rm(runsDir(opts.file), { recursive: true, force: true }).catch((error: unknown) => report(error));
    },
    async close() {
      if (closed) return;
      // This write starts the files of runs that ended since the last one.
      await commit();
      // Then closed: no run file starts and nothing marks the state dirty after the last write.
      closed = true;
      await Promise.all(saving.values());
      writer.markDirty();
      await writer.flush();
    },
  };
}
