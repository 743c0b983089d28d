/**
 * Who takes over an interrupted export (PendingExports.takeOver): never one a live process is
 * working on; this instance's own begun before the process started, at once; another replica's
 * once its lease lapsed. The store's clock is injected, so the lapse is a clock step, not a wait.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryStateStore } from '../../src/store/memory-state-store.js';
import { EXPORT_LEASE_MS, type PendingExport, PendingExports } from '../../src/store/pending-exports.js';

function buildPendingExport(overrides: Partial<PendingExport> = {}): PendingExport {
  return {
    teamId: 'T1',
    exportId: 'x1',
    userId: 'U1',
    filename: '600519-income-2026-11-27.csv',
    title: 'Income (CSV)',
    format: 'csv',
    dmNote: 'Here is the income statement as CSV.',
    origin: { channelId: 'C1' },
    target: { kind: 'thread', channelId: 'C1', threadTs: '1.0' },
    startedAtMs: 1_000,
    ...overrides,
  };
}

describe('PendingExports.takeOver', () => {
  it("leaves another replica's export alone while its lease holds, and takes it once the lease lapsed", async () => {
    let now = 1_000;
    const exports = new PendingExports(createMemoryStateStore({ clock: () => now }));
    const record = buildPendingExport();
    expect(await exports.begin(record, 'replica-a')).toBe(true);
    expect(await exports.takeOver(record, 'replica-b', 0)).toBe(false);
    now += EXPORT_LEASE_MS + 1;
    expect(await exports.takeOver(record, 'replica-b', 0)).toBe(true);
    expect(await exports.takeOver(record, 'replica-a', now)).toBe(false);
  });

  it("takes this instance's export begun by its previous process at once, never one of its own process", async () => {
    const now = 5_000;
    const exports = new PendingExports(createMemoryStateStore({ clock: () => now }));
    const old = buildPendingExport({ exportId: 'old', startedAtMs: 1_000 });
    const mine = buildPendingExport({ exportId: 'mine', startedAtMs: 4_000 });
    await exports.begin(old, 'instance-0');
    await exports.begin(mine, 'instance-0');
    // The process restarted at 3 000 under the same instance id.
    expect(await exports.takeOver(old, 'instance-0', 3_000)).toBe(true);
    expect(await exports.takeOver(mine, 'instance-0', 3_000)).toBe(false);
  });

  it('lists what is pending until finished', async () => {
    const exports = new PendingExports(createMemoryStateStore());
    const record = buildPendingExport();
    await exports.begin(record, 'instance-0');
    await exports.save({ ...record, fileId: 'F1' });
    expect(await exports.list()).toEqual([{ ...record, fileId: 'F1' }]);
    await exports.finish(record, 'instance-0');
    expect(await exports.list()).toEqual([]);
    // Its lease went with it: a new export of the same id could begin.
    expect(await exports.begin(record, 'instance-1')).toBe(true);
  });
});
