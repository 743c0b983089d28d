/**
 * Following a file's processing (src/slack/folders/follow/): the waits grow, the deadline is the
 * injected clock's, each outcome is told once and undoes what a failure leaves. The store is the
 * memory store; the service answers a script of statuses; Slack is a recorder of chat calls.
 */
import type { WebClient } from '@slack/web-api';
import { describe, expect, it } from 'vitest';
import type { Timers } from '../../../../src/agent/runtime/timers.js';
import { createMemoryLogger } from '../../../../src/observability/logger.js';
import { createRedactor } from '../../../../src/observability/redactor.js';
import { ServiceError } from '../../../../src/service/errors/service-error.js';
import type { DocumentUploadStatus, ResearchService } from '../../../../src/service/types.js';
import { createRateBudget } from '../../../../src/slack-api/rate-budget.js';
import { followProcessing } from '../../../../src/slack/folders/follow/follow-processing.js';
import { createAppStores } from '../../../../src/store/app-stores.js';
import { createMemoryStateStore } from '../../../../src/store/memory-state-store.js';
import { buildDocumentRecord } from '../../../store/research-documents-suite.js';

type Answer = DocumentUploadStatus['state'] | 'network' | 'not_found' | { failed: string };

function buildFollow(script: Answer[], options: { deadlineMs?: number } = {}) {
  let now = 1_000;
  const waits: number[] = [];
  const timers: Timers = {
    after(ms, callback) {
      waits.push(ms);
      setImmediate(() => {
        now += ms;
        void callback();
      });
      return { cancel: () => undefined };
    },
    every: () => ({ cancel: () => undefined }),
  };
  const state = createMemoryStateStore({ clock: () => now });
  const stores = createAppStores(state, () => now);
  const told: Array<{ method: string; text: string }> = [];
  const client = {
    chat: {
      update: async (args: { text: string }) => {
        told.push({ method: 'chat.update', text: args.text });
        return { ok: true };
      },
      postMessage: async (args: { text: string }) => {
        told.push({ method: 'chat.postMessage', text: args.text });
        return { ok: true, ts: '9.9' };
      },
    },
  } as unknown as WebClient;
  const deleted: string[][] = [];
  const stop = new AbortController();
  let calls = 0;
  const service = {
    async documentUploadStatus(docId: string): Promise<DocumentUploadStatus> {
      const answer = script[Math.min(calls, script.length - 1)] as Answer;
      calls += 1;
      if (answer === 'network') throw new ServiceError('network', 'reset', { method: 'GET', path: '/status' });
      if (answer === 'not_found') throw new ServiceError('not_found', 'gone', { method: 'GET', path: '/status', status: 404 });
      if (typeof answer === 'object') return { docId, state: 'failed', reason: answer.failed };
      return { docId, state: answer };
    },
    async deleteDocuments(ids: readonly string[]) {
      deleted.push([...ids]);
      return { docIds: [...ids] };
    },
  } as unknown as ResearchService;
  const deps = {
    stores,
    clock: () => now,
    budget: createRateBudget({ store: state, clock: () => now }),
    documentAdds: {
      maxBytes: 1_000,
      processingDeadlineMs: options.deadlineMs ?? 30 * 60_000,
      pollInitialMs: 2_000,
      pollMaxMs: 60_000,
      timers,
      clock: () => now,
      stopping: stop.signal,
      stopFollowing: () => stop.abort(),
    },
  };
  const log = createMemoryLogger(createRedactor([]));
  const record = buildDocumentRecord({ addedAtMs: 1_000 });
  return {
    deps,
    record,
    told,
    deleted,
    waits,
    calls: () => calls,
    target: { service, client, log },
    async start() {
      await stores.folders.save({ teamId: 'T1', folderId: 'F1', name: 'Chips', createdBy: 'U1', createdAtMs: 1 });
      await stores.documents.save(record);
    },
  };
}

describe('followProcessing', () => {
  it('waits longer between calls and, once completed, records searchable and tells it in place once', async () => {
    const f = buildFollow(['pending', 'processing', 'network', 'processing', 'completed']);
    await f.start();
    await followProcessing(f.deps, f.target, f.record);
    expect(f.waits).toEqual([2_000, 4_000, 8_000, 16_000, 32_000]);
    expect((await f.deps.stores.documents.get('T1', 'd1'))?.status).toBe('searchable');
    expect(f.told).toEqual([{ method: 'chat.update', text: expect.stringContaining('and searchable') }]);
  });

  it('a failure is told in the service’s words, the document deleted at the service and forgotten here', async () => {
    const f = buildFollow(['processing', { failed: 'The PDF is encrypted (password-protected)' }]);
    await f.start();
    await followProcessing(f.deps, f.target, f.record);
    expect(f.told).toHaveLength(1);
    expect(f.told[0]?.text).toContain('The research service could not read it: The PDF is encrypted (password-protected).');
    expect(f.deleted).toEqual([['d1']]);
    expect(await f.deps.stores.documents.get('T1', 'd1')).toBeNull();
    expect(await f.deps.stores.documents.claimFile('T1', 'F1', 'FILE1')).toEqual({ claimed: true });
  });

  it('a document the service no longer has is a failure too', async () => {
    const f = buildFollow(['not_found']);
    await f.start();
    await followProcessing(f.deps, f.target, f.record);
    expect(f.told[0]?.text).toContain('the service no longer has the file');
  });

  it('processing that never ends stops at the deadline: told once, deleted, forgotten', async () => {
    const f = buildFollow(['processing'], { deadlineMs: 10 * 60_000 });
    await f.start();
    await followProcessing(f.deps, f.target, f.record);
    expect(f.waits.reduce((a, b) => a + b, 0)).toBe(10 * 60_000);
    expect(f.told).toEqual([{ method: 'chat.update', text: expect.stringContaining('after 10 minutes') }]);
    expect(f.deleted).toEqual([['d1']]);
    expect(await f.deps.stores.documents.get('T1', 'd1')).toBeNull();
  });

  it('stops without a word when the record was deleted meanwhile', async () => {
    const f = buildFollow(['processing']);
    await f.start();
    await f.deps.stores.documents.remove(f.record);
    await followProcessing(f.deps, f.target, f.record);
    expect(f.calls()).toBe(0);
    expect(f.told).toEqual([]);
  });

  it('stops when the process stops, telling nothing and leaving the record processing for the next start', async () => {
    const f = buildFollow(['processing']);
    await f.start();
    const following = followProcessing(f.deps, f.target, f.record);
    await new Promise((resolve) => setImmediate(resolve));
    f.deps.documentAdds.stopFollowing();
    await following;
    expect(f.told).toEqual([]);
    expect((await f.deps.stores.documents.get('T1', 'd1'))?.status).toBe('processing');
  });

  it('two followers of one document (replicas, a restart) tell it once', async () => {
    const f = buildFollow(['processing', 'completed']);
    await f.start();
    await Promise.all([followProcessing(f.deps, f.target, f.record), followProcessing(f.deps, f.target, f.record)]);
    expect(f.told).toHaveLength(1);
  });
});
