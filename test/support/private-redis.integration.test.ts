import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { startPrivateRedis } from './private-redis.js';

describe('private redis-server for outage tests', () => {
  const closers: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const close of closers.reverse()) await close();
  });

  it('loses its data on restartEmpty and answers nothing while paused', async () => {
    const redis = await startPrivateRedis();
    closers.push(() => redis.close());
    const client = new Redis(redis.url, { maxRetriesPerRequest: 1, commandTimeout: 300, enableOfflineQueue: false, lazyConnect: true });
    closers.push(async () => client.disconnect());
    await client.connect();
    await client.set('k', 'v');
    expect(await client.get('k')).toBe('v');
    redis.pause();
    await expect(client.get('k')).rejects.toThrow(/timed out/i);
    redis.resume();
    await redis.restartEmpty();
    const fresh = new Redis(redis.url, { maxRetriesPerRequest: 1 });
    closers.push(async () => fresh.disconnect());
    expect(await fresh.get('k')).toBeNull();
  });
});
