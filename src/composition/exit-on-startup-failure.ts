import type { Config } from '../config/load-config.js';
import type { Logger } from '../observability/logger.js';
import { describeStartupFailure } from '../startup-failure.js';
import type { Closers } from './closers.js';

/**
 * Ends a start-up that failed. A cause the operator can fix is one line that says how; nothing was
 * served yet, so there is nothing to close: closing peers would only add their own noise (the
 * store's lock is taken over once this process is gone, data-dir-lock.ts). Anything else is logged
 * with its stack, and what was opened is closed.
 */
export async function exitOnStartupFailure(
  error: unknown,
  context: { config: Pick<Config, 'port' | 'slack' | 'dataDir'>; closers: Closers; logger: Logger },
): Promise<never> {
  const { config } = context;
  const ports = [{ variable: 'PORT', port: config.port }];
  if (config.slack.mode === 'playground') ports.push({ variable: 'PLAYGROUND_PORT', port: config.slack.playgroundPort });
  const fix = describeStartupFailure(error, { ports, dataDir: config.dataDir });
  if (fix) {
    process.stderr.write(`research-desk: ${fix}\n`);
    process.exit(1);
  }
  context.logger.error('start-up failed', { error });
  await context.closers.closeAll();
  process.exit(1);
}
