/**
 * The file store's compact(): once it resolves no deleted value is in any file of the directory
 * (the journal kept every write), and writes made while it runs are neither lost nor torn.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { StateStore } from '../../src/store/state-store.js';
import { buildFileStore, buildManualClock, makeTempDir } from './store-harness.js';

const cleanups: Array<() => Promise<void>> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function openInTempDir(): Promise<{ dir: string; open: () => Promise<StateStore> }> {
  const temp = await makeTempDir('compact');
  cleanups.push(temp.remove);
  const clock = buildManualClock();
  return { dir: temp.dir, open: () => buildFileStore(temp.dir, clock) };
}

async function bytesUnder(dir: string): Promise<string> {
  const names = await readdir(dir);
  const texts = await Promise.all(names.map((name) => readFile(path.join(dir, name)).then((b) => b.toString('latin1'))));
  return texts.join('\n');
}

describe('file store compact()', () => {
  it('leaves no deleted value in any file, and keeps the live ones across a reopen', async () => {
    const { dir, open } = await openInTempDir();
    const store = await open();
    await store.set('folder:T1:F1', 'forgotten-folder-Osprey');
    await store.set('folder:T2:F1', 'kept-folder-Heron');
    await store.delete('folder:T1:F1');
    expect(await bytesUnder(dir)).toContain('forgotten-folder-Osprey');

    await store.compact?.();

    const bytes = await bytesUnder(dir);
    expect(bytes).not.toContain('forgotten-folder-Osprey');
    expect(bytes).toContain('kept-folder-Heron');
    await store.close();
    const reopened = await open();
    expect(await reopened.get('folder:T2:F1')).toBe('kept-folder-Heron');
    expect(await reopened.get('folder:T1:F1')).toBeNull();
    await reopened.close();
  });

  it('forgets expired keys nobody reads again, in memory as on disk', async () => {
    const temp = await makeTempDir('compact-expired');
    cleanups.push(temp.remove);
    const clock = buildManualClock();
    const store = await buildFileStore(temp.dir, clock);
    const start = clock.now();
    await store.set('signed-request:claimed-once', '1', 60_000);
    await store.set('folder:T1:F1', 'kept');
    clock.advance(120_000);
    await store.compact?.();
    // Set the clock back inside the claim's life: an entry compaction left in memory would be live again.
    clock.set(start + 1_000);
    expect(await store.get('signed-request:claimed-once')).toBeNull();
    expect(await store.get('folder:T1:F1')).toBe('kept');
    await store.close();
  });

  it('loses no write made while compactions run', async () => {
    const { open } = await openInTempDir();
    const store = await open();
    const writes: Array<Promise<unknown>> = [];
    for (let i = 0; i < 200; i += 1) {
      writes.push(store.set(`k:${i}`, `v${i}`));
      if (i % 20 === 0) writes.push(store.compact?.() ?? Promise.resolve());
      if (i % 7 === 0) writes.push(store.delete(`k:${i - 1}`));
    }
    await Promise.all(writes);
    await store.close();

    const reopened = await open();
    for (let i = 0; i < 200; i += 1) {
      // A delete of k:{i-1} was issued right after k:{i-1}'s set when i is a multiple of 7.
      const expected = (i + 1) % 7 === 0 && i + 1 < 200 ? null : `v${i}`;
      expect(await reopened.get(`k:${i}`), `k:${i}`).toBe(expected);
    }
    await reopened.close();
  });

  it('a compaction asked for just before close completes before the store closes', async () => {
    const { dir, open } = await openInTempDir();
    const store = await open();
    await store.set('a', 'gone-value-Wren');
    await store.delete('a');
    const compacted = store.compact?.();
    await store.close();
    await compacted;
    expect(await bytesUnder(dir)).not.toContain('gone-value-Wren');
  });
});
