/**
 * Issue 31, items 2 and 4, through the real app, both emulators and Redis: files in research
 * folders are found with `in:<folder name>` (text inside them, passages too) and by their upload
 * tags, listed on a folder card and App Home with their status, and deleted by whoever added them,
 * the folder's creator or an admin — asked to confirm, checked again at confirmation. Users of
 * another organisation (Slack Connect) see and delete nothing.
 *
 * Files are seeded as the service's upload route receives them (the real client's multipart
 * upload, processing followed to `completed`) plus the workspace's record of each: what the add
 * pipeline leaves behind.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { externalOrg, workspaceSeed } from '../../src/emulators/slack/index.js';
import type { StoredEphemeral } from '../../src/emulators/slack/index.js';
import { ACTION_IDS } from '../../src/slack/blocks/action-ids.js';
import { encodeSimple } from '../../src/slack/kit/button-values.js';
import { EXTERNAL_DATA_REFUSAL } from '../../src/slack/kit/permissions/external-user.js';
import type { ResearchDocumentRecord } from '../../src/store/records.js';
import { encryptedPdf, PAGE_THREE_PHRASE, threePagePdf } from '../fixtures/documents/make-pdfs.js';
import { allText, button, buttonsOf, nextEphemeral, splitCommand } from './command-helpers.js';
import { invalidSlackCalls } from './features-helpers.js';
import { startHarness, type Harness } from './harness.js';

let h: Harness;
const dana = workspaceSeed.defaultUserId;
const admin = workspaceSeed.adminUserId;
const teamId = workspaceSeed.teamId;
const deleteCalls = () => h.service.requestLog.filter((r) => r.path === '/v1/docs/delete' && r.status === 200).length;
const homeText = (user: string) => JSON.stringify(h.slack.homeViews.get(user)?.view.blocks ?? []);

function commandAs(user: string, line: string, channel: string = workspaceSeed.defaultChannelId): Promise<StoredEphemeral> {
  return nextEphemeral(
    h,
    async () => {
      expect((await h.slack.sendCommand({ ...splitCommand(line), channel_id: channel, user_id: user })).outcome).toBe('acked');
    },
    { channel, user, timeoutMs: 15_000 },
  );
}

/** Clicks a button of an ephemeral card and waits for the card to be replaced (or a new ephemeral). */
async function clickCard(card: StoredEphemeral, actionId: string, user: string, value?: string): Promise<StoredEphemeral> {
  const b = button(card, actionId);
  const before = new Set(h.slack.ephemeralFor(user, card.channel).map((e) => e.ts));
  const delivery = await h.slack.clickAction({
    channel_id: card.channel,
    message_ts: card.ts,
    action_id: b.action_id,
    ...((value ?? b.value) !== undefined ? { value: value ?? b.value } : {}),
    ephemeral: true,
    user_id: user,
  });
  expect(delivery.ok).toBe(true);
  return h.slack.waitFor(
    () => h.slack.ephemeralFor(user, card.channel).find((e) => (e.ts === card.ts && e.edits > card.edits) || !before.has(e.ts)),
    10_000,
  );
}

async function createFolder(user: string, name: string): Promise<string> {
  const created = await commandAs(user, `/research folder create "${name}"`);
  const id = /in:(fld_\w+)/.exec(allText(created))?.[1];
  if (!id) throw new Error(`no folder id in ${allText(created)}`);
  return id;
}

/** Uploads a file to the service emulator and steps its processing to the end; saves the workspace's record. */
async function seedFile(p: {
  folderId: string;
  fileName: string;
  bytes: Uint8Array;
  addedBy: string;
  tags?: Record<string, string[]>;
  /** Stop stepping: the file stays processing. */
  processing?: boolean;
}): Promise<ResearchDocumentRecord> {
  const uploaded = await h.client.uploadDocument({
    bytes: p.bytes,
    fileName: p.fileName,
    folderId: p.folderId,
    ...(p.tags ? { tags: p.tags } : {}),
  });
  let state = 'pending';
  let reason: string | undefined;
  for (let i = 0; i < 3 && !p.processing && state !== 'completed' && state !== 'failed'; i += 1) {
    const status = await h.client.documentUploadStatus(uploaded.docId);
    state = status.state;
    reason = status.reason;
  }
  const record: ResearchDocumentRecord = {
    teamId,
    folderId: p.folderId,
    docId: uploaded.docId,
    slackFileId: `F${uploaded.docId.replace(/\W/g, '').toUpperCase()}`,
    fileName: p.fileName,
    title: uploaded.title,
    fileType: p.fileName.split('.').pop() ?? '',
    sizeBytes: p.bytes.byteLength,
    ...(p.tags ? { tags: p.tags } : {}),
    addedBy: p.addedBy,
    addedAtMs: Date.now(),
    status: state === 'completed' ? 'searchable' : state === 'failed' ? 'failed' : 'processing',
    ...(state === 'failed' && reason ? { failure: reason } : {}),
    notice: { channelId: workspaceSeed.defaultDmId },
  };
  await h.desk.stores.documents.save(record);
  return record;
}

