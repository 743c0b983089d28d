/**
 * A claim made with `awaitDurable: false` (the signed-request dedupe on the ack path) resolves
 * once every caller sees it, before the journal holds it, and is on disk a loop turn later.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { keys } from '../../src/store/keys.js';
import { SignedRequestDedupe } from '../../src/store/signed-request-dedupe.js';
import { buildFileStore, buildManualClock, makeTempDir } from './store-harness.js';

const SIGNED_AT = 1_741_564_800;
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Read without yielding, so no flush scheduled meanwhile can run. */
function bytesUnderNow(dir: string): string {
  return readdirSync(dir)
    .map((name) => readFileSync(path.join(dir, name)).toString('latin1'))
    .join('\n');
}

describe('file store claims that do not wait for the disk', () => {
  it('are seen at once, written with the next group commit, and kept across a reopen', async () => {
    const temp = await makeTempDir('claim-before-disk');
    cleanups.push(temp.remove);
    const clock = buildManualClock();
    const store = await buildFileStore(temp.dir, clock);

    const claims = new SignedRequestDedupe(store);
    expect(await claims.claim('digest-Kestrel', SIGNED_AT)).toBe(true);
    // Resolved before the flush (a setImmediate) ran: nothing of it is in any file yet.
    expect(bytesUnderNow(temp.dir)).not.toContain('digest-Kestrel');
    expect(await claims.claim('digest-Kestrel', SIGNED_AT)).toBe(false);
    expect(await store.addToSet(keys.signedRequestMinute(SIGNED_AT), 'digest-Kestrel', 600_000, { awaitDurable: false })).toBe(false);

    // A durable write after it resolves once both are on disk (one journal, in order).
    await store.set('folder:T1:F1', 'after');
    expect(bytesUnderNow(temp.dir)).toContain('digest-Kestrel');
    await store.close();

    const reopened = await buildFileStore(temp.dir, clock);
    expect(await new SignedRequestDedupe(reopened).claim('digest-Kestrel', SIGNED_AT)).toBe(false);
    expect(await new SignedRequestDedupe(reopened).claim('digest-Osprey', SIGNED_AT)).toBe(true);
    await reopened.close();
  });

  it('hold back a read of the claim until it is on disk, and no read of another key', async () => {
    const temp = await makeTempDir('claim-read');
    cleanups.push(temp.remove);
    const store = await buildFileStore(temp.dir, buildManualClock());
    await store.set('external-access:T1', '{"allowed":true}');

    await store.setIfAbsent('signed-request:digest-Heron', '1', 600_000, { awaitDurable: false });
    expect(await store.get('external-access:T1')).toBe('{"allowed":true}');
    expect(bytesUnderNow(temp.dir)).not.toContain('digest-Heron');

    expect(await store.get('signed-request:digest-Heron')).toBe('1');
    expect(bytesUnderNow(temp.dir)).toContain('digest-Heron');
    await store.close();
  });

  it('wait for the disk by default', async () => {
    const temp = await makeTempDir('claim-durable');
    cleanups.push(temp.remove);
    const store = await buildFileStore(temp.dir, buildManualClock());
    expect(await store.setIfAbsent('event:Ev1', '1', 600_000)).toBe(true);
    expect(bytesUnderNow(temp.dir)).toContain('event:Ev1');
    await store.close();
  });
});
