import type { Logger } from '../observability/logger.js';
import type { Closers } from './closers.js';

/** A shutdown that hangs must not keep a deploy waiting forever. */
const SHUTDOWN_DEADLINE_MS = 10_000;

/** SIGTERM or SIGINT closes everything once (the app first) and exits. */
export function closeOnSignals(closers: Closers, logger: Logger): void {
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    logger.info('shutting down', { signal });
    void closers.closeAll().then(() => process.exit(0));
    setTimeout(() => process.exit(1), SHUTDOWN_DEADLINE_MS).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}