let notes = '';
let adminFolder = '';
let memo: ResearchDocumentRecord;
let pdf: ResearchDocumentRecord;
let adminFile: ResearchDocumentRecord;

beforeAll(async () => {
  h = await startHarness({ store: 'redis' });
  notes = await createFolder(dana, 'Q3 notes');
  adminFolder = await createFolder(admin, 'Board only');
  memo = await seedFile({
    folderId: notes,
    fileName: 'memo.txt',
    bytes: new TextEncoder().encode('Plain memo for the desk.\nThe osprey ledger shows the budget was approved in March.\n'),
    addedBy: dana,
    tags: { company: ['Osprey Holdings'] },
  });
  pdf = await seedFile({ folderId: notes, fileName: 'quarterly.pdf', bytes: await threePagePdf(), addedBy: admin });
  await seedFile({ folderId: notes, fileName: 'locked.pdf', bytes: await encryptedPdf(), addedBy: dana });
  await seedFile({ folderId: notes, fileName: 'slides.txt', bytes: new TextEncoder().encode('slides'), addedBy: dana, processing: true });
  adminFile = await seedFile({
    folderId: adminFolder,
    fileName: 'board.md',
    bytes: new TextEncoder().encode('# Board'),
    addedBy: admin,
    tags: { company: ['Osprey Holdings'] },
  });
}, 60_000);

afterAll(async () => h?.close());

describe('finding files in folders', () => {
  it('seeds what a user would have added: searchable, failed and processing files', () => {
    expect([memo.status, pdf.status]).toEqual(['searchable', 'searchable']);
  });

  it('`in:<folder name>` in any case searches the folder’s files and shows them as files in their folder', async () => {
    const card = await commandAs(dana, '/research osprey ledger in:"q3 NOTES"');
    const text = allText(card);
    expect(text).toContain(':paperclip: memo.txt · in folder *Q3 notes*');
    expect(text).toContain(`folder: ${notes}`);
    expect(text).not.toContain('board.md');
  });

  it('finds a phrase on page three of a PDF, in passages of the folder too', async () => {
    const card = await commandAs(dana, `/research ${PAGE_THREE_PHRASE} in:"Q3 notes"`);
    expect(allText(card)).toContain('quarterly.pdf · in folder *Q3 notes*');
    const passages = await commandAs(dana, `/research passages ${PAGE_THREE_PHRASE} in:"Q3 notes"`);
    expect(allText(passages)).toContain(PAGE_THREE_PHRASE);
  });

  it('an unknown folder name lists the workspace’s folders; the folder id works too', async () => {
    const unknown = await commandAs(dana, '/research margins in:"Q4 notes"');
    expect(unknown.text).toContain('There is no folder "Q4 notes" in this workspace. Its folders:');
    expect(unknown.text).toContain(`"Q3 notes" (${notes})`);
    const byId = await commandAs(dana, `/research osprey in:${notes}`);
    expect(allText(byId)).toContain('memo.txt');
  });

  it('a folder someone else created is refused to a member who is neither its creator nor an admin', async () => {
    const refused = await commandAs(dana, '/research board in:"Board only"');
    expect(refused.text).toContain('Only the person who created folder "Board only"');
  });

  it('`tag:<tag> type:files` selects uploaded files by their upload tags', async () => {
    const card = await commandAs(dana, '/research tag:"Osprey Holdings" type:files');
    const text = allText(card);
    expect(text).toContain('Documents tagged “Osprey Holdings”');
    expect(text).toContain('memo.txt · in folder *Q3 notes*');
    // The admin's file in a folder dana cannot search is left out, and counted.
    expect(text).not.toContain('board.md');
    expect(text).toContain('1 uploaded file not shown: of another workspace, or in folders you cannot search');
    const adminCard = await commandAs(admin, '/research tag:"Osprey Holdings" type:files');
    expect(allText(adminCard)).toContain('board.md · in folder *Board only*');
  });

  it('`passages … type:files` searches only the files the user may read', async () => {
    const mine = await commandAs(dana, `/research passages ${PAGE_THREE_PHRASE} type:files`);
    expect(allText(mine)).toContain(PAGE_THREE_PHRASE);
  });
});

