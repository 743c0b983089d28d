/**
 * Start-up failures an operator can fix, as one line that says what to do (a port in use, a full
 * disk, a DATA_DIR another process holds or that cannot be written). Anything else is a bug and
 * keeps its stack in the log.
 */
import { StateStoreError } from './store/state-store-error.js';

export interface StartupContext {
  /** The ports this process listens on, with the variable that sets each. */
  ports: ReadonlyArray<{ variable: string; port: number }>;
  dataDir: string;
}

export function describeStartupFailure(error: unknown, context: StartupContext): string | undefined {
  // The data-dir lock already says who holds it and what to do.
  if (error instanceof StateStoreError && error.code === 'locked') return error.message;
  const errno = findErrno(error);
  if (!errno) return undefined;
  switch (errno.code) {
    case 'EADDRINUSE':
    case 'EACCES':
      if (errno.syscall === 'listen') return describeListenFailure(errno, context);
      if (errno.code === 'EACCES')
        return `cannot write DATA_DIR ${context.dataDir} (permission denied): make it writable by this user, or set DATA_DIR to a directory that is`;
      return undefined;
    case 'ENOSPC':
      return `the disk holding DATA_DIR ${context.dataDir} is full: free some space, or set DATA_DIR to a directory on another disk`;
    case 'EROFS':
      return `DATA_DIR ${context.dataDir} is on a read-only file system: set DATA_DIR to a writable directory`;
    default:
      return undefined;
  }
}

function describeListenFailure(errno: NodeJS.ErrnoException & { port?: number }, context: StartupContext): string {
  const variable = context.ports.find((p) => p.port === errno.port)?.variable;
  const port = errno.port ?? '?';
  const setting = variable ? `set ${variable} to a free port (example: ${variable}=${freeExample(errno.port)})` : 'choose another port';
  if (errno.code === 'EACCES') return `not allowed to listen on port ${port}: ${setting}, above 1023`;
  return `port ${port} is already in use (another Research Desk, or another program: \`lsof -i :${port}\` shows which): stop it, or ${setting}`;
}

function freeExample(port: number | undefined): number {
  return port === undefined || port >= 65_000 ? 3100 : port + 1;
}

/** The first Node system error in the cause chain (stores and emulators wrap them). */
function findErrno(error: unknown): (NodeJS.ErrnoException & { port?: number }) | undefined {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth += 1) {
    if (typeof (e as NodeJS.ErrnoException).code === 'string' && (e as NodeJS.ErrnoException).code?.startsWith('E')) {
      return e as NodeJS.ErrnoException & { port?: number };
    }
  }
  return undefined;
}
