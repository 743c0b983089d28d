/**
 * Who may delete or search a folder (folder-delete-permission.ts, folder-search-permission.ts):
 * its creator, or an admin of the workspace that created it, never a user of another organisation.
 * Against the Slack emulator's users.info: the seed workspace's admin and member, another
 * workspace's admin, the Northwind org's workspaces, and the Slack Connect guest.
 */
import type { WebClient } from '@slack/web-api';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { externalOrg, harborWorkspace, northwindOrg } from '../../../../src/emulators/slack/index.js';
import { EXTERNAL_DATA_REFUSAL } from '../../../../src/slack/kit/permissions/external-user.js';
import {
  checkFolderDeletePermission,
  folderDeleteRefusal,
  isWorkspaceAdmin,
} from '../../../../src/slack/kit/permissions/folder-delete-permission.js';
import { checkFolderSearchPermission } from '../../../../src/slack/kit/permissions/folder-search-permission.js';
import { createAppStores } from '../../../../src/store/app-stores.js';
import { createMemoryStateStore } from '../../../../src/store/memory-state-store.js';
import type { FolderRecord } from '../../../../src/store/records.js';
import { callsOf, type PermissionSlack, startPermissionSlack } from './permission-slack.js';

let s: PermissionSlack;
/** The Northwind org-wide installation's client: it sees both of the org's workspaces. */
let org: WebClient;
let TEAM: string;
let MEMBER: string;
let ADMIN: string;
const stores = createAppStores(createMemoryStateStore());
const folder = (folderId: string, createdBy: string, teamId = TEAM, name = `Folder ${folderId}`): FolderRecord => ({
  teamId,
  folderId,
  name,
  createdBy,
  createdAtMs: 0,
});

beforeAll(async () => {
  s = await startPermissionSlack();
  org = await s.installedClient({ enterpriseId: northwindOrg.enterpriseId });
  TEAM = s.slack.teamId;
  MEMBER = s.slack.defaultUserId;
  ADMIN = s.slack.adminUserId;
  await stores.folders.save(folder('fld_member', MEMBER, TEAM, 'Deals'));
  await stores.folders.save(folder('fld_admin', ADMIN, TEAM, 'Board'));
  await stores.folders.save(folder('fld_eq', northwindOrg.equities.userId, northwindOrg.equities.teamId, 'Equities'));
});
afterAll(async () => s?.slack.close());
beforeEach(() => {
  s.slack.calls.length = 0;
});

describe('isWorkspaceAdmin', () => {
  it('is true for an admin, false for a member', async () => {
    expect(await isWorkspaceAdmin(s.client, ADMIN)).toBe(true);
    expect(await isWorkspaceAdmin(s.client, MEMBER)).toBe(false);
    expect(callsOf(s.slack, 'users.info').map((c) => c.args.user)).toEqual([ADMIN, MEMBER]);
  });
});

describe('checkFolderDeletePermission', () => {
  const check = (userId: string, folderId: string, teamId = TEAM, client = s.client) =>
    checkFolderDeletePermission(stores, client, { teamId, userId }, folderId);

  it('lets the creator delete without asking Slack', async () => {
    expect(await check(MEMBER, 'fld_member')).toEqual({
      allowed: true,
      as: 'creator',
      record: folder('fld_member', MEMBER, TEAM, 'Deals'),
    });
    expect(callsOf(s.slack, 'users.info')).toEqual([]);
  });

  it('lets an admin of the folder’s workspace delete another’s folder', async () => {
    expect(await check(ADMIN, 'fld_member')).toMatchObject({ allowed: true, as: 'admin', record: { folderId: 'fld_member' } });
  });

  it('refuses a member who did not create it, and an admin of another workspace', async () => {
    expect(await check(MEMBER, 'fld_admin')).toEqual({ allowed: false, record: folder('fld_admin', ADMIN, TEAM, 'Board') });
    const equities = northwindOrg.equities.teamId;
    expect(await check(northwindOrg.credit.adminUserId, 'fld_eq', equities, org)).toMatchObject({
      allowed: false,
      record: { folderId: 'fld_eq' },
    });
    expect(await check(northwindOrg.equities.adminUserId, 'fld_eq', equities, org)).toMatchObject({ allowed: true, as: 'admin' });
  });

  it('refuses anyone, admins included, a folder with no record in this workspace, without asking Slack', async () => {
    expect(await check(ADMIN, 'fld_unknown')).toEqual({ allowed: false, record: null });
    expect(await check(ADMIN, 'fld_member', harborWorkspace.teamId)).toEqual({ allowed: false, record: null });
    expect(callsOf(s.slack, 'users.info')).toEqual([]);
  });

  it('says why, naming the folder', () => {
    expect(folderDeleteRefusal('fld_member', folder('fld_member', MEMBER, TEAM, 'Deals'))).toBe(
      'Only the person who created folder "Deals" (fld_member) or an admin of this workspace can delete it.',
    );
    expect(folderDeleteRefusal('fld_x', null)).toBe(
      'Folder fld_x has no owner recorded in this workspace: it was made outside Research Desk, before Research Desk recorded who creates folders, or from another workspace sharing this research-service account. Research Desk cannot tell whose it is, so it does not delete it from Slack: delete it in the research service, or check the id in the card you got when you created the folder.',
    );
  });
});

