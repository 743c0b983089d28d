/**
 * The StateStore contract on the stores the app runs on (Redis, the embedded file store), then
 * what only each of them does: key prefixes, durability across restarts and crashes, the
 * DATA_DIR lock. The same contract runs on the memory store in the unit tier
 * (state-store.contract.test.ts).
 */
import { spawn } from 'node:child_process';
import { appendFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFileStateStore } from '../../src/store/file-state-store.js';
import { describeStateStoreContract } from './state-store-contract.js';
import {
  assertRedisReachable,
  buildFileStore,
  buildManualClock,
  buildRedisStore,
  clearRedisPrefix,
  makeTempDir,
  storeKinds,
  uniquePrefix,
} from './store-harness.js';

describeStateStoreContract(storeKinds(['redis', 'file']));

// Defined only when the Redis half runs (an explicit SKIP_REDIS_TESTS=1 leaves it out, never skipped).
if (storeKinds().includes('redis'))
  describe('Redis state store specifics', () => {
    beforeAll(async () => {
      await assertRedisReachable();
    });

    it('keeps stores with different key prefixes apart', async () => {
      const prefixA = uniquePrefix('iso-a');
      const prefixB = uniquePrefix('iso-b');
      const a = buildRedisStore(prefixA);
      const b = buildRedisStore(prefixB);
      try {
        await a.set('same', 'from-a');
        await b.set('same', 'from-b');
        expect(await a.get('same')).toBe('from-a');
        expect(await b.get('same')).toBe('from-b');
        expect(await a.keys('')).toEqual(['same']);
      } finally {
        await a.close();
        await b.close();
        await clearRedisPrefix(prefixA);
        await clearRedisPrefix(prefixB);
      }
    });
  });

describe('File state store specifics', () => {
  let temp: { dir: string; remove: () => Promise<void> };
  beforeEach(async () => {
    temp = await makeTempDir('file-store');
  });
  afterEach(async () => {
    await temp.remove();
  });

  it('keeps values and TTLs across close and re-open', async () => {
    const clock = buildManualClock();
    const first = await buildFileStore(temp.dir, clock);
    await first.set('run:1', '{"lastOffset":7}');
    await first.set('temp', 'x', 1_000);
    await first.set('gone', 'x');
    await first.delete('gone');
    await first.increment('count', 3, 60_000);
    await first.close();

    const second = await buildFileStore(temp.dir, clock);
    expect(await second.get('run:1')).toBe('{"lastOffset":7}');
    expect(await second.get('temp')).toBe('x');
    expect(await second.get('gone')).toBeNull();
    expect(await second.increment('count', 1, 60_000)).toBe(4);
    clock.advance(1_001);
    expect(await second.get('temp')).toBeNull();
    await second.close();
  });

  it('refuses a second store on the same directory while the first is open', async () => {
    const clock = buildManualClock();
    const first = await buildFileStore(temp.dir, clock);
    const refused = buildFileStore(temp.dir, clock);
    await expect(refused).rejects.toMatchObject({ code: 'locked' });
    await expect(refused).rejects.toThrow(/DATA_DIR .* already in use/);
    await first.close();
    const again = await buildFileStore(temp.dir, clock);
    expect(await again.get('anything')).toBeNull();
    await again.close();
  });

  it('keeps every write that resolved before the process was SIGKILLed, and takes over its lock', async () => {
    const fixture = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'write-then-die.ts');
    const child = spawn(process.execPath, ['--import', 'tsx', fixture, temp.dir, '80'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const signal = await new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, sig) => resolve(sig)));
    expect(stderr).toBe('');
    expect(signal).toBe('SIGKILL');

    const store = await createFileStateStore({ dir: temp.dir });
    expect(await store.get('offset:run-1')).toBe('42');
    const values = await Promise.all(Array.from({ length: 80 }, (_, i) => store.get(`k:${i}`)));
    expect(values).toEqual(Array.from({ length: 80 }, (_, i) => `v${i}`));
    await store.close();
  });

  it('ignores a torn last journal line left by a crash mid-append', async () => {
    const clock = buildManualClock();
    const store = await buildFileStore(temp.dir, clock);
    await store.set('a', '1');
    await store.close();
    await appendFile(path.join(temp.dir, 'state.journal'), '{"k":"a","v":"2"}\n{"k":"b","v');
    const reopened = await buildFileStore(temp.dir, clock);
    expect(await reopened.get('a')).toBe('2');
    expect(await reopened.get('b')).toBeNull();
    await reopened.close();
  });

  it('compacts its journal into a snapshot without losing or reviving keys', async () => {
    const clock = buildManualClock();
    const store = await buildFileStore(temp.dir, clock, { compactAfterBytes: 2_000 });
    for (let i = 0; i < 200; i += 1) await store.set(`key:${i % 20}`, `value-${i}`);
    await store.delete('key:0');
    await store.set('short', 'x', 10);
    await store.close();
    clock.advance(20);
    const reopened = await buildFileStore(temp.dir, clock);
    expect(await reopened.get('key:0')).toBeNull();
    expect(await reopened.get('key:19')).toBe('value-199');
    expect(await reopened.get('short')).toBeNull();
    expect((await reopened.keys('key:')).length).toBe(19);
    await reopened.close();
  });
});
