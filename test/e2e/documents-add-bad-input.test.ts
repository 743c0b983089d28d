/**
 * Issue 31, item 6 (bad input), the real app between both emulators on real Redis: each bad file
 * gets a clear answer in its notice and leaves nothing half-added — no record, no document at the
 * service, the claim released so the file can be added again. Processing is followed on virtual
 * time (documents-add-helpers.ts): "never ends" passes the 30-minute deadline without waiting.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isServiceError } from '../../src/service/errors/service-error.js';
import { ACTION_IDS, ADD_DOCUMENT_MODAL } from '../../src/slack/blocks/action-ids.js';
import { brokenPdf, encryptedPdf, threePagePdf } from '../fixtures/documents/make-pdfs.js';
import {
  addFileInDm,
  modalValues,
  notices,
  openAddModalFor,
  startAddHarness,
  virtualTime,
  waitForNotice,
} from './documents-add-helpers.js';
import { button } from './command-helpers.js';
import type { Harness } from './harness.js';

const MB = 1024 * 1024;

describe('issue 31: bad input gets a clear answer and leaves nothing half-added', () => {
  let h: Harness;
  const time = virtualTime();
  let folderId: string;

  beforeAll(async () => {
    h = await startAddHarness({ timers: time.timers, clock: time.clock });
    const created = await h.client.createFolder('Inbox');
    folderId = created.folderId;
    await h.desk.stores.folders.save({
      teamId: h.slack.teamId,
      folderId,
      name: 'Inbox',
      createdBy: h.slack.defaultUserId,
      createdAtMs: Date.now(),
    });
  });
  beforeEach(() => h.service.setFaults({}));
  afterAll(async () => h?.close());

  const uploadsSince = (since: number) => h.service.requestLog.slice(since).filter((r) => r.path.startsWith('/v1/docs/upload'));
  /** The document the app uploaded, from its log line (after `from` lines). */
  const uploadedDocSince = (from: number): string => {
    const line = h.logs.slice(from).find((l) => l.includes('research document uploaded'));
    const docId = /"doc":"([^"]+)"/.exec(line ?? '')?.[1];
    if (!docId) throw new Error('no upload was logged');
    return docId;
  };
  /** The app's log lines saying it downloaded the file. */
  const fetchedFromSlack = (fileId: string) =>
    h.logs.filter((l) => l.includes('research document fetched from Slack') && l.includes(fileId));
  /** What Slack (the emulator) was asked for the file's private URL. */
  const downloadsOf = (fileId: string) => h.slack.fileRequests.filter((r) => r.fileId === fileId);
  const documentsInInbox = () => h.desk.stores.documents.list(h.slack.teamId, folderId);
  const expectGoneAtService = async (docId: string) => {
    const error = await h.client.documentUploadStatus(docId).then(
      (s) => s,
      (e: unknown) => e,
    );
    expect(isServiceError(error) && error.kind === 'not_found').toBe(true);
  };

  it('a file over the size limit is refused before it is downloaded', async () => {
    const since = h.service.requestLog.length;
    const big = { name: 'huge.pdf', mimetype: 'application/pdf', bytes: Buffer.alloc(50 * MB + 1, 0x20) };
    const { dm, ts, fileId } = await addFileInDm(h, big, { folderId });
    const told = await waitForNotice(h, dm, ts, /was not added/);
    expect(told.text).toContain('It is 52,428,801 bytes, and research folders take files up to 50 MB, so it was not downloaded.');
    expect(h.logs.some((l) => l.includes('research document refused before download') && l.includes(fileId))).toBe(true);
    expect(fetchedFromSlack(fileId)).toEqual([]);
    expect(downloadsOf(fileId)).toEqual([]);
    expect(uploadsSince(since)).toEqual([]);
    expect(await documentsInInbox()).toEqual([]);
  });

  it('a type the service cannot read is refused before it is downloaded, naming what it reads', async () => {
    const since = h.service.requestLog.length;
    const { dm, ts, fileId } = await addFileInDm(h, { name: 'chart.png', mimetype: 'image/png', bytes: 'not a pdf' }, { folderId });
    const told = await waitForNotice(h, dm, ts, /was not added/);
    expect(told.text).toContain('Its type (.png) cannot be read by the research service, which reads PDF');
    expect(fetchedFromSlack(fileId)).toEqual([]);
    expect(downloadsOf(fileId)).toEqual([]);
    expect(uploadsSince(since)).toEqual([]);
  });

  for (const [label, make, words] of [
    ['an encrypted PDF', encryptedPdf, /encrypted/i],
    ['a broken PDF', async () => brokenPdf(), /could not read it/],
  ] as const) {
    it(`${label}: processing fails, the user reads why, and the document is deleted at the service`, async () => {
      const logsBefore = h.logs.length;
      const { dm, ts, fileId } = await addFileInDm(
        h,
        { name: `${label.replace(/ /g, '-')}.pdf`, mimetype: 'application/pdf', bytes: await make() },
        { folderId },
      );
      const told = await waitForNotice(h, dm, ts, /was not added/);
      expect(told.text).toMatch(words);
      expect(told.text).toContain('Nothing was kept.');
      expect(notices(h, dm, ts)).toHaveLength(1);
      expect((await documentsInInbox()).filter((d) => d.slackFileId === fileId)).toEqual([]);
      await expectGoneAtService(uploadedDocSince(logsBefore));
      expect(await h.desk.stores.documents.claimFile(h.slack.teamId, folderId, fileId)).toEqual({ claimed: true });
      await h.desk.stores.documents.releaseFile(h.slack.teamId, folderId, fileId);
    });
  }

  it('a file deleted in Slack while the modal was open: the user is told it was deleted', async () => {
    const { dm, ts, fileId, modal } = await openAddModalFor(h, {
      name: 'gone.pdf',
      mimetype: 'application/pdf',
      bytes: await threePagePdf(),
    });
    await h.slack.deleteFile(fileId);
    const since = h.service.requestLog.length;
    await h.slack.submitView({ view_id: modal.id, values: modalValues({ folderId }) });
    const told = await waitForNotice(h, dm, ts, /was not added/);
    expect(told.text).toContain('The file was deleted in Slack before Research Desk could fetch it.');
    expect(uploadsSince(since)).toEqual([]);
  });

  it('a service error in the middle of the upload: nothing recorded, the claim released, the user may try again', async () => {
    const file = { name: 'retry-me.txt', mimetype: 'text/plain', bytes: 'Margins widened in the third quarter.' };
    const { dm, ts, fileId, reply, modal } = await openAddModalFor(h, file);
    h.service.setFaults({ errorRate: 1 });
    await h.slack.submitView({ view_id: modal.id, values: modalValues({ folderId }) });
    const told = await waitForNotice(h, dm, ts, /was not added/);
    h.service.setFaults({});
    expect(told.text).toMatch(/The research service failed while receiving it.*Nothing was kept; you can try again\./);
    expect(fetchedFromSlack(fileId)).toHaveLength(1);
    expect(downloadsOf(fileId).map((r) => r.status)).toEqual([200]);
    expect((await documentsInInbox()).filter((d) => d.slackFileId === fileId)).toEqual([]);

    // Trying again works: the claim was released.
    await h.slack.clickAction({ channel_id: dm, message_ts: reply.ts, action_id: button(reply, ACTION_IDS.documentAdd).action_id });
    const again = await h.slack.waitFor(() => addModalsOpen().at(-1), 10_000);
    await h.slack.submitView({ view_id: again.id, values: modalValues({ folderId }) });
    await waitForNotice(h, dm, ts, /and searchable/);
    expect((await documentsInInbox()).filter((d) => d.slackFileId === fileId)).toHaveLength(1);
  });

  it('processing that never ends: after the deadline the user is told, and nothing is kept', async () => {
    const before = time.waited();
    const logsBefore = h.logs.length;
    const { dm, ts, fileId } = await addFileInDm(
      h,
      { name: 'deck [stuck].pdf', mimetype: 'application/pdf', bytes: await threePagePdf() },
      { folderId },
    );
    const told = await waitForNotice(h, dm, ts, /still processing/);
    expect(told.text).toContain('after 30 minutes');
    expect(told.text).toContain('Try adding it again later');
    expect(time.waited() - before).toBeGreaterThanOrEqual(30 * 60_000);
    expect((await documentsInInbox()).filter((d) => d.slackFileId === fileId)).toEqual([]);
    await expectGoneAtService(uploadedDocSince(logsBefore));
  });

  const addModalsOpen = () =>
    h.slack
      .openModals(h.slack.defaultUserId)
      .filter((v) => (v.view as { callback_id?: string }).callback_id === ADD_DOCUMENT_MODAL.callbackId);
});
