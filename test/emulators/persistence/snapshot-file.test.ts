import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createSnapshotWriter,
  readSnapshotFile,
  type SnapshotFileError,
  writeSnapshotFile,
} from '../../../src/emulators/persistence/snapshot-file.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'snapshot-file-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('snapshot files', () => {
  it('reads back what was written, and nothing when there is no file', async () => {
    const file = path.join(dir, 'state.json');
    expect(await readSnapshotFile(file)).toBeUndefined();
    await writeSnapshotFile(file, { a: [1, 'two'] });
    expect(await readSnapshotFile(file)).toEqual({ a: [1, 'two'] });
    // No temp file is left behind next to it.
    expect(await readdir(dir)).toEqual(['state.json']);
  });

  it('moves a file that is not JSON aside and says so, instead of refusing to start', async () => {
    const file = path.join(dir, 'state.json');
    await writeFile(file, '{"torn');
    const reports: SnapshotFileError[] = [];
    expect(await readSnapshotFile(file, (e) => reports.push(e))).toBeUndefined();
    expect(reports[0]?.message).toContain('moved it to');
    expect(await readFile(`${file}.corrupt`, 'utf8')).toBe('{"torn');
  });

  it('names the cause of a failed write in one line', async () => {
    const file = path.join(dir, 'missing-dir', 'state.json');
    await expect(writeSnapshotFile(file, {})).rejects.toThrow(/cannot write .*state\.json: ENOENT/);
  });

  it('coalesces changes into one write of the newest state', async () => {
    const file = path.join(dir, 'state.json');
    const timers: Array<() => void> = [];
    let state = 0;
    let snapshots = 0;
    const writer = createSnapshotWriter({
      file,
      snapshot: () => {
        snapshots += 1;
        return { state };
      },
      onError: (e) => {
        throw e;
      },
      setTimer: (fn) => {
        timers.push(fn);
        return {};
      },
    });
    for (let i = 1; i <= 5; i += 1) {
      state = i;
      writer.markDirty();
    }
    expect(timers).toHaveLength(1);
    timers[0]?.();
    await writer.flush();
    expect(snapshots).toBe(1);
    expect(await readSnapshotFile(file)).toEqual({ state: 5 });
  });

  it('reports a failed write once, and writes again once it can', async () => {
    const file = path.join(dir, 'later', 'state.json');
    const errors: SnapshotFileError[] = [];
    const writer = createSnapshotWriter({ file, snapshot: () => ({ ok: true }), onError: (e) => errors.push(e), setTimer: () => ({}) });
    writer.markDirty();
    await writer.flush();
    writer.markDirty();
    await writer.flush();
    expect(errors).toHaveLength(1);
    await mkdir(path.join(dir, 'later'));
    await writer.flush();
    expect(await readSnapshotFile(file)).toEqual({ ok: true });
  });
});
