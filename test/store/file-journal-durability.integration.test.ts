/**
 * The embedded store's journal is opened O_DSYNC|O_APPEND, so a write that resolved is on disk
 * (one thread-pool trip per group commit instead of write + fdatasync). Read from the kernel's own
 * view of the open file (/proc/self/fdinfo), Linux only.
 * @see https://man7.org/linux/man-pages/man5/proc_pid_fdinfo.5.html
 */
import { constants } from 'node:fs';
import { mkdtemp, readdir, readFile, readlink, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FileJournal } from '../../src/store/file-journal.js';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

/** The open flags (octal in fdinfo) of this process's descriptor for `file`. */
async function openFlagsOf(file: string): Promise<number> {
  for (const fd of await readdir('/proc/self/fd')) {
    const target = await readlink(`/proc/self/fd/${fd}`).catch(() => '');
    if (target !== file) continue;
    const info = await readFile(`/proc/self/fdinfo/${fd}`, 'utf8');
    const flags = /^flags:\s+([0-7]+)$/m.exec(info)?.[1];
    if (flags) return Number.parseInt(flags, 8);
  }
  throw new Error(`${file} is not open`);
}

describe.runIf(process.platform === 'linux')('FileJournal durability', () => {
  it('appends through a descriptor opened O_DSYNC and O_APPEND, and its writes read back after reopening', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'journal-durability-'));
    const { journal } = await FileJournal.open(dir);
    const flags = await openFlagsOf(path.join(dir, 'state.journal'));
    expect(flags & constants.O_DSYNC).toBe(constants.O_DSYNC);
    expect(flags & constants.O_APPEND).toBe(constants.O_APPEND);
    await journal.append([
      { k: 'a', v: '1' },
      { k: 'b', v: '2', e: 99 },
    ]);
    await journal.append([{ k: 'a', d: 1 }]);
    await journal.close();
    const reopened = await FileJournal.open(dir);
    expect(Object.fromEntries(reopened.entries)).toEqual({ b: { v: '2', e: 99 } });
    await reopened.journal.close();
  });
});
