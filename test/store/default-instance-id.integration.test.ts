import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultInstanceId, listenerInstanceId } from '../../src/store/default-instance-id.js';
import { makeTempDir } from './store-harness.js';

const ID_RULE = /^[A-Za-z0-9._:-]{1,100}$/;

describe('listenerInstanceId (the default with Redis)', () => {
  it('is the same for a restart of one replica and differs between replicas', () => {
    const pod = { hostname: 'research-desk-7d9f-x2k4q', port: 3000 };
    expect(listenerInstanceId(pod)).toBe('research-desk-7d9f-x2k4q:3000');
    expect(listenerInstanceId({ ...pod })).toBe(listenerInstanceId(pod));
    // Another pod or container, or another process on the same machine (it cannot share the address).
    expect(listenerInstanceId({ ...pod, hostname: 'research-desk-7d9f-p8m2z' })).not.toBe(listenerInstanceId(pod));
    expect(listenerInstanceId({ ...pod, port: 3001 })).not.toBe(listenerInstanceId(pod));
    expect(listenerInstanceId({ ...pod, host: '10.0.0.5' })).not.toBe(listenerInstanceId({ ...pod, host: '10.0.0.6' }));
  });

  it('is none for an ephemeral port, which two processes on one machine could both ask for', () => {
    expect(listenerInstanceId({ hostname: 'vm', port: 0 })).toBeUndefined();
  });

  it('keeps to the INSTANCE_ID rule whatever the host name, and long names stay distinct', () => {
    expect(listenerInstanceId({ hostname: 'odd host/name', host: '::1', port: 3000 })).toMatch(ID_RULE);
    const long = (tail: string) => listenerInstanceId({ hostname: `${'a'.repeat(120)}${tail}`, port: 3000 });
    expect(long('1')).toMatch(ID_RULE);
    expect(long('1')).not.toBe(long('2'));
  });
});

describe('defaultInstanceId with the embedded file store', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  beforeEach(async () => {
    temp = await makeTempDir('default-instance-id');
  });
  afterEach(() => temp.remove());

  it('is kept in DATA_DIR, so every start on it holds the same leases', async () => {
    const options = { store: 'file' as const, dataDir: temp.dir, hostname: 'vm', port: 3000 };
    const first = await defaultInstanceId(options);
    expect(first).toMatch(/^vm-[0-9a-f]{8}$/);
    // A restart, even on another port or in a new container on the same volume.
    expect(await defaultInstanceId({ ...options, hostname: 'new-container', port: 0 })).toBe(first);
  });

  it('differs between data directories', async () => {
    const other = await makeTempDir('default-instance-id-other');
    try {
      const a = await defaultInstanceId({ store: 'file', dataDir: temp.dir, hostname: 'vm', port: 3000 });
      const b = await defaultInstanceId({ store: 'file', dataDir: other.dir, hostname: 'vm', port: 3000 });
      expect(a).not.toBe(b);
    } finally {
      await other.remove();
    }
  });
});
