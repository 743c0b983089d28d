/**
 * Issue 31: a file added the way a user adds it — shared in the DM, *Add to research folder*, the
 * modal — is what the folder card, App Home and a delete show and act on: its Slack name, its
 * status once processing ends, who added it; deleting it at the service makes search miss it.
 * The real app between both emulators, on real Redis.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION_IDS } from '../../src/slack/blocks/action-ids.js';
import { PAGE_THREE_PHRASE, threePagePdf } from '../fixtures/documents/make-pdfs.js';
import { allText, button, command } from './command-helpers.js';
import { startHarness, type Harness } from './harness.js';
import { addSharedFile, FOLDER_NAME } from './research-documents-walk.js';

describe('a file added from Slack, managed', () => {
  let h: Harness;
  const homeText = () => JSON.stringify(h.slack.homeViews.get(h.slack.defaultUserId)?.view.blocks ?? []);

  beforeAll(async () => {
    h = await startHarness({ store: 'redis', agentSpeed: 20, deskOverrides: { documentAdds: { pollInitialMs: 20, pollMaxMs: 100 } } });
  }, 30_000);
  afterAll(async () => h?.close());

  it('shows on the folder card and App Home as searchable, added by the user; Delete removes it from search', async () => {
    await addSharedFile(h, { name: 'Heron memo.pdf', mimetype: 'application/pdf', bytes: Buffer.from(await threePagePdf()) });

    const card = await command(h, `/research folder "${FOLDER_NAME}"`);
    expect(allText(card)).toContain(`*Heron memo.pdf* · searchable · added by <@${h.slack.defaultUserId}>`);

    await h.slack.openHome(h.slack.defaultUserId);
    await h.slack.waitFor(() => (homeText().includes('Heron memo.pdf') ? true : undefined), 10_000);
    expect(homeText()).toContain(FOLDER_NAME);

    const found = await command(h, `/research ${PAGE_THREE_PHRASE} in:"${FOLDER_NAME}"`);
    expect(allText(found)).toContain(`Heron memo.pdf · in folder *${FOLDER_NAME}*`);

    const b = button(card, ACTION_IDS.documentDelete);
    const click = (on: typeof card, id: string) =>
      h.slack.clickAction({ channel_id: on.channel, message_ts: on.ts, action_id: id, value: button(on, id).value ?? '', ephemeral: true });
    await click(card, b.action_id);
    const confirm = await h.slack.waitFor(
      () => h.slack.ephemeralFor(h.slack.defaultUserId).find((e) => e.ts === card.ts && e.edits > card.edits),
      10_000,
    );
    expect(allText(confirm)).toContain('Delete *Heron memo.pdf*');
    await click(confirm, ACTION_IDS.documentDeleteConfirm);
    await h.slack.waitFor(
      () => h.slack.ephemeralFor(h.slack.defaultUserId).find((e) => e.ts === card.ts && allText(e).includes('Deleted Heron memo.pdf.')),
      10_000,
    );
    expect(await h.desk.stores.documents.list(h.slack.teamId)).toEqual([]);
    const after = await command(h, `/research ${PAGE_THREE_PHRASE} in:"${FOLDER_NAME}"`);
    expect(allText(after)).not.toContain('Heron memo.pdf');
    await h.slack.waitFor(() => (!homeText().includes('Heron memo.pdf') ? true : undefined), 10_000);
  });
});