describe('checkFolderSearchPermission', () => {
  const check = (userId: string, folderIds: string[], where: { teamId?: string; enterpriseId?: string } = {}, client = s.client) =>
    checkFolderSearchPermission(
      stores,
      client,
      { teamId: where.teamId ?? TEAM, userId, ...(where.enterpriseId ? { enterpriseId: where.enterpriseId } : {}) },
      folderIds,
    );
  const notHere = (id: string) =>
    `Folder ${id} was not created from Slack in this workspace, so it cannot be searched from here. Check the id in the folder's card, or search without \`in:\`.`;
  const notYours = (name: string, id: string) => `Only the person who created folder "${name}" (${id}) or a workspace admin can search it.`;

  it('lets a search name no folder without asking Slack', async () => {
    expect(await check(externalOrg.userId, [])).toEqual({ allowed: true });
    expect(callsOf(s.slack, 'users.info')).toEqual([]);
  });

  it('lets the creator search their folders, asking users.info once', async () => {
    expect(await check(MEMBER, ['fld_member', 'fld_member'])).toEqual({ allowed: true });
    expect(callsOf(s.slack, 'users.info').map((c) => c.args.user)).toEqual([MEMBER]);
  });

  it('refuses a member another’s folder, and a folder not made here, naming the first one refused', async () => {
    expect(await check(MEMBER, ['fld_member', 'fld_admin'])).toEqual({
      allowed: false,
      folderId: 'fld_admin',
      reason: notYours('Board', 'fld_admin'),
    });
    expect(await check(MEMBER, ['fld_member', 'fld_nope', 'fld_admin'])).toEqual({
      allowed: false,
      folderId: 'fld_nope',
      reason: notHere('fld_nope'),
    });
    // A folder of the same id recorded by another workspace is not this one's.
    await stores.folders.save(folder('fld_harbor', MEMBER, harborWorkspace.teamId));
    expect(await check(MEMBER, ['fld_harbor'])).toEqual({ allowed: false, folderId: 'fld_harbor', reason: notHere('fld_harbor') });
  });

  it('lets an admin search anyone’s folder of their workspace, never one not made here', async () => {
    expect(await check(ADMIN, ['fld_member', 'fld_admin'])).toEqual({ allowed: true });
    expect(await check(ADMIN, ['fld_member', 'fld_nope'])).toMatchObject({
      allowed: false,
      folderId: 'fld_nope',
      reason: notHere('fld_nope'),
    });
  });

  it('refuses a user of another organisation every folder, even one naming them as creator', async () => {
    await stores.folders.save(folder('fld_guest', externalOrg.userId));
    expect(await check(externalOrg.userId, ['fld_guest', 'fld_member'])).toEqual({
      allowed: false,
      folderId: 'fld_guest',
      reason: EXTERNAL_DATA_REFUSAL,
    });
  });

  it('counts another workspace of the org as inside it, but its admin as no admin here', async () => {
    const inOrg = { teamId: northwindOrg.equities.teamId, enterpriseId: northwindOrg.enterpriseId };
    expect(await check(northwindOrg.credit.adminUserId, ['fld_eq'], inOrg, org)).toEqual({
      allowed: false,
      folderId: 'fld_eq',
      reason: notYours('Equities', 'fld_eq'),
    });
    expect(await check(northwindOrg.equities.adminUserId, ['fld_eq'], inOrg, org)).toEqual({ allowed: true });
    // Without the org install, the sister workspace's people are another organisation's.
    expect(await check(northwindOrg.credit.adminUserId, ['fld_eq'], { teamId: inOrg.teamId }, org)).toMatchObject({
      reason: EXTERNAL_DATA_REFUSAL,
    });
  });
});
