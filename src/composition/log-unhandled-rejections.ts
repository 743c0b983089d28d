import type { Logger } from '../observability/logger.js';

/** Logs every unhandled rejection; after a failed start-up (`startupFailed`) at debug level only. */
export function logUnhandledRejections(logger: Logger): { startupFailed(): void } {
  let failed = false;
  process.on('unhandledRejection', (reason) => {
    // After a failed start-up, calls still in flight (Bolt's first auth.test) fail as their peers
    // close: expected, and not worth a stack under the one line that says what to do.
    if (failed) logger.debug('unhandled rejection after a failed start-up', { error: reason });
    else logger.error('unhandled rejection', { error: reason });
  });
  return {
    startupFailed() {
      failed = true;
    },
  };
}
