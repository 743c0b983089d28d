/**
 * A thread's start claim (thread-start-claims.ts) on the real Redis store: two questions arriving
 * at once in an idle thread cannot both start a run; a repeat of the same run keeps its claim; a
 * claim a crash leaves behind ends after THREAD_START_CLAIM_MS (moved on the data by
 * advanceRedisTtls, never waited for).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { keys, leaseNames } from '../../src/store/keys.js';
import { Leases } from '../../src/store/leases.js';
import { THREAD_START_CLAIM_MS, ThreadStartClaims } from '../../src/store/thread-start-claims.js';
import { advanceRedisTtls, buildRedisStore, clearRedisPrefix, uniquePrefix } from './store-harness.js';

describe('ThreadStartClaims on Redis', () => {
  const prefix = uniquePrefix('thread-start');
  const store = buildRedisStore(prefix);
  const claims = new ThreadStartClaims(new Leases(store));
  const thread = (threadTs: string, channelId = 'C1', teamId = 'T1') => ({ teamId, channelId, threadTs });
  afterAll(async () => {
    await store.close();
    await clearRedisPrefix(prefix);
  });

  it('two runs starting at once in an idle thread: exactly one holds its claim', async () => {
    const won = await Promise.all(['run-a', 'run-b', 'run-c'].map((runId) => claims.claim(thread('100.1'), runId)));
    expect(won.filter(Boolean)).toHaveLength(1);
    const winner = ['run-a', 'run-b', 'run-c'][won.indexOf(true)];
    expect(await claims.holder(thread('100.1'))).toBe(winner);
    expect(await store.get(keys.lease(leaseNames.threadStart('T1', 'C1', '100.1')))).toBe(winner);
  });

  it('a repeat of the same run keeps its claim; another run is refused', async () => {
    expect(await claims.claim(thread('200.1'), 'run-a')).toBe(true);
    expect(await claims.claim(thread('200.1'), 'run-a')).toBe(true);
    expect(await claims.claim(thread('200.1'), 'run-b')).toBe(false);
    expect(await claims.holder(thread('200.1'))).toBe('run-a');
  });

  it('claims are per thread, channel and workspace', async () => {
    expect(await claims.claim(thread('300.1'), 'run-a')).toBe(true);
    expect(await claims.claim(thread('300.2'), 'run-b')).toBe(true);
    expect(await claims.claim(thread('300.1', 'C2'), 'run-c')).toBe(true);
    expect(await claims.claim(thread('300.1', 'C1', 'T2'), 'run-d')).toBe(true);
    expect(await claims.holder(thread('300.1'))).toBe('run-a');
    expect(await claims.holder(thread('300.2'))).toBe('run-b');
    expect(await claims.holder(thread('300.1', 'C2'))).toBe('run-c');
    expect(await claims.holder(thread('300.1', 'C1', 'T2'))).toBe('run-d');
  });

  it('only the run holding the claim releases it; then another run may start in the thread', async () => {
    expect(await claims.claim(thread('400.1'), 'run-a')).toBe(true);
    expect(await claims.release(thread('400.1'), 'run-b')).toBe(false);
    expect(await claims.holder(thread('400.1'))).toBe('run-a');
    expect(await claims.release(thread('400.1'), 'run-a')).toBe(true);
    expect(await claims.holder(thread('400.1'))).toBeNull();
    expect(await claims.claim(thread('400.1'), 'run-b')).toBe(true);
  });

  it('a claim a crashed start left behind ends after THREAD_START_CLAIM_MS, freeing the thread', async () => {
    expect(await claims.claim(thread('500.1'), 'crashed-run')).toBe(true);
    // Well inside the claim's life (seconds of margin for a slow machine), it still holds.
    await advanceRedisTtls(prefix, THREAD_START_CLAIM_MS - 5_000);
    expect(await claims.claim(thread('500.1'), 'next-run')).toBe(false);
    await advanceRedisTtls(prefix, 5_000);
    expect(await claims.holder(thread('500.1'))).toBeNull();
    expect(await claims.claim(thread('500.1'), 'next-run')).toBe(true);
  });
});
