import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../../src/observability/logger.js';
import { createRedactor } from '../../src/observability/redactor.js';
import { createStateStore } from '../../src/store/create-state-store.js';
import { assertRedisReachable, clearRedisPrefix, makeTempDir, redisTestUrl, storeKinds, uniquePrefix } from './store-harness.js';

describe('createStateStore', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('uses the embedded file store in DATA_DIR without a Redis URL', async () => {
    const temp = await makeTempDir('create');
    cleanups.push(temp.remove);
    const logger = createMemoryLogger(createRedactor([]));
    const store = await createStateStore({ dataDir: temp.dir, logger });
    cleanups.push(() => store.close());
    expect(store.kind).toBe('file');
    await store.set('k', 'v');
    expect(await store.get('k')).toBe('v');
  });

  if (storeKinds().includes('redis')) {
    beforeAll(async () => {
      await assertRedisReachable();
    });

    it('uses Redis when a Redis URL is set, and never logs its password', async () => {
      const url = new URL(redisTestUrl());
      url.password = 'sup3r-secret-pw';
      const temp = await makeTempDir('create');
      cleanups.push(temp.remove);
      const logger = createMemoryLogger(createRedactor([]));
      const prefix = uniquePrefix('create');
      const store = await createStateStore({
        redis: { kind: 'single', url: redisTestUrl() },
        dataDir: temp.dir,
        logger,
        keyPrefix: prefix,
      });
      cleanups.push(
        () => clearRedisPrefix(prefix),
        () => store.close(),
      );
      expect(store.kind).toBe('redis');
      await store.ping();
      // Logging a URL with a password prints host, port and db only.
      const withPassword = await createStateStore({
        redis: { kind: 'single', url: url.toString() },
        dataDir: temp.dir,
        logger,
        keyPrefix: prefix,
      });
      await withPassword.close();
      expect(logger.lines.join('\n')).not.toContain('sup3r-secret-pw');
      expect(logger.lines.some((l) => l.includes('state store: redis'))).toBe(true);
    });
  }
});
