import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createRunLeases } from '../../../src/agent/runtime/run-leases.js';
import { createLogger } from '../../../src/observability/logger.js';
import { createRedactor } from '../../../src/observability/redactor.js';
import { keys, leaseNames } from '../../../src/store/keys.js';
import { Leases } from '../../../src/store/leases.js';
import { createRedisStateStore } from '../../../src/store/redis-state-store.js';
import { eventually } from '../support/eventually.js';
import { createManualTimers } from '../support/manual-timers.js';
import { REDIS_URL } from '../support/relay-harness.js';

describe('run leases', () => {
  const store = createRedisStateStore({ url: REDIS_URL, keyPrefix: `test:leases:${randomUUID().slice(0, 8)}:` });
  const leases = new Leases(store);
  const logLines: string[] = [];
  const logger = createLogger({ level: 'info', redact: createRedactor([]), write: (l) => logLines.push(l) });
  afterAll(async () => {
    for (const key of await store.keys('')) await store.delete(key);
    await store.close();
  });

  it('renews on every tick of its timer, reports a takeover once, and stops when cancelled', async () => {
    const timers = createManualTimers();
    const mine = createRunLeases({ leases, holderId: 'replica-a', leaseMs: 30_000, timers, logger });
    expect(await mine.acquire('r1')).toBe(true);
    let lost = 0;
    const kept = mine.keep('r1', {
      onLost: () => {
        lost += 1;
      },
      onTakenBack: async () => undefined,
    });
    await timers.advance(30_000);
    expect(await leases.holder(leaseNames.run('r1'))).toBe('replica-a');
    expect(lost).toBe(0);

    // The lease expires (explicitly, as its TTL would end it) and another replica takes the run.
    expect(await leases.release(leaseNames.run('r1'), 'replica-a')).toBe(true);
    expect(await leases.acquire(leaseNames.run('r1'), 'replica-b', 30_000)).toBe(true);
    await timers.advance(10_000);
    expect(lost).toBe(1);
    await timers.advance(30_000);
    expect(lost).toBe(1);
    expect(logLines.filter((l) => l.includes('lost the lease of a run'))).toHaveLength(1);
    expect(await leases.holder(leaseNames.run('r1'))).toBe('replica-b');

    kept.cancel();
    expect(timers.pending()).toBe(0);
  });

  it('takes back a lease nobody holds (the store lost it) instead of giving the run up', async () => {
    const timers = createManualTimers();
    const mine = createRunLeases({ leases, holderId: 'replica-a', leaseMs: 30_000, timers, logger });
    expect(await mine.acquire('r2')).toBe(true);
    const seen: string[] = [];
    let restoreFails = true;
    const kept = mine.keep('r2', {
      onLost: () => seen.push('lost'),
      onTakenBack: async () => {
        seen.push('taken back');
        if (restoreFails) throw new Error('store down again');
      },
    });
    // Gone as after a Redis restart that lost everything (no other holder).
    await store.delete(keys.lease(leaseNames.run('r2')));
    await timers.advance(10_000);
    // The restore failed: the lease is given up again, so the next renewal retries the take-back.
    expect(seen).toEqual(['taken back']);
    expect(await leases.holder(leaseNames.run('r2'))).toBeNull();
    restoreFails = false;
    await timers.advance(10_000);
    expect(seen).toEqual(['taken back', 'taken back']);
    expect(await leases.holder(leaseNames.run('r2'))).toBe('replica-a');
    // Ours again: renewals go on quietly.
    await timers.advance(30_000);
    expect(seen).toEqual(['taken back', 'taken back']);
    expect(logLines.filter((l) => l.includes('took back the lease of a run') && l.includes('r2'))).toHaveLength(2);
    kept.cancel();
  });

  it('confirm: answers at once while the lease is fresh, and after a pause past it asks the store', async () => {
    const timers = createManualTimers();
    let now = 0;
    const mine = createRunLeases({ leases, holderId: 'replica-a', leaseMs: 30_000, timers, logger, clock: () => now });
    expect(await mine.acquire('r3')).toBe(true);
    let lost = 0;
    const kept = mine.keep('r3', { onLost: () => (lost += 1), onTakenBack: async () => undefined });
    expect(await kept.confirm()).toBe(true);
    // This process pauses past its lease (its timers do not fire); another replica takes the run.
    now += 31_000;
    expect(await leases.release(leaseNames.run('r3'), 'replica-a')).toBe(true);
    expect(await leases.acquire(leaseNames.run('r3'), 'replica-b', 30_000)).toBe(true);
    expect(await kept.confirm()).toBe(false);
    expect(lost).toBe(1);
    // Lost stays lost, without asking again or reporting twice.
    expect(await kept.confirm()).toBe(false);
    await timers.advance(10_000);
    expect(lost).toBe(1);
    kept.cancel();
  });

  it('confirm: a lease nobody holds is taken back without waiting for the restore (which may stop the relay that asked)', async () => {
    const timers = createManualTimers();
    let now = 0;
    const mine = createRunLeases({ leases, holderId: 'replica-a', leaseMs: 30_000, timers, logger, clock: () => now });
    expect(await mine.acquire('r4')).toBe(true);
    let finishRestore: () => void = () => undefined;
    const restored = new Promise<void>((resolve) => {
      finishRestore = resolve;
    });
    let restores = 0;
    const kept = mine.keep('r4', {
      onLost: () => expect.fail('nobody else held the lease'),
      // A restore that waits, as one that stops the relay waits for that relay's pending write.
      onTakenBack: async () => {
        restores += 1;
        await restored;
      },
    });
    now += 31_000;
    await store.delete(keys.lease(leaseNames.run('r4')));
    expect(await kept.confirm()).toBe(true);
    expect(restores).toBe(1);
    expect(await leases.holder(leaseNames.run('r4'))).toBe('replica-a');
    // Fresh again: a second write does not take it back twice.
    expect(await kept.confirm()).toBe(true);
    expect(restores).toBe(1);
    finishRestore();
    kept.cancel();
  });
  /** Run leases whose renewals and clock move only with the test (both on the manual timers). */
  const onManualTime = (leasesOf: Leases = leases) => {
    const timers = createManualTimers();
    return {
      timers,
      mine: createRunLeases({ leases: leasesOf, holderId: 'replica-a', leaseMs: 30_000, timers, logger, clock: timers.now }),
    };
  };
  /** Run leases whose clock the test moves without firing their renewals: a process paused past its lease. */
  const paused = () => {
    let now = 0;
    const mine = createRunLeases({
      leases,
      holderId: 'replica-a',
      leaseMs: 30_000,
      timers: createManualTimers(),
      logger,
      clock: () => now,
    });
    return {
      mine,
      pausePastLease: () => {
        now += 31_000;
      },
    };
  };
  const handOver = async (runId: string) => {
    expect(await leases.release(leaseNames.run(runId), 'replica-a')).toBe(true);
    expect(await leases.acquire(leaseNames.run(runId), 'replica-b', 30_000)).toBe(true);
  };
  const linesFor = (text: string, runId: string) => logLines.filter((l) => l.includes(text) && l.includes(`"runId":"${runId}"`));

  it('between renewals a write is confirmed without asking the store, and past the window it asks', async () => {
    const timers = createManualTimers();
    let now = 0;
    const mine = createRunLeases({ leases, holderId: 'replica-a', leaseMs: 30_000, timers, logger, clock: () => now });
    expect(await mine.acquire('r6')).toBe(true);
    let lost = 0;
    const kept = mine.keep('r6', { onLost: () => (lost += 1), onTakenBack: async () => undefined });
    now = 10_000;
    await timers.advance(10_000); // the renewal at 10 s holds the lease until 40 s
    await handOver('r6');
    now = 29_999;
    expect(await kept.confirm()).toBe(true);
    expect(lost).toBe(0);
    now = 30_000;
    expect(await kept.confirm()).toBe(false);
    expect(lost).toBe(1);
    kept.cancel();
  });

  it('once a renewal found the lease taken, confirm says no at once, even within the renewed window', async () => {
    const { timers, mine } = onManualTime();
    expect(await mine.acquire('r7')).toBe(true);
    let lost = 0;
    const kept = mine.keep('r7', { onLost: () => (lost += 1), onTakenBack: async () => undefined });
    await timers.advance(10_000);
    await handOver('r7');
    await timers.advance(10_000);
    expect(lost).toBe(1);
    expect(await kept.confirm()).toBe(false);
    expect(lost).toBe(1);
    expect(linesFor('lost the lease of a run', 'r7')).toHaveLength(1);
    kept.cancel();
  });

  it('a lease taken back counts as renewed: writes within its window do not ask again', async () => {
    const { mine, pausePastLease } = paused();
    expect(await mine.acquire('r8')).toBe(true);
    let restores = 0;
    const kept = mine.keep('r8', {
      onLost: () => expect.fail('taken back, not lost'),
      onTakenBack: async () => {
        restores += 1;
      },
    });
    pausePastLease();
    await store.delete(keys.lease(leaseNames.run('r8')));
    // Two writes asking at once share one look at the store: the run is taken back once.
    expect(await Promise.all([kept.confirm(), kept.confirm()])).toEqual([true, true]);
    await eventually(
      async () => restores,
      (n) => n === 1,
    );
    expect(linesFor('took back the lease of a run', 'r8')).toHaveLength(1);
    await handOver('r8');
    expect(await kept.confirm()).toBe(true);
    expect(restores).toBe(1);
    kept.cancel();
  });

  it('a take-back whose restore failed is asked about again by the next write, which retries it', async () => {
    const { mine, pausePastLease } = paused();
    expect(await mine.acquire('r9')).toBe(true);
    let restores = 0;
    const kept = mine.keep('r9', {
      onLost: () => expect.fail('nobody else held the lease'),
      onTakenBack: async () => {
        restores += 1;
        if (restores === 1) throw new Error('store down again');
      },
    });
    pausePastLease();
    await store.delete(keys.lease(leaseNames.run('r9')));
    expect(await kept.confirm()).toBe(true);
    // The failed restore gives the lease up again (in the background of the write that asked).
    await eventually(
      () => leases.holder(leaseNames.run('r9')),
      (holder) => holder === null,
    );
    expect(linesFor('could not restore a run taken back', 'r9')).toHaveLength(1);
    expect(await kept.confirm()).toBe(true);
    await eventually(
      async () => restores,
      (n) => n === 2,
    );
    expect(await leases.holder(leaseNames.run('r9'))).toBe('replica-a');
    kept.cancel();
  });

  it('while the store cannot answer, writes go on as renewals do, and the failure is logged', async () => {
    const own = createRedisStateStore({ url: REDIS_URL, keyPrefix: `test:leases:${randomUUID().slice(0, 8)}:`, maxRetriesPerRequest: 0 });
    const { timers, mine } = onManualTime(new Leases(own));
    expect(await mine.acquire('r10')).toBe(true);
    let lost = 0;
    const kept = mine.keep('r10', { onLost: () => (lost += 1), onTakenBack: async () => expect.fail('never lost') });
    await own.delete(keys.lease(leaseNames.run('r10')));
    await own.close();
    await timers.advance(31_000);
    expect(await kept.confirm()).toBe(true);
    expect(lost).toBe(0);
    expect(linesFor('could not renew a run lease', 'r10').length).toBeGreaterThan(0);
    kept.cancel();
  });

  it('a restore that fails with the store gone is logged, and so is the lease it could not give up', async () => {
    const own = createRedisStateStore({ url: REDIS_URL, keyPrefix: `test:leases:${randomUUID().slice(0, 8)}:`, maxRetriesPerRequest: 0 });
    const { timers, mine } = onManualTime(new Leases(own));
    expect(await mine.acquire('r11')).toBe(true);
    const kept = mine.keep('r11', {
      onLost: () => expect.fail('nobody else held the lease'),
      onTakenBack: async () => {
        await own.close();
        throw new Error('store gone');
      },
    });
    await own.delete(keys.lease(leaseNames.run('r11')));
    // The renewal awaits the restore it started, so both failures are logged when it returns.
    await timers.advance(10_000);
    expect(linesFor('could not restore a run taken back', 'r11')).toHaveLength(1);
    expect(linesFor('could not give up a run lease', 'r11')).toHaveLength(1);
    kept.cancel();
  });
});
