import type { WebClient } from '@slack/web-api';
import { describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../../../../src/observability/logger.js';
import type { DocumentDetail } from '../../../../src/service/types.js';
import {
  checkDocumentAccess,
  DOCUMENT_ACCESS_REFUSAL,
  isAdminOrOwner,
  isUploadedFile,
  mayReadFile,
  standingOf,
} from '../../../../src/slack/kit/permissions/document-access.js';
import { EXTERNAL_DATA_REFUSAL } from '../../../../src/slack/kit/permissions/external-user.js';
import { createAppStores } from '../../../../src/store/app-stores.js';
import { createMemoryStateStore } from '../../../../src/store/memory-state-store.js';
import type { FolderRecord, ResearchDocumentRecord } from '../../../../src/store/records.js';

const log = createMemoryLogger((v) => v);
/** The records of the lines logged with this message. */
const logged = (msg: string) => log.lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((r) => r.msg === msg);
const TEAM = 'T0HOME';

const folder: FolderRecord = { teamId: TEAM, folderId: 'fld_1', name: 'Deals', createdBy: 'U0CREATOR', createdAtMs: 0 };
const record: ResearchDocumentRecord = {
  teamId: TEAM,
  folderId: 'fld_1',
  docId: 'doc_file',
  slackFileId: 'F1',
  fileName: 'plan.pdf',
  title: 'Plan',
  fileType: 'pdf',
  sizeBytes: 10,
  addedBy: 'U0ADDER',
  addedAtMs: 0,
  status: 'searchable',
  notice: { channelId: 'C0SHARED', threadTs: '1.0' },
};
const member = { external: false, isAdmin: false };

describe('mayReadFile', () => {
  it('lets the adder, the folder’s creator, an admin and a click from the file’s conversation read it', () => {
    expect(mayReadFile({ userId: 'U0ADDER', ...member }, record, folder)).toBe(true);
    expect(mayReadFile({ userId: 'U0CREATOR', ...member }, record, folder)).toBe(true);
    expect(mayReadFile({ userId: 'U0OTHER', external: false, isAdmin: true }, record, folder)).toBe(true);
    expect(mayReadFile({ userId: 'U0OTHER', channelId: 'C0SHARED', ...member }, record, folder)).toBe(true);
  });

  it('refuses a colleague elsewhere, and anyone of another organisation', () => {
    expect(mayReadFile({ userId: 'U0OTHER', channelId: 'C0ELSE', ...member }, record, folder)).toBe(false);
    expect(mayReadFile({ userId: 'U0OTHER', ...member }, record, null)).toBe(false);
    expect(mayReadFile({ userId: 'U0ADDER', channelId: 'C0SHARED', external: true, isAdmin: false }, record, folder)).toBe(false);
  });

  it('refuses a click from no conversation to anyone but the adder, the creator or an admin', () => {
    expect(mayReadFile({ userId: 'U0OTHER', ...member }, record, folder)).toBe(false);
  });

  it('does not count the creator of another workspace’s folder of the same id', () => {
    expect(mayReadFile({ userId: 'U0CREATOR', ...member }, record, { ...folder, teamId: 'T0ELSE' })).toBe(false);
  });
});

describe('isAdminOrOwner', () => {
  it('is any of admin, owner or primary owner, and nothing else', () => {
    expect(isAdminOrOwner({ is_admin: true })).toBe(true);
    expect(isAdminOrOwner({ is_owner: true })).toBe(true);
    expect(isAdminOrOwner({ is_primary_owner: true })).toBe(true);
    expect(isAdminOrOwner({ is_admin: false, is_owner: false, is_primary_owner: false })).toBe(false);
    expect(isAdminOrOwner(undefined)).toBe(false);
  });
});

describe('standingOf', () => {
  const reader = { teamId: TEAM, enterpriseId: 'E0ORG' };
  it('an admin counts in their own workspace only', () => {
    expect(standingOf(reader, { team_id: TEAM, is_admin: true })).toEqual({ external: false, isAdmin: true });
    expect(standingOf(reader, { team_id: 'T0SISTER', is_owner: true, enterprise_user: { enterprise_id: 'E0ORG' } })).toEqual({
      external: false,
      isAdmin: false,
    });
  });
  it('an owner or primary owner counts as an admin', () => {
    expect(standingOf(reader, { team_id: TEAM, is_owner: true })).toEqual({ external: false, isAdmin: true });
    expect(standingOf(reader, { team_id: TEAM, is_primary_owner: true })).toEqual({ external: false, isAdmin: true });
  });
  it('takes a user users.info did not describe as of the reader’s workspace, and no admin', () => {
    expect(standingOf(reader, undefined)).toEqual({ external: false, isAdmin: false });
  });
  it('a user of another organisation, or a stranger, is external', () => {
    expect(standingOf(reader, { team_id: 'T0ELSE', is_admin: true }).external).toBe(true);
    expect(standingOf(reader, { team_id: TEAM, is_stranger: true }).external).toBe(true);
  });
});

describe('isUploadedFile', () => {
  it('is the service’s `files` category', () => {
    expect(isUploadedFile({ category: 'files' })).toBe(true);
    expect(isUploadedFile({ category: 'filings' })).toBe(false);
    expect(isUploadedFile({})).toBe(false);
  });
});

describe('checkDocumentAccess', () => {
  const detail = (category: string) => ({ id: 'x', title: 'T', url: '', category }) as unknown as DocumentDetail;
  async function setup(user: Record<string, unknown> | 'fail', category = 'files') {
    const stores = createAppStores(createMemoryStateStore());
    await stores.folders.save(folder);
    await stores.documents.save(record);
    const reads: string[] = [];
    const readOptions: unknown[] = [];
    const service = {
      getDocument: async (id: string, opts?: unknown) => {
        reads.push(id);
        readOptions.push(opts);
        return detail(category);
      },
    };
    const client = {
      users: {
        info: async () => {
          if (user === 'fail') throw new Error('user_not_found');
          return { ok: true, user };
        },
      },
    } as unknown as WebClient;
    return { deps: { stores, service, client, log }, reads, readOptions };
  }

  it('says the refusal naming nothing of the file', () => {
    expect(DOCUMENT_ACCESS_REFUSAL).toBe('That file is not in a research folder you can read in this workspace.');
  });

  it('refuses an uploaded file this workspace has no record of, naming nothing of it', async () => {
    const { deps } = await setup({ team_id: TEAM, is_admin: true });
    log.lines.length = 0;
    const access = await checkDocumentAccess(deps, { teamId: TEAM, userId: 'U0ADMIN' }, 'doc_elsewhere');
    expect(access).toEqual({ allowed: false, why: 'uploaded_elsewhere', reason: DOCUMENT_ACCESS_REFUSAL });
    expect(logged('document refused: an uploaded file with no record in this workspace')).toMatchObject([{ doc: 'doc_elsewhere' }]);
  });

  it('lets a corpus document through with its detail, asking Slack nothing', async () => {
    const { deps, reads } = await setup('fail', 'filings');
    const access = await checkDocumentAccess(deps, { teamId: TEAM, userId: 'U0ANY' }, 'doc_corpus');
    expect(access.allowed && access.detail?.category).toBe('filings');
    expect(reads).toEqual(['doc_corpus']);
  });

  it('asks the service under the request’s correlation id, when there is one', async () => {
    const { deps, readOptions } = await setup('fail', 'filings');
    await checkDocumentAccess(deps, { teamId: TEAM, userId: 'U0ANY' }, 'doc_corpus');
    await checkDocumentAccess({ ...deps, correlationId: 'corr-doc' }, { teamId: TEAM, userId: 'U0ANY' }, 'doc_corpus');
    expect(readOptions).toEqual([undefined, { correlationId: 'corr-doc' }]);
  });

  it('reads the record without the service for the adder; refuses a colleague; fails closed', async () => {
    const adder = await setup({ team_id: TEAM });
    expect(await checkDocumentAccess(adder.deps, { teamId: TEAM, userId: 'U0ADDER' }, 'doc_file')).toMatchObject({ allowed: true, record });
    expect(adder.reads).toEqual([]);
    log.lines.length = 0;
    const colleague = await checkDocumentAccess(adder.deps, { teamId: TEAM, userId: 'U0OTHER', channelId: 'C0ELSE' }, 'doc_file');
    expect(colleague).toEqual({ allowed: false, why: 'not_reader', reason: DOCUMENT_ACCESS_REFUSAL });
    expect(logged('document refused: not the adder, the folder’s creator, an admin, nor in its conversation')).toMatchObject([
      { doc: 'doc_file' },
    ]);
    const failing = await setup('fail');
    expect(await checkDocumentAccess(failing.deps, { teamId: TEAM, userId: 'U0ADDER' }, 'doc_file')).toMatchObject({
      allowed: false,
      why: 'unverified',
    });
    expect(logged('users.info failed; the file is not read')).toMatchObject([{ level: 'warn', error: { message: 'user_not_found' } }]);
  });

  it('tells a user of another organisation that files are the workspace’s', async () => {
    const { deps } = await setup({ team_id: 'T0ELSE' });
    log.lines.length = 0;
    const access = await checkDocumentAccess(deps, { teamId: TEAM, userId: 'U0ADDER', channelId: 'C0SHARED' }, 'doc_file');
    expect(access).toEqual({ allowed: false, why: 'external', reason: EXTERNAL_DATA_REFUSAL });
    expect(logged('document refused: a user of another organisation')).toMatchObject([{ doc: 'doc_file' }]);
  });
});
