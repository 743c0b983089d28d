/**
 * A lease holder id kept in a file, for a process that restarts in place (the playground): the
 * restarted process holds the leases its predecessor left, so it resumes their runs at once
 * instead of after the lease expires. Only for one process per file (DATA_DIR is locked to one).
 */
import { randomUUID } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { StateStoreError } from './state-store-error.js';

/** What src/config/relay-config.ts accepts as INSTANCE_ID, so a hand-edited file cannot smuggle anything else in. */
const INSTANCE_ID_PATTERN = /^[A-Za-z0-9._:-]{1,100}$/;

/** The id in `file`, or a new one (`playground-<uuid>`) written there when there is none usable. */
export async function readOrCreateInstanceId(file: string, create: () => string = () => `playground-${randomUUID()}`): Promise<string> {
  const existing = await readFile(file, 'utf8').then(
    (text) => text.trim(),
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return '';
      throw new StateStoreError('unavailable', `cannot read the instance id in ${file}: ${error.message}`, { cause: error });
    },
  );
  if (INSTANCE_ID_PATTERN.test(existing)) return existing;
  const id = create();
  const temp = `${file}.tmp-${process.pid}`;
  try {
    await writeFile(temp, `${id}\n`);
    await rename(temp, file);
  } catch (error) {
    throw new StateStoreError('write_failed', `cannot write the instance id to ${file}: ${(error as Error).message}`, { cause: error });
  }
  return id;
}
