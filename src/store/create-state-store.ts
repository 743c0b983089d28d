/** Picks the state store: Redis when REDIS_URL is set (several replicas), else the embedded file store. */
import type { Logger } from '../observability/logger.js';
import { createFileStateStore } from './file-state-store.js';
import type { StateStore } from './state-store.js';

export interface CreateStateStoreOptions {
  redisUrl?: string;
  dataDir: string;
  logger: Logger;
  keyPrefix?: string;
  clock?: () => number;
}

export async function createStateStore(options: CreateStateStoreOptions): Promise<StateStore> {
  if (options.redisUrl !== undefined && options.redisUrl !== '') {
    // Loaded only here: ioredis costs a single-replica deployment start-up time and memory for nothing.
    const { createRedisStateStore, describeRedisUrl } = await import('./redis-state-store.js');
    options.logger.info('state store: redis', { redis: describeRedisUrl(options.redisUrl) });
    return createRedisStateStore({
      url: options.redisUrl,
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
