/**
 * Issue 31, item 1 (Add), the real app between both emulators on real Redis: a PDF shared in a DM
 * is added to a new folder through the modal — fetched from Slack with the bot token, uploaded
 * as multipart, followed to completed — and its notice in the file's thread ends searchable with
 * the folder search hint and *Ask the agent about this file*; the same file added twice to one
 * folder is one document; bad modal inputs stay in the modal with what to fix.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { externalOrg } from '../../src/emulators/slack/index.js';
import { createWebClient } from '../../src/slack-api/create-web-client.js';
import { FILE_NOT_YOURS } from '../../src/slack/folders/add/file-access.js';
import { encodeAddFilesButton } from '../../src/slack/folders/entry/add-files-button-value.js';
import { ACTION_IDS, ADD_DOCUMENT_MODAL } from '../../src/slack/blocks/action-ids.js';
import { decodeDocButton } from '../../src/slack/kit/button-values.js';
import { PAGE_THREE_PHRASE, threePagePdf } from '../fixtures/documents/make-pdfs.js';
import { button } from './command-helpers.js';
import { addFileInDm, modalValues, notices, openAddModalFor, startAddHarness, waitForNotice } from './documents-add-helpers.js';
import { E2E_SECRETS, type Harness } from './harness.js';

describe('issue 31: adding a file from a DM', () => {
  let h: Harness;
  let pdf: Uint8Array;

  beforeAll(async () => {
    h = await startAddHarness();
    pdf = await threePagePdf();
  });
  afterAll(async () => h?.close());

  it('adds a PDF to a new folder with tags; the notice ends searchable with the hint and the Ask button', async () => {
    const file = { name: 'Helios Q3 <results>.pdf', mimetype: 'application/pdf', bytes: pdf };
    const { dm, ts, fileId, submitted } = await addFileInDm(h, file, {
      newFolder: 'Helios',
      tags: { industry: 'robotics, semis', company: 'Helios' },
    });
    expect(submitted.viewAction).toBe('close');
    const done = await waitForNotice(h, dm, ts, /searchable/);
    // One notice, updated in place from "Adding…" to searchable; the name escaped.
    expect(notices(h, dm, ts)).toHaveLength(1);
    expect(done.text).toContain('Helios Q3 &lt;results&gt;.pdf');
    expect(done.text).toContain('/research &lt;words&gt; in:"Helios"');
    const ask = button(done, ACTION_IDS.searchAsk);
    expect(ask.text).toBe('Ask the agent about this file');

    const folder = (await h.desk.stores.folders.list(h.slack.teamId)).find((f) => f.name === 'Helios');
    expect(folder).toBeDefined();
    const [record] = await h.desk.stores.documents.list(h.slack.teamId, folder?.folderId);
    expect(record).toMatchObject({
      slackFileId: fileId,
      status: 'searchable',
      fileType: 'pdf',
      tags: { industry: ['robotics', 'semis'], company: ['Helios'] },
    });
    expect(decodeDocButton(ask.value)).toEqual({ d: record?.docId, t: record?.title });
    // The service has the whole file in the folder, its third page readable.
    const content = await h.client.documentRawContent(record?.docId ?? '');
    expect(content.chunks.map((c) => c.text).join(' ')).toContain(PAGE_THREE_PHRASE);
  });

  it('the same Slack file added twice to one folder is one document, and the user is told it is there', async () => {
    const file = { name: 'memo.txt', mimetype: 'text/plain', bytes: 'Quarterly memo: margins up.' };
    const first = await addFileInDm(h, file, { newFolder: 'Memos' });
    await waitForNotice(h, first.dm, first.ts, /searchable/);
    const folder = (await h.desk.stores.folders.list(h.slack.teamId)).find((f) => f.name === 'Memos');
    // Again from the same reply's button, into the same folder.
    const before = notices(h, first.dm, first.ts).length;
    await h.slack.clickAction({
      channel_id: first.dm,
      message_ts: first.reply.ts,
      action_id: button(first.reply, ACTION_IDS.documentAdd).action_id,
    });
    const modal = await h.slack.waitFor(
      () =>
        h.slack
          .openModals(h.slack.defaultUserId)
          .find((v) => (v.view as { callback_id?: string }).callback_id === ADD_DOCUMENT_MODAL.callbackId),
      10_000,
    );
    await h.slack.submitView({ view_id: modal.id, values: modalValues({ folderId: folder?.folderId ?? '' }) });
    const told = await waitForNotice(h, first.dm, first.ts, /already in the research folder/);
    expect(told.text).toContain('(searchable)');
    expect(notices(h, first.dm, first.ts)).toHaveLength(before + 1);
    expect(await h.desk.stores.documents.list(h.slack.teamId, folder?.folderId)).toHaveLength(1);
  });

  it('keeps the modal open with what to fix: no folder, both choices, a too-long name, too many tags', async () => {
    const { modal } = await openAddModalFor(h, { name: 'x.txt', mimetype: 'text/plain', bytes: 'x' });
    const folderId = (await h.desk.stores.folders.list(h.slack.teamId))[0]?.folderId ?? '';
    const cases = [
      { input: {}, field: ADD_DOCUMENT_MODAL.blocks.folder },
      { input: { folderId, newFolder: 'Other' }, field: ADD_DOCUMENT_MODAL.blocks.newFolder },
      { input: { newFolder: 'n'.repeat(101) }, field: ADD_DOCUMENT_MODAL.blocks.newFolder },
      {
        input: { folderId, tags: { event: Array.from({ length: 11 }, (_, i) => `e${i}`).join(',') } },
        field: ADD_DOCUMENT_MODAL.blocks.event,
      },
    ];
    for (const { input, field } of cases) {
      const result = await h.slack.submitView({ view_id: modal.id, values: modalValues(input) });
      expect(result.viewAction).toBe('errors');
      expect(Object.keys((JSON.parse(result.body ?? '{}') as { errors: Record<string, string> }).errors)).toEqual([field]);
    }
    await h.slack.closeView({ view_id: modal.id });
  });

  it('a submission by someone else than the user the modal was opened for (another organisation’s) adds nothing', async () => {
    const { modal, dm, ts } = await openAddModalFor(h, { name: 'private.txt', mimetype: 'text/plain', bytes: 'ours' });
    const result = await h.slack.submitView({
      view_id: modal.id,
      values: modalValues({ newFolder: 'Theirs' }),
      user_id: externalOrg.userId,
    });
    expect(result.viewAction).toBe('errors');
    expect(result.body).toContain('This form has expired');
    expect((await h.desk.stores.folders.list(h.slack.teamId)).map((f) => f.name)).not.toContain('Theirs');
    expect(notices(h, dm, ts)).toEqual([]);
    await h.slack.closeView({ view_id: modal.id });
  });

  it('a colleague forging the Add button with someone’s DM file is refused, and nothing is fetched or uploaded', async () => {
    const dana = h.slack.defaultDmId;
    const { fileId } = await h.slack.shareFile({
      text: '',
      file: { name: 'private plan.txt', mimetype: 'text/plain', bytes: 'ours only' },
      channel_id: dana,
    });
    // A message in #research with an Add button naming Dana's file: what a forged click carries.
    const channel = h.slack.defaultChannelId;
    const web = createWebClient({ token: E2E_SECRETS.botToken, apiUrl: h.slack.apiUrl, logger: h.logger });
    const value = encodeAddFilesButton([{ id: fileId, name: 'private plan.txt' }]) ?? '';
    const posted = await web.chat.postMessage({
      channel,
      text: 'bait',
      blocks: [
        {
          type: 'actions',
          elements: [{ type: 'button', action_id: ACTION_IDS.documentAdd, text: { type: 'plain_text', text: 'Add' }, value }],
        },
      ],
    });
    const alex = h.slack.adminUserId;
    const ofAlex = () =>
      h.slack.openModals(alex).filter((v) => (v.view as { callback_id?: string }).callback_id === ADD_DOCUMENT_MODAL.callbackId);
    await h.slack.clickAction({
      channel_id: channel,
      message_ts: posted.ts ?? '',
      action_id: ACTION_IDS.documentAdd,
      value,
      user_id: alex,
    });
    const modal = await h.slack.waitFor(() => ofAlex()[0], 10_000);
    const uploadsBefore = h.service.requestLog.filter((r) => r.path.startsWith('/v1/docs/upload')).length;
    await h.slack.submitView({ view_id: modal.id, values: modalValues({ newFolder: 'Borrowed' }), user_id: alex });
    const told = await h.slack.waitFor(() => notices(h, channel, posted.ts ?? '').find((m) => /was not added/.test(m.text ?? '')), 20_000);
    expect(told.text).toContain(FILE_NOT_YOURS);
    expect(h.logs.some((l) => l.includes('research document fetched from Slack') && l.includes(fileId))).toBe(false);
    expect(h.service.requestLog.filter((r) => r.path.startsWith('/v1/docs/upload'))).toHaveLength(uploadsBefore);
    expect((await h.desk.stores.folders.list(h.slack.teamId)).map((f) => f.name)).not.toContain('Borrowed');
  });

  it('the modal offers only the folders the user may search, and a forged choice of another’s folder is refused', async () => {
    const theirs = await h.client.createFolder('Alex private');
    await h.desk.stores.folders.save({
      teamId: h.slack.teamId,
      folderId: theirs.folderId,
      name: 'Alex private',
      createdBy: h.slack.adminUserId,
      createdAtMs: Date.now(),
    });
    const { modal } = await openAddModalFor(h, { name: 'mine.txt', mimetype: 'text/plain', bytes: 'mine' });
    const offered = JSON.stringify(modal.view);
    expect(offered).toContain('Helios');
    expect(offered).not.toContain(theirs.folderId);
    expect(offered).not.toContain('Alex private');
    const { blocks, actions } = ADD_DOCUMENT_MODAL;
    const forged = {
      ...modalValues({}),
      [blocks.folder]: { [actions.folder]: { type: 'static_select', selected_option: { value: theirs.folderId } } },
    };
    const result = await h.slack.submitView({ view_id: modal.id, values: forged });
    expect(result.viewAction).toBe('errors');
    expect(result.body).toContain('not yours');
    expect(await h.desk.stores.documents.list(h.slack.teamId, theirs.folderId)).toEqual([]);
    await h.slack.closeView({ view_id: modal.id });
  });

  it('a form naming a conversation the submitter cannot read posts nothing there; the refusal goes to the submitter’s DM', async () => {
    // Dana's file and its Add reply in her DM; Alex gets a form naming that DM (a forged click).
    const { ts, reply, dm } = await openAddModalFor(h, { name: 'dana only.txt', mimetype: 'text/plain', bytes: 'dana' });
    const alex = h.slack.adminUserId;
    const ofAlex = () =>
      h.slack.openModals(alex).filter((v) => (v.view as { callback_id?: string }).callback_id === ADD_DOCUMENT_MODAL.callbackId);
    const danaRepliesBefore = h.slack.threadReplies(dm, ts).length;
    await h.slack.clickAction({
      channel_id: dm,
      message_ts: reply.ts,
      action_id: button(reply, ACTION_IDS.documentAdd).action_id,
      user_id: alex,
    });
    const modal = await h.slack.waitFor(() => ofAlex()[0], 10_000);
    await h.slack.submitView({ view_id: modal.id, values: modalValues({ newFolder: 'Peek' }), user_id: alex });
    const alexDm = await h.slack.waitFor(
      () =>
        h.slack
          .channels()
          .find((c) => c.is_im && c.user === alex && h.slack.channelMessages(c.id).some((m) => (m.text ?? '').includes(FILE_NOT_YOURS))),
      20_000,
    );
    expect(alexDm).toBeDefined();
    expect(h.slack.threadReplies(dm, ts)).toHaveLength(danaRepliesBefore);
    expect((await h.desk.stores.folders.list(h.slack.teamId)).map((f) => f.name)).not.toContain('Peek');
  });
});
