import { describe, expect, it } from 'vitest';
import {
  documentsForRun,
  mergeRunDocuments,
  THREAD_DOCUMENTS_LIMIT,
  threadDocuments,
} from '../../../../src/slack/agent/runs/run-documents.js';
import { createAppStores } from '../../../../src/store/app-stores.js';
import { createMemoryStateStore } from '../../../../src/store/memory-state-store.js';
import type { ResearchDocumentRecord } from '../../../../src/store/records.js';

const thread = { teamId: 'T1', channelId: 'D1', threadTs: '100.000001' };

function record(n: number, over: Partial<ResearchDocumentRecord> = {}): ResearchDocumentRecord {
  return {
    teamId: 'T1',
    folderId: 'fold1',
    docId: `doc${n}`,
    slackFileId: `F${n}`,
    fileName: `file-${n}.pdf`,
    title: `File ${n}`,
    fileType: 'pdf',
    sizeBytes: 1000,
    addedBy: 'U1',
    addedAtMs: n,
    status: 'searchable',
    notice: { channelId: thread.channelId, threadTs: thread.threadTs, messageTs: `100.00000${n}` },
    ...over,
  };
}

async function storesWith(records: ResearchDocumentRecord[]) {
  let now = 0;
  const stores = createAppStores(createMemoryStateStore({ clock: () => now }), () => now);
  for (const r of records) await stores.documents.save(r);
  now += 1;
  return { stores };
}

describe('the documents a run is given', () => {
  it('are the thread’s searchable files, newest first, with their file type', async () => {
    const deps = await storesWith([
      record(1),
      record(2, { fileType: 'xlsx' }),
      record(3, { status: 'processing' }),
      record(4, { status: 'failed' }),
      record(5, { notice: { channelId: 'D1', threadTs: '999.1' } }),
      record(6, { teamId: 'T2' }),
      record(7, { title: '' }),
    ]);
    expect(await threadDocuments(deps, thread)).toEqual([
      { docId: 'doc7', docTitle: 'file-7.pdf', fileType: 'pdf' },
      { docId: 'doc2', docTitle: 'File 2', fileType: 'xlsx' },
      { docId: 'doc1', docTitle: 'File 1', fileType: 'pdf' },
    ]);
  });

  it('stop at the newest THREAD_DOCUMENTS_LIMIT files of a thread', async () => {
    const deps = await storesWith(Array.from({ length: THREAD_DOCUMENTS_LIMIT + 3 }, (_, i) => record(i + 1)));
    const docs = await threadDocuments(deps, thread);
    expect(docs).toHaveLength(THREAD_DOCUMENTS_LIMIT);
    expect(docs[0]?.docId).toBe(`doc${THREAD_DOCUMENTS_LIMIT + 3}`);
  });

  it('put the question’s own document first and name each document once', async () => {
    const deps = await storesWith([record(1), record(2)]);
    expect(
      await documentsForRun(
        deps,
        thread,
        [
          { docId: 'doc1', docTitle: 'File 1' },
          { docId: 'x9', docTitle: 'Report' },
        ],
        false,
      ),
    ).toEqual([
      { docId: 'doc1', docTitle: 'File 1', fileType: 'pdf' },
      { docId: 'x9', docTitle: 'Report' },
      { docId: 'doc2', docTitle: 'File 2', fileType: 'pdf' },
    ]);
    const own = [{ docId: 'a', docTitle: 'A' }];
    mergeRunDocuments(own, [{ docId: 'a', docTitle: 'A', fileType: 'csv' }]);
    expect(own).toEqual([{ docId: 'a', docTitle: 'A' }]);
  });

  it('leave the workspace’s files out for a user of another organisation', async () => {
    const deps = await storesWith([record(1)]);
    expect(await documentsForRun(deps, thread, undefined, true)).toEqual([]);
    expect(await documentsForRun(deps, thread, [{ docId: 'x9', docTitle: 'Report' }], true)).toEqual([{ docId: 'x9', docTitle: 'Report' }]);
  });
});
