import { Redis } from 'ioredis';

/** Empties the benchmark's Redis database, so no run or lease of an earlier benchmark is resumed. */
export async function flushRedis(url: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    await redis.flushdb();
  } finally {
    redis.disconnect();
  }
}
