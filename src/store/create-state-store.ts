/** Picks the state store: Redis when configured (several replicas), else the embedded file store. */
import type { Logger } from '../observability/logger.js';
import type { RedisConnection } from './redis-connection.js';
import { createFileStateStore } from './file-state-store.js';
import type { StateStore } from './state-store.js';

export interface CreateStateStoreOptions {
  redis?: RedisConnection;
  dataDir: string;
  logger: Logger;
  keyPrefix?: string;
  clock?: () => number;
}

export async function createStateStore(options: CreateStateStoreOptions): Promise<StateStore> {
  if (options.redis !== undefined) {
    // Loaded only here: ioredis costs a single-replica deployment start-up time and memory for nothing.
    const { createRedisStateStore } = await import('./redis-state-store.js');
    const { describeRedisConnection } = await import('./redis-connection.js');
    options.logger.info('state store: redis', { redis: describeRedisConnection(options.redis) });
    return createRedisStateStore({
      connection: options.redis,
      logger: options.logger,
      ...(options.keyPrefix === undefined ? {} : { keyPrefix: options.keyPrefix }),
    });
  }
  options.logger.info('state store: embedded files', { dataDir: options.dataDir });
  return createFileStateStore({
    dir: options.dataDir,
    logger: options.logger,
    ...(options.clock === undefined ? {} : { clock: options.clock }),
  });
}
