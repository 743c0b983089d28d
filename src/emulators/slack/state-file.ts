/**
 * Keeps the emulator's workspace in a snapshot file (playground mode): loaded once at start,
 * written (atomically, coalesced) after every change the workspace shows.
 */
import { createSnapshotWriter, moveAsideCorrupt, readSnapshotFile, SnapshotFileError } from '../persistence/snapshot-file.js';
import type { ChangeEvent } from './change-event.js';
import type { EmulatorState } from './state.js';
import { restoreStateSnapshot, slackStateSnapshotSchema, snapshotOfState } from './state-snapshot.js';

/** Changes that are logs, not workspace, or kept elsewhere (workflows: workflows-file.ts): the snapshot does not keep them. */
const UNSAVED_CHANGES = new Set(['api_call', 'delivery', 'workflow']);

export interface StateFileOptions {
  file: string;
  /** A snapshot that could not be used, or a write that failed: one line for the operator. */
  onProblem: (error: SnapshotFileError) => void;
  /** How long changes gather before a write (the writer's default when unset). */
  writeDelayMs?: number;
}

export interface StateFile {
  /** Writes the newest state now if anything changed since the last write. */
  flush(): Promise<void>;
  /** Stops following changes (then `flush` once more to save the last ones). */
  detach(): void;
}

/** Restores the workspace from `file` when it holds a usable snapshot, then saves every change to it. */
export async function attachStateFile(state: EmulatorState, options: StateFileOptions): Promise<StateFile> {
  await restoreFromFile(state, options);
  // A full disk fails every write of a streaming answer the same way: say so once, not five times a second.
  let lastWriteProblem = '';
  const writer = createSnapshotWriter({
    file: options.file,
    snapshot: () => snapshotOfState(state),
    onError: (error) => {
      if (error.message === lastWriteProblem) return;
      lastWriteProblem = error.message;
      options.onProblem(error);
    },
    ...(options.writeDelayMs === undefined ? {} : { delayMs: options.writeDelayMs }),
  });
  const onChange = (change: ChangeEvent): void => {
    if (!UNSAVED_CHANGES.has(change.kind)) writer.markDirty();
  };
  state.events.on('change', onChange);
  return {
    flush: () => writer.flush(),
    detach: () => state.events.off('change', onChange),
  };
}

async function restoreFromFile(state: EmulatorState, options: StateFileOptions): Promise<void> {
  const raw = await readSnapshotFile(options.file, options.onProblem);
  if (raw === undefined) return;
  const parsed = slackStateSnapshotSchema.safeParse(raw);
  if (parsed.success) {
    restoreStateSnapshot(state, parsed.data);
    return;
  }
  // JSON, but not a snapshot this version understands (older format, edited by hand): keep it
  // aside for a look, and start from the seed workspace rather than refuse to start.
  const movedAside = await moveAsideCorrupt(options.file);
  const where = parsed.error.issues[0]?.path.join('.') || 'top level';
  options.onProblem(
    new SnapshotFileError(`${options.file} is not a Slack workspace snapshot (${where}); ${movedAside} and started fresh`, options.file, {
      cause: parsed.error,
    }),
  );
}
