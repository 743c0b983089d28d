/**
 * Issue 31's acceptance walk against a fake that speaks exactly the service's published schema
 * (2026-04, the one with the upload routes): the multipart upload, the status it answers, the
 * folder search and the chat's `documents` are checked against the schema by the fake, which
 * refuses and records anything off it.
 * @see test/e2e/research-documents.test.ts (the same walk against the service emulator)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_THREE_PHRASE, threePagePdf } from '../fixtures/documents/make-pdfs.js';
import { startPublishedFakeHarness, type PublishedFakeHarness } from './published-fake-harness.js';
import { addSharedFile, askAboutAddedFile, FOLDER_NAME, searchFolder } from './research-documents-walk.js';

describe('issue 31 against the published schema (2026-04)', () => {
  let h: PublishedFakeHarness;

  beforeAll(async () => {
    h = await startPublishedFakeHarness({ version: '2026-04', deskOverrides: { documentAdds: { pollInitialMs: 20, pollMaxMs: 100 } } });
  }, 30_000);
  afterAll(async () => h?.close());

  it('a PDF shared in a DM goes into a new folder, is found by its page-3 phrase, and the agent cites it', async () => {
    const added = await addSharedFile(h, { name: 'Heron memo.pdf', mimetype: 'application/pdf', bytes: Buffer.from(await threePagePdf()) });
    expect(added.noticeText).toContain(FOLDER_NAME);

    expect(await searchFolder(h, `/research in:"${FOLDER_NAME}" ${PAGE_THREE_PHRASE}`)).toContain('Heron memo');

    const answer = await askAboutAddedFile(h, added);
    expect(answer).toContain('Heron memo');

    // What the app sent was the published API: the upload a multipart form with the file and
    // its folder, the chat's documents naming the uploaded document.
    const upload = h.fake.requests.find((r) => r.path === '/v1/docs/upload/form');
    expect(upload?.form?.files.file?.map((f) => f.filename)).toEqual(['Heron memo.pdf']);
    expect(upload?.form?.fields.folder_id?.[0]).toMatch(/\S/);
    expect(h.fake.problems).toEqual([]);
  });
});