describe('the folder card', () => {
  it('lists the files with their status, who added them, and Delete for the creator', async () => {
    const card = await commandAs(dana, '/research folder q3 notes');
    const text = allText(card);
    expect(text).toContain('📁 Q3 notes');
    expect(text).toContain('4 files: 2 searchable, 1 processing, 1 failed');
    expect(text).toContain(`*memo.txt* · searchable · added by <@${dana}>`);
    expect(text).toContain(`*quarterly.pdf* · searchable · added by <@${admin}>`);
    expect(text).toMatch(/\*locked\.pdf\* · failed: [^·]+· added by/);
    expect(text).toContain('*slides.txt* · processing');
    expect(buttonsOf(card).filter((b) => b.action_id.startsWith(ACTION_IDS.documentDelete))).toHaveLength(4);
    expect(invalidSlackCalls(h)).toEqual([]);
  });

  it('`/research folders` lists the folders the user sees, with Open', async () => {
    const member = await commandAs(dana, '/research folders');
    expect(allText(member)).toContain('Q3 notes');
    expect(allText(member)).not.toContain('Board only');
    const opened = await clickCard(member, ACTION_IDS.folderOpen, dana);
    expect(allText(opened)).toContain('4 files: 2 searchable');
    const adminList = await commandAs(admin, '/research folders');
    expect(allText(adminList)).toContain('Board only');
  });

  it('refuses a folder the user may not open', async () => {
    const refused = await commandAs(dana, `/research folder ${adminFolder}`);
    expect(refused.text).toContain('Only the person who created folder "Board only"');
  });
});

describe('deleting a file', () => {
  it('asks to confirm; Cancel keeps it', async () => {
    const card = await commandAs(dana, '/research folder "Q3 notes"');
    const memoButton = buttonsOf(card).find((b) => b.value?.includes(memo.docId));
    expect(memoButton).toBeDefined();
    const confirm = await clickCard(card, memoButton?.action_id ?? '', dana);
    expect(allText(confirm)).toContain('Delete *memo.txt* from folder *Q3 notes*?');
    const kept = await clickCard(confirm, ACTION_IDS.documentDeleteCancel, dana);
    expect(allText(kept)).toContain('Kept memo.txt.');
    expect(deleteCalls()).toBe(0);
    expect(await h.desk.stores.documents.get(teamId, memo.docId)).not.toBeNull();
  });

  it('refuses a forged confirmation naming a file the user may not delete', async () => {
    const card = await commandAs(dana, '/research folder "Q3 notes"');
    const confirm = await clickCard(card, ACTION_IDS.documentDelete, dana);
    const refused = await clickCard(confirm, ACTION_IDS.documentDeleteConfirm, dana, encodeSimple({ d: adminFile.docId }));
    expect(refused.text).toContain('Only the person who added "board.md", the creator of folder "Board only" or a workspace admin');
    const unknown = await clickCard(confirm, ACTION_IDS.documentDeleteConfirm, dana, encodeSimple({ d: 'doc_of_another_team' }));
    expect(unknown.text).toContain('no longer in a research folder of this workspace');
    expect(deleteCalls()).toBe(0);
    expect(await h.desk.stores.documents.get(teamId, adminFile.docId)).not.toBeNull();
  });

  it('deletes the file at the service and forgets it: the card and search no longer show it', async () => {
    const card = await commandAs(dana, '/research folder "Q3 notes"');
    const memoButton = buttonsOf(card).find((b) => b.value?.includes(memo.docId));
    const confirm = await clickCard(card, memoButton?.action_id ?? '', dana);
    const done = await clickCard(confirm, ACTION_IDS.documentDeleteConfirm, dana);
    expect(allText(done)).toContain('Deleted memo.txt.');
    expect(allText(done)).toContain('3 files');
    expect(deleteCalls()).toBe(1);
    expect(await h.desk.stores.documents.get(teamId, memo.docId)).toBeNull();
    const search = await commandAs(dana, '/research osprey ledger in:"Q3 notes"');
    expect(allText(search)).not.toContain('memo.txt');
  });
});

