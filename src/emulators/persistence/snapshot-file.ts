/**
 * One JSON snapshot file an emulator keeps its state in (playground mode), replaced atomically:
 * temp file + fsync + rename + directory fsync, so a SIGKILL at any moment leaves either the old
 * snapshot or the new one, never a torn file. Writes are coalesced: `markDirty()` after each
 * change, and at most one write runs at a time with the newest state.
 * @see https://www.man7.org/linux/man-pages/man2/rename.2.html (rename is atomic within a file system)
 */
import { open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';

export class SnapshotFileError extends Error {
  constructor(
    message: string,
    readonly file: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'SnapshotFileError';
  }
}

/**
 * Reads a snapshot; `undefined` when there is none. A file that is not JSON (written by something
 * else, or by hand) is moved aside to `<file>.corrupt` and reported through `onCorrupt`, so the
 * emulator starts fresh instead of refusing to start.
 */
export async function readSnapshotFile(file: string, onCorrupt?: (error: SnapshotFileError) => void): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if (isErrno(error, 'ENOENT')) return undefined;
    throw new SnapshotFileError(`cannot read ${file}: ${describeErrno(error)}`, file, { cause: error });
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const movedAside = await moveAsideCorrupt(file);
    onCorrupt?.(new SnapshotFileError(`${file} is not valid JSON; ${movedAside} and started fresh`, file, { cause: error }));
    return undefined;
  }
}

/**
 * Moves a file this version cannot read to `<file>.corrupt`, to be looked at later, and says what
 * happened for the problem report ("moved it to …"). A file that cannot be moved stays where it
 * is, and the report says so and why: the next save replaces it.
 */
export async function moveAsideCorrupt(file: string): Promise<string> {
  const aside = `${file}.corrupt`;
  try {
    await rename(file, aside);
    return `moved it to ${aside}`;
  } catch (error) {
    return `could not move it to ${aside} (${describeErrno(error)})`;
  }
}

/** Writes `value` as JSON to `file` atomically (see the module comment). */
export async function writeSnapshotFile(file: string, value: unknown): Promise<void> {
  const temp = `${file}.tmp-${process.pid}`;
  try {
    const handle = await open(temp, 'w');
    try {
      await handle.writeFile(JSON.stringify(value));
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
    await syncDirectory(path.dirname(file));
  } catch (error) {
    const leftOver = await rm(temp, { force: true }).then(
      () => '',
      (rmError: unknown) => `; ${temp} is left behind (${describeErrno(rmError)})`,
    );
    throw new SnapshotFileError(`cannot write ${file}: ${describeErrno(error)}${leftOver}`, file, { cause: error });
  }
}

export interface SnapshotWriterOptions {
  file: string;
  /** Produces the state to write; called when a write starts, so it sees every change so far. */
  snapshot: () => unknown;
  /** How long changes gather before a write (default 200 ms). */
  delayMs?: number;
  /**
   * A failed write (full disk, permissions): retried with the next change, and reported once until
   * a write succeeds again (a full disk must not print a line per message).
   */
  onError: (error: SnapshotFileError) => void;
  setTimer?: (fn: () => void, ms: number) => { unref?: () => unknown };
}

export interface SnapshotWriter {
  /** Something changed: a write follows within `delayMs`. */
  markDirty(): void;
  /** Writes now if anything changed (waits for a write in progress). */
  flush(): Promise<void>;
}

export function createSnapshotWriter(opts: SnapshotWriterOptions): SnapshotWriter {
  const delayMs = opts.delayMs ?? 200;
  const setTimer = opts.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  let dirty = false;
  let timerSet = false;
  let writing: Promise<void> = Promise.resolve();
  let failing = false;

  const writeNow = (): Promise<void> => {
    writing = writing.then(async () => {
      if (!dirty) return;
      dirty = false;
      try {
        await writeSnapshotFile(opts.file, opts.snapshot());
        failing = false;
      } catch (error) {
        dirty = true;
        if (failing) return;
        failing = true;
        opts.onError(error instanceof SnapshotFileError ? error : new SnapshotFileError(String(error), opts.file, { cause: error }));
      }
    });
    return writing;
  };

  return {
    markDirty() {
      dirty = true;
      if (timerSet) return;
      timerSet = true;
      setTimer(() => {
        timerSet = false;
        void writeNow();
      }, delayMs).unref?.();
    },
    flush: writeNow,
  };
}

async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

function isErrno(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}

/** "ENOSPC (no space left on device)" rather than a stack: the reader needs the cause. */
function describeErrno(error: unknown): string {
  const code = error instanceof Error ? (error as NodeJS.ErrnoException).code : undefined;
  const hints: Record<string, string> = {
    ENOSPC: 'the disk is full; free some space',
    EACCES: 'permission denied; make DATA_DIR writable',
    EROFS: 'the file system is read-only; point DATA_DIR elsewhere',
  };
  if (code && hints[code]) return `${code} (${hints[code]})`;
  return error instanceof Error ? error.message : String(error);
}
