/**
 * ResearchDocuments (issue 31) on a given StateStore kind: one Slack file in one folder is one
 * document, a claim is released only while it is a claim, records by workspace and folder, the
 * processing ones across workspaces, and an outcome told once whoever asks.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ResearchDocumentRecord } from '../../src/store/records.js';
import { ResearchDocuments } from '../../src/store/research-documents.js';
import type { StateStore } from '../../src/store/state-store.js';
import { assertRedisReachable, buildStoreUnderTest, type StoreKind, type StoreUnderTest } from './store-harness.js';

export function buildDocumentRecord(overrides: Partial<ResearchDocumentRecord> = {}): ResearchDocumentRecord {
  return {
    teamId: 'T1',
    folderId: 'F1',
    docId: 'd1',
    slackFileId: 'FILE1',
    fileName: 'report.pdf',
    title: 'report',
    fileType: 'pdf',
    sizeBytes: 1_000,
    addedBy: 'U1',
    addedAtMs: 1_000,
    status: 'processing',
    notice: { channelId: 'D1', threadTs: '1.0', messageTs: '2.0' },
    ...overrides,
  };
}

export function describeResearchDocuments(kinds: readonly StoreKind[]): void {
  describe.each(kinds)('ResearchDocuments on %s', (kind) => {
    let harness: StoreUnderTest;
    let store: StateStore;
    let documents: ResearchDocuments;

    beforeAll(async () => {
      if (kind === 'redis') await assertRedisReachable();
    });
    beforeEach(async () => {
      harness = await buildStoreUnderTest(kind, 'research-documents');
      store = await harness.open();
      documents = new ResearchDocuments(store);
    });
    afterEach(async () => {
      await store.close();
      await harness.cleanup();
    });

    it('claims a file in a folder once; a second claim says someone is adding it, then that it is there', async () => {
      expect(await documents.claimFile('T1', 'F1', 'FILE1')).toEqual({ claimed: true });
      expect(await documents.claimFile('T1', 'F1', 'FILE1')).toEqual({ claimed: false });
      await documents.save(buildDocumentRecord());
      expect(await documents.claimFile('T1', 'F1', 'FILE1')).toEqual({ claimed: false, docId: 'd1' });
      // Another folder, another workspace: their own claims.
      expect(await documents.claimFile('T1', 'F2', 'FILE1')).toEqual({ claimed: true });
      expect(await documents.claimFile('T2', 'F1', 'FILE1')).toEqual({ claimed: true });
    });

    it('releases a claim so the file can be added again, but never a document already saved', async () => {
      await documents.claimFile('T1', 'F1', 'FILE1');
      await documents.releaseFile('T1', 'F1', 'FILE1');
      expect(await documents.claimFile('T1', 'F1', 'FILE1')).toEqual({ claimed: true });
      await documents.save(buildDocumentRecord());
      await documents.releaseFile('T1', 'F1', 'FILE1');
      expect(await documents.claimFile('T1', 'F1', 'FILE1')).toEqual({ claimed: false, docId: 'd1' });
    });

    it('lists a workspace’s documents newest first, one folder’s, a thread’s, and every workspace’s processing ones', async () => {
      await documents.save(buildDocumentRecord({ docId: 'a', slackFileId: 'FA', addedAtMs: 1 }));
      await documents.save(buildDocumentRecord({ docId: 'b', slackFileId: 'FB', folderId: 'F2', addedAtMs: 2, status: 'searchable' }));
      await documents.save(buildDocumentRecord({ teamId: 'T2', docId: 'c', slackFileId: 'FC', addedAtMs: 3, notice: { channelId: 'D9' } }));
      expect((await documents.list('T1')).map((d) => d.docId)).toEqual(['b', 'a']);
      expect((await documents.list('T1', 'F2')).map((d) => d.docId)).toEqual(['b']);
      expect((await documents.inThread('T1', 'D1', '1.0')).map((d) => d.docId).sort()).toEqual(['a', 'b']);
      expect((await documents.processing()).map((d) => `${d.teamId}/${d.docId}`).sort()).toEqual(['T1/a', 'T2/c']);
    });

    it('updates a record in place, and says undefined for one that is gone', async () => {
      await documents.save(buildDocumentRecord());
      const updated = await documents.update('T1', 'd1', (r) => ({ ...r, status: 'searchable' }));
      expect(updated?.status).toBe('searchable');
      expect((await documents.get('T1', 'd1'))?.status).toBe('searchable');
      expect(await documents.update('T1', 'missing', (r) => r)).toBeUndefined();
    });

    it('tells an outcome once, whichever of two callers (replicas, or a restart) asks first', async () => {
      const [a, b] = await Promise.all([documents.claimTelling('T1', 'd1'), documents.claimTelling('T1', 'd1')]);
      expect([a, b].sort()).toEqual([false, true]);
      // A second connection (another replica); the file store is one process's, so its own handle.
      const other = kind === 'file' ? store : await harness.open();
      expect(await new ResearchDocuments(other).claimTelling('T1', 'd1')).toBe(false);
      if (other !== store) await other.close();
      expect(await documents.claimTelling('T2', 'd1')).toBe(true);
    });

    it('removes a record and its file claim, so the file can be added again', async () => {
      const record = buildDocumentRecord();
      await documents.save(record);
      await documents.remove(record);
      expect(await documents.get('T1', 'd1')).toBeNull();
      expect(await documents.list('T1')).toEqual([]);
      expect(await documents.claimFile('T1', 'F1', 'FILE1')).toEqual({ claimed: true });
    });
  });
}
