import { describe, expect, it } from 'vitest';
import { restoreLostRun } from '../../../src/agent/runtime/restore-lost-run.js';
import { createLogger } from '../../../src/observability/logger.js';
import { createRedactor } from '../../../src/observability/redactor.js';
import { createMemoryStateStore } from '../../../src/store/memory-state-store.js';
import type { RunRecord } from '../../../src/store/records.js';
import { RunStore } from '../../../src/store/run-store.js';
import { ThreadConversations } from '../../../src/store/thread-conversations.js';

function buildRun(overrides: Partial<RunRecord> = {}): RunRecord {
  return {
    runId: 'r-restore',
    teamId: 'T1',
    channelId: 'C1',
    threadTs: '1700000000.000100',
    replyTs: ['1700000000.000200'],
    conversationId: '90071992547409931',
    conversationUrl: 'https://research.example.com/c/90071992547409931',
    assistantMessageId: '42',
    lastOffset: 17,
    status: 'running',
    askerUserId: 'U1',
    question: 'How did Moutai revenue grow?',
    startedAtMs: 1_000,
    updatedAtMs: 2_000,
    delivery: 'update',
    ...overrides,
  };
}

/** A relay's handle as restoreLostRun sees it: its record, saved through the store. */
function buildHandle(runs: RunStore, record: RunRecord) {
  let saves = 0;
  return {
    runId: record.runId,
    record: () => record,
    saveRecord: async () => {
      saves += 1;
      await runs.save(record);
    },
    saves: () => saves,
  };
}

function buildStores() {
  const store = createMemoryStateStore({ clock: () => 5_000 });
  const lines: string[] = [];
  const logger = createLogger({ level: 'info', redact: createRedactor([]), write: (l) => lines.push(l) });
  return { runs: new RunStore(store, () => 5_000), threads: new ThreadConversations(store, () => 5_000), logger, lines };
}

describe('restoreLostRun', () => {
  it('writes back the record and the thread conversation the store lost, and goes on', async () => {
    const deps = buildStores();
    const ours = buildRun();
    const handle = buildHandle(deps.runs, ours);
    expect(await restoreLostRun(handle, deps)).toBe('continue');
    expect(await deps.runs.get(ours.runId)).toMatchObject({ status: 'running', lastOffset: 17, replyTs: ours.replyTs });
    expect((await deps.runs.listActive()).map((r) => r.runId)).toEqual([ours.runId]);
    expect(await deps.threads.get('T1', 'C1', ours.threadTs)).toMatchObject({
      conversationId: ours.conversationId,
      conversationUrl: ours.conversationUrl,
    });
    expect(deps.lines.filter((l) => l.includes('rebuilt a run record the store had lost'))).toHaveLength(1);
  });

  it('leaves a record the store kept as it is when only the lease lapsed', async () => {
    const deps = buildStores();
    const ours = buildRun();
    await deps.runs.save(buildRun({ lastOffset: 12 }));
    const handle = buildHandle(deps.runs, ours);
    expect(await restoreLostRun(handle, deps)).toBe('continue');
    expect(handle.saves()).toBe(0);
  });

  it.each([
    ['ended by another replica', { status: 'completed' as const }],
    ['moved further by another replica', { lastOffset: 30 }],
    ['shown in other messages', { replyTs: ['1700000000.000200', '1700000000.000300'] }],
    ['with a native stream open', { openStreamTs: '1700000000.000400' }],
  ])('stops this relay when the stored run was %s', async (_name, stored) => {
    const deps = buildStores();
    const ours = buildRun();
    await deps.runs.save(buildRun(stored));
    const handle = buildHandle(deps.runs, ours);
    expect(await restoreLostRun(handle, deps)).toBe('superseded');
    expect(handle.saves()).toBe(0);
  });
});
