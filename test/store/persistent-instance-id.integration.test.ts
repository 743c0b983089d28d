import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readOrCreateInstanceId } from '../../src/store/persistent-instance-id.js';
import { makeTempDir } from './store-harness.js';

describe('readOrCreateInstanceId', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let file: string;
  beforeEach(async () => {
    temp = await makeTempDir('instance-id');
    file = path.join(temp.dir, 'instance-id');
  });
  afterEach(() => temp.remove());

  it('creates an id once and gives the same one on every later start', async () => {
    const first = await readOrCreateInstanceId(file);
    expect(first).toMatch(/^playground-[0-9a-f-]{36}$/);
    expect(await readOrCreateInstanceId(file, () => 'never-used')).toBe(first);
    expect((await readFile(file, 'utf8')).trim()).toBe(first);
  });

  it('replaces a file that holds no usable id', async () => {
    await writeFile(file, 'not an id; rm -rf /\n');
    expect(await readOrCreateInstanceId(file, () => 'fresh-id')).toBe('fresh-id');
    expect(await readOrCreateInstanceId(file, () => 'never-used')).toBe('fresh-id');
  });

  it('fails with a store error naming the file when it cannot write', async () => {
    await expect(readOrCreateInstanceId(path.join(temp.dir, 'missing-dir', 'instance-id'))).rejects.toMatchObject({
      name: 'StateStoreError',
      code: 'write_failed',
      message: expect.stringContaining('missing-dir'),
    });
  });
});
