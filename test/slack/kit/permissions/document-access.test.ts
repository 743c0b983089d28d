import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_ACCESS_REFUSAL,
  isAdminOrOwner,
  isUploadedFile,
  mayReadFile,
  standingOf,
} from '../../../../src/slack/kit/permissions/document-access.js';
import type { FolderRecord, ResearchDocumentRecord } from '../../../../src/store/records.js';

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

describe('DOCUMENT_ACCESS_REFUSAL', () => {
  it('names nothing of the file', () => {
    expect(DOCUMENT_ACCESS_REFUSAL).toBe('That file is not in a research folder you can read in this workspace.');
  });
});

describe('isUploadedFile', () => {
  it('is the service’s `files` category', () => {
    expect(isUploadedFile({ category: 'files' })).toBe(true);
    expect(isUploadedFile({ category: 'filings' })).toBe(false);
    expect(isUploadedFile({})).toBe(false);
  });
});

// checkDocumentAccess, against both emulators: document-access.integration.test.ts.
