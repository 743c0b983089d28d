/**
 * Which uploaded files a results card shows (issue 31): this workspace's records only, and of
 * those what the user may read — they added it, created its folder, or are an admin here. The
 * service account may be shared by a whole org, so the service finds every workspace's files.
 */
import type { WebClient } from '@slack/web-api';
import { beforeEach, describe, expect, it } from 'vitest';
import { uploadedFileLabeler } from '../../../src/slack/research/uploaded-file-labels.js';
import { createAppStores, type AppStores } from '../../../src/store/app-stores.js';
import { createMemoryStateStore } from '../../../src/store/memory-state-store.js';
import type { ResearchDocumentRecord } from '../../../src/store/records.js';

/** users.info answering `user` for everyone, counting its calls. */
function slackAnswering(user: Record<string, unknown>) {
  const calls: string[] = [];
  const client = {
    users: {
      info: async ({ user: id }: { user: string }) => {
        calls.push(id);
        return { ok: true, user: { id, ...user } };
      },
    },
  } as unknown as WebClient;
  return { client, calls };
}

const record = (over: Partial<ResearchDocumentRecord>): ResearchDocumentRecord => ({
  teamId: 'T1',
  folderId: 'fld_a',
  docId: 'd1',
  slackFileId: 'F1',
  fileName: 'a.pdf',
  title: 'a',
  fileType: 'pdf',
  sizeBytes: 1,
  addedBy: 'UDANA',
  addedAtMs: 1,
  status: 'searchable',
  notice: { channelId: 'D1' },
  ...over,
});

describe('uploadedFileLabeler', () => {
  let stores: AppStores;
  beforeEach(async () => {
    stores = createAppStores(createMemoryStateStore());
    await stores.folders.save({ teamId: 'T1', folderId: 'fld_a', name: 'Dana notes', createdBy: 'UDANA', createdAtMs: 1 });
    await stores.folders.save({ teamId: 'T1', folderId: 'fld_b', name: 'Board', createdBy: 'UADMIN', createdAtMs: 2 });
    await stores.documents.save(record({ docId: 'd_mine', fileName: 'mine.pdf' }));
    await stores.documents.save(
      record({ docId: 'd_board', folderId: 'fld_b', fileName: 'board.pdf', addedBy: 'UADMIN', slackFileId: 'F2' }),
    );
    await stores.documents.save(record({ teamId: 'T2', docId: 'd_other', fileName: 'other.pdf', slackFileId: 'F3' }));
  });

  const results = [
    { id: 'd_mine', category: 'files' },
    { id: 'd_board', category: 'files' },
    { id: 'd_other', category: 'files' },
    { id: 'd_service', category: 'files' },
    { id: 'r1', category: 'reports' },
  ];

  it('labels the member’s own files; hides others’ and other workspaces’; leaves the shared corpus alone', async () => {
    const { client } = slackAnswering({ team_id: 'T1', is_admin: false });
    const view = await uploadedFileLabeler(stores, { teamId: 'T1', userId: 'UDANA', client })(results);
    expect([...view.labels]).toEqual([['d_mine', { fileName: 'mine.pdf', folderName: 'Dana notes' }]]);
    expect([...view.hidden].sort()).toEqual(['d_board', 'd_other', 'd_service']);
  });

  it('an admin of this workspace reads every file of it, never another workspace’s', async () => {
    const { client } = slackAnswering({ team_id: 'T1', is_admin: true });
    const view = await uploadedFileLabeler(stores, { teamId: 'T1', userId: 'UADMIN2', client })(results);
    expect([...view.labels.keys()].sort()).toEqual(['d_board', 'd_mine']);
    expect([...view.hidden].sort()).toEqual(['d_other', 'd_service']);
  });

  it('an admin of another workspace of the org is no admin here', async () => {
    const { client } = slackAnswering({ team_id: 'T2', is_admin: true });
    const view = await uploadedFileLabeler(stores, { teamId: 'T1', userId: 'UX', client })(results);
    expect(view.labels.size).toBe(0);
  });

  it('asks Slack nothing when no result is a file', async () => {
    const { client, calls } = slackAnswering({ team_id: 'T1', is_admin: true });
    const view = await uploadedFileLabeler(stores, { teamId: 'T1', userId: 'UDANA', client })([{ id: 'r1', category: 'reports' }]);
    expect(view.hidden.size + view.labels.size).toBe(0);
    expect(calls).toEqual([]);
  });
});