describe('App Home', () => {
  it('lists the member’s folders and files with status, Open and Delete where allowed; an admin sees every folder', async () => {
    await h.slack.openHome(dana);
    await h.slack.waitFor(() => (homeText(dana).includes('Research folders') ? true : undefined), 10_000);
    const text = homeText(dana);
    expect(text).toContain('Q3 notes');
    expect(text).toContain('quarterly.pdf');
    expect(text).toContain(ACTION_IDS.folderOpen);
    expect(text).toContain(ACTION_IDS.folderDelete);
    expect(text).not.toContain('Board only');
    expect((h.slack.homeViews.get(dana)?.view.blocks as unknown[] | undefined)?.length ?? 0).toBeLessThanOrEqual(100);
    await h.slack.openHome(admin);
    await h.slack.waitFor(() => (homeText(admin).includes('Board only') ? true : undefined), 10_000);
    expect(invalidSlackCalls(h)).toEqual([]);
  });

  it('a forged Delete on Home naming a file the member may not delete is refused at the top of their Home', async () => {
    const home = h.slack.homeViews.get(dana);
    if (!home) throw new Error('no Home view');
    const before = deleteCalls();
    await h.slack.clickViewAction({
      view_id: home.id,
      action_id: `${ACTION_IDS.documentDelete}:0`,
      value: encodeSimple({ d: adminFile.docId }),
      user_id: dana,
    });
    await h.slack.waitFor(() => (homeText(dana).includes('Only the person who added \\"board.md\\"') ? true : undefined), 10_000);
    expect(deleteCalls()).toBe(before);
  });

  it('Open posts the folder card in the DM; Delete folder asks there and deletes the folder with its files', async () => {
    const home = h.slack.homeViews.get(dana);
    if (!home) throw new Error('no Home view');
    const dm = workspaceSeed.defaultDmId;
    const before = new Set(h.slack.channelMessages(dm).map((m) => m.ts));
    const newInDm = (text: string) =>
      h.slack.waitFor(() => h.slack.channelMessages(dm).find((m) => !before.has(m.ts) && allText(m).includes(text)), 10_000);
    await h.slack.clickViewAction({ view_id: home.id, action_id: `${ACTION_IDS.folderOpen}:0`, user_id: dana });
    expect(allText(await newInDm('📁 Q3 notes'))).toContain('3 files');

    await h.slack.clickViewAction({ view_id: home.id, action_id: `${ACTION_IDS.folderDelete}:0`, user_id: dana });
    const confirm = await newInDm('Delete folder');
    const b = button(confirm, ACTION_IDS.folderDeleteConfirm);
    await h.slack.clickAction({ channel_id: dm, message_ts: confirm.ts, action_id: b.action_id, value: b.value ?? '', user_id: dana });
    await h.slack.waitFor(
      () => (allText(h.slack.channelMessages(dm).find((m) => m.ts === confirm.ts) ?? {}).includes('deleted') ? true : undefined),
      10_000,
    );
    expect(await h.desk.stores.folders.get(teamId, notes)).toBeNull();
    expect(await h.desk.stores.documents.list(teamId, notes)).toEqual([]);
    await h.slack.openHome(dana);
    await h.slack.waitFor(
      () => (homeText(dana).includes('Research folders') && !homeText(dana).includes('Q3 notes') ? true : undefined),
      10_000,
    );
  });
});

describe('users of another organisation (Slack Connect)', () => {
  const guest = externalOrg.userId;
  const channel = externalOrg.sharedChannelId;

  it('can neither list, open nor search folders, and no folder name is told them', async () => {
    const list = await commandAs(guest, '/research folders', channel);
    expect(list.text).toContain(EXTERNAL_DATA_REFUSAL.slice(0, 60));
    const show = await commandAs(guest, '/research folder "Board only"', channel);
    expect(show.text).toContain(EXTERNAL_DATA_REFUSAL.slice(0, 60));
    const search = await commandAs(guest, '/research board in:"No such folder"', channel);
    expect(search.text).toContain(EXTERNAL_DATA_REFUSAL.slice(0, 60));
    expect(allText(search)).not.toContain('Board only');
    const files = await commandAs(guest, '/research tag:"Osprey Holdings" type:files', channel);
    expect(files.text).toContain(EXTERNAL_DATA_REFUSAL.slice(0, 60));
    expect(allText(files)).not.toContain('board.md');
    const passages = await commandAs(guest, `/research passages ${PAGE_THREE_PHRASE} type:files`, channel);
    expect(passages.text).toContain(EXTERNAL_DATA_REFUSAL.slice(0, 60));
  });

  it('cannot delete a file, even clicking Delete on a card an admin has in the shared channel', async () => {
    const adminCard = await commandAs(admin, '/research folder "Board only"', channel);
    expect(allText(adminCard)).toContain('board.md');
    const before = deleteCalls();
    const refused = await clickCard(adminCard, ACTION_IDS.documentDelete, guest);
    expect(refused.text).toContain(EXTERNAL_DATA_REFUSAL.slice(0, 60));
    const forged = await clickCard(adminCard, ACTION_IDS.documentDelete, guest, encodeSimple({ d: adminFile.docId }));
    expect(forged.text).toContain(EXTERNAL_DATA_REFUSAL.slice(0, 60));
    expect(deleteCalls()).toBe(before);
    expect(await h.desk.stores.documents.get(teamId, adminFile.docId)).not.toBeNull();
  });
});
