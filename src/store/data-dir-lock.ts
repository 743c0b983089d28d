/**
 * Refuses a second process on the same DATA_DIR: the embedded store is single-process, and two
 * writers appending to one journal would corrupt each other. The lock file holds the owner's pid;
 * a lock whose process is gone (killed, crashed) is taken over.
 */
import { link, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { StateStoreError } from './state-store-error.js';

export const LOCK_FILE_NAME = 'state.lock';

export interface DataDirLock {
  readonly path: string;
  release(): Promise<void>;
}

export async function acquireDataDirLock(dir: string): Promise<DataDirLock> {
  const lockPath = path.join(dir, LOCK_FILE_NAME);
  // Create-with-content atomically (write a private temp, then link): a reader never sees an
  // empty lock file, which it could not tell from a stale one.
  const tempPath = path.join(dir, `${LOCK_FILE_NAME}.${process.pid}.${Date.now()}.tmp`);
  await writeFile(tempPath, `${process.pid}\n`);
  let lock: DataDirLock;
  try {
    lock = await linkLock(dir, tempPath, lockPath);
  } catch (error) {
    // Both failures reach the caller: a leftover temp file must not hide why locking failed.
    await removeTempFile(tempPath).catch((cleanupError: unknown) => {
      throw new AggregateError([error, cleanupError], `DATA_DIR ${dir}: locking failed, and removing ${tempPath} failed too`);
    });
    throw error;
  }
  try {
    await removeTempFile(tempPath);
  } catch (error) {
    await lock.release();
    throw error;
  }
  return lock;
}

async function linkLock(dir: string, tempPath: string, lockPath: string): Promise<DataDirLock> {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      await link(tempPath, lockPath);
      return { path: lockPath, release: () => releaseLock(lockPath) };
    } catch (error) {
      if (!isErrno(error, 'EEXIST')) throw error;
    }
    const ownerPid = await readOwnerPid(lockPath);
    if (ownerPid !== undefined && isProcessAlive(ownerPid)) {
      const who = ownerPid === process.pid ? 'another store in this process' : `process ${ownerPid}`;
      throw new StateStoreError(
        'locked',
        `DATA_DIR ${dir} is already in use by ${who}; the embedded store allows one process. ` +
          `Stop that process, point DATA_DIR elsewhere, or set REDIS_URL to share state between processes ` +
          `(if no such process exists, delete ${lockPath}).`,
      );
    }
    // The owner died without releasing: take the lock over (one racer wins the link above).
    await unlink(lockPath).catch((error: unknown) => {
      if (!isErrno(error, 'ENOENT')) throw error;
    });
  }
  throw new StateStoreError('locked', `DATA_DIR ${dir}: could not take over the stale lock ${lockPath}`, {
    retryable: true,
  });
}

/** The temp file is ours alone; already gone (ENOENT) is what we want, anything else is a failure. */
async function removeTempFile(tempPath: string): Promise<void> {
  await unlink(tempPath).catch((error: unknown) => {
    if (!isErrno(error, 'ENOENT')) throw error;
  });
}

async function releaseLock(lockPath: string): Promise<void> {
  // Only remove a lock that is still ours.
  if ((await readOwnerPid(lockPath)) !== process.pid) return;
  await unlink(lockPath).catch((error: unknown) => {
    if (!isErrno(error, 'ENOENT')) throw error;
  });
}

async function readOwnerPid(lockPath: string): Promise<number | undefined> {
  try {
    const pid = Number.parseInt((await readFile(lockPath, 'utf8')).trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch (error) {
    if (isErrno(error, 'ENOENT')) return undefined;
    throw error;
  }
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return isErrno(error, 'EPERM');
  }
}

export function isErrno(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
}
