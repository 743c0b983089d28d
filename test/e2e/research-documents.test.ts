/**
 * Issue 31's acceptance, as a user walks it: a three-page PDF shared in a DM with the app is
 * added to a new research folder from the reply's button, becomes searchable, `/research
 * in:<folder>` finds a phrase that is only on its third page, and the agent's answer about it
 * cites it. The real app between the Slack emulator and the service emulator, on real Redis.
 * (The same walk against the published-schema fake: research-documents-published.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION_IDS } from '../../src/slack/blocks/action-ids.js';
import { PAGE_THREE_PHRASE, threePagePdf } from '../fixtures/documents/make-pdfs.js';
import { startHarness, type Harness } from './harness.js';
import { addSharedFile, askAboutAddedFile, askInThread, FOLDER_NAME, searchFolder } from './research-documents-walk.js';

describe('issue 31: your own documents, end to end', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness({
      store: 'redis',
      agentSpeed: 20,
      // Polls close together so the walk is quick; the emulator steps one stage per status call.
      deskOverrides: { documentAdds: { pollInitialMs: 20, pollMaxMs: 100 } },
    });
  }, 30_000);
  afterAll(async () => h?.close());

  it('a PDF shared in a DM goes into a new folder, is found by a phrase on its third page, and the agent cites it', async () => {
    const added = await addSharedFile(h, { name: 'Heron memo.pdf', mimetype: 'application/pdf', bytes: Buffer.from(await threePagePdf()) });
    expect(added.noticeText).toContain(FOLDER_NAME);
    expect(added.noticeText).toContain('searchable');

    const found = await searchFolder(h, `/research in:"${FOLDER_NAME}" ${PAGE_THREE_PHRASE}`);
    expect(found).toContain('Heron memo');

    const answer = await askAboutAddedFile(h, added);
    expect(answer).toContain('From your documents');
    expect(answer).toMatch(/Sources[\s\S]*Heron memo\.pdf/);

    // A question in the thread the file was added in is about the file too: the answer quotes
    // the words that only its third page holds.
    const followUp = await askInThread(h, added, 'Which clause settles the disputed shipment?');
    expect(followUp).toContain(PAGE_THREE_PHRASE);
    expect(followUp).toContain('page 3');
    // Nothing the app posted pings anyone, and the Ask button came on the notice.
    expect(added.noticeButtons).toContain(ACTION_IDS.searchAsk);
  });
});
