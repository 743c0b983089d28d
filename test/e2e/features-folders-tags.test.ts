/**
 * Folders and tags through the real app: `/research folder create` (whichever key the service
 * names the id with), `/research folder delete` (confirmation first; only the creator or an
 * admin of the workspace that recorded it; a folder with no record is deleted in the service)
 * and `/research tag` paged like search results.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredEphemeral } from '../../src/emulators/slack/index.js';
import { allText, button, buttonsOf, rejectedSlackCalls } from './command-helpers.js';
import { commandReply, invalidSlackCalls } from './features-helpers.js';
import { startHarness, type Harness } from './harness.js';

describe('folders and tags', () => {
  let h: Harness;
  let dana: string;
  let admin: string;
  beforeAll(async () => {
    h = await startHarness();
    dana = h.slack.defaultUserId;
    admin = h.slack.adminUserId;
  });
  afterAll(async () => h?.close());

  const research = (text: string, user = dana) => commandReply(h, { command: '/research', text, user });

  /** Clicks a button on an ephemeral card and waits for the card to be replaced. */
  async function clickAndWaitReplaced(card: StoredEphemeral, actionId: string, user = dana): Promise<StoredEphemeral> {
    const b = button(card, actionId);
    const delivery = await h.slack.clickAction({
      channel_id: card.channel,
      message_ts: card.ts,
      action_id: b.action_id,
      ...(b.value ? { value: b.value } : {}),
      ephemeral: true,
      user_id: user,
    });
    expect(delivery.ok).toBe(true);
    return h.slack.waitFor(() => h.slack.ephemeralFor(user, card.channel).find((e) => e.ts === card.ts && e.edits > card.edits), 8_000);
  }
  const deleteCalls = () => h.service.requestLog.filter((r) => r.path === '/v1/docs/folder/delete').length;

  it('creates a folder with the legacy interface (`id`) and the schema one (`folder_id`), recording the creator', async () => {
    h.service.setVariant('legacy');
    const legacy = await research('folder create "Q3 semis"');
    expect(allText(legacy)).toContain('fld_000001');
    expect(allText(legacy)).toContain('in:fld_000001');
    h.service.setVariant('schema');
    const schema = await research('folder create Admin picks', admin);
    expect(allText(schema)).toContain('fld_000002');
    expect(await h.desk.stores.folders.get(h.slack.teamId, 'fld_000001')).toMatchObject({ name: 'Q3 semis', createdBy: dana });
    expect(await h.desk.stores.folders.get(h.slack.teamId, 'fld_000002')).toMatchObject({ name: 'Admin picks', createdBy: admin });
  });

  it('refuses to delete a folder someone else created, unless an admin asks', async () => {
    const before = deleteCalls();
    const refused = await research('folder delete fld_000002');
    expect(refused.text).toContain(
      'Only the person who created folder "Admin picks" (fld_000002) or an admin of this workspace can delete it',
    );
    expect(buttonsOf(refused)).toEqual([]);
    const seeded = await research('folder delete fld_research_notes');
    expect(seeded.text).toContain('Folder fld_research_notes has no owner recorded in this workspace');
    expect(deleteCalls()).toBe(before);
  });

  it('asks for confirmation first; Cancel keeps the folder', async () => {
    const confirm = await research('folder delete fld_000001');
    expect(allText(confirm)).toContain('Delete folder *Q3 semis*');
    expect(buttonsOf(confirm).map((b) => b.text)).toEqual(['Delete folder', 'Cancel']);
    const kept = await clickAndWaitReplaced(confirm, 'rd.folder.delete_cancel');
    expect(kept.text).toContain('Folder fld_000001 kept');
    expect(deleteCalls()).toBe(0);
    expect(await h.desk.stores.folders.get(h.slack.teamId, 'fld_000001')).not.toBeNull();
  });

  it('deletes the creator’s own folder after confirmation and reports what it held', async () => {
    const confirm = await research('folder delete fld_000001');
    const done = await clickAndWaitReplaced(confirm, 'rd.folder.delete_confirm');
    expect(allText(done)).toContain('Folder *Q3 semis* `fld_000001` deleted');
    expect(allText(done)).toContain('It held no documents');
    expect(await h.desk.stores.folders.get(h.slack.teamId, 'fld_000001')).toBeNull();
  });

  it('refuses a folder with no owner record even to an admin: it is deleted in the research service', async () => {
    const before = deleteCalls();
    const refused = await research('folder delete fld_watchlist', admin);
    expect(refused.text).toContain('Folder fld_watchlist has no owner recorded in this workspace');
    expect(refused.text).toContain('delete it in the research service');
    expect(buttonsOf(refused)).toEqual([]);
    expect(deleteCalls()).toBe(before);
  });

  it('lets a workspace admin delete a folder its member created, listing the doc_ids that were in it', async () => {
    // As if dana had made the service's Watchlist folder from Slack here.
    await h.desk.stores.folders.save({
      teamId: h.slack.teamId,
      folderId: 'fld_watchlist',
      name: 'Watchlist',
      createdBy: dana,
      createdAtMs: 0,
    });
    const confirm = await research('folder delete fld_watchlist', admin);
    const done = await clickAndWaitReplaced(confirm, 'rd.folder.delete_confirm', admin);
    const held = Number(/Folder Watchlist deleted \((\d+) documents\)/.exec(done.text)?.[1]);
    expect(held).toBeGreaterThanOrEqual(10);
    expect(new Set(allText(done).match(/doc_[0-9a-f]{12}/g)).size).toBe(held);
  });

  it('lists documents by tag, paged like search results', async () => {
    h.service.setVariant('latest');
    const first = await research('tag NVIDIA');
    expect(first.text).toContain('Documents tagged “NVIDIA”: 1–5 of 19');
    expect(buttonsOf(first).map((b) => b.action_id)).toEqual(expect.arrayContaining(['rd.search.next', 'rd.search.share']));
    const second = await clickAndWaitReplaced(first, 'rd.search.next');
    expect(second.text).toContain('Documents tagged “NVIDIA”: 6–10 of 19');
    expect(buttonsOf(second).map((b) => b.action_id)).toEqual(expect.arrayContaining(['rd.search.prev', 'rd.search.next']));
  });

  // Last but one: the refused click's own answer may still arrive after the test has seen the
  // refusal, and no later command of dana's must take it for its reply.
  it('checks the permission again when Delete is clicked (the click is a request of its own)', async () => {
    const before = deleteCalls();
    const confirm = await research('folder delete fld_000002', admin);
    const b = button(confirm, 'rd.folder.delete_confirm');
    // Someone else presses the admin's button (a forged or forwarded click).
    expect(
      (
        await h.slack.clickAction({
          channel_id: confirm.channel,
          message_ts: confirm.ts,
          action_id: b.action_id,
          value: b.value ?? '',
          ephemeral: true,
          user_id: dana,
        })
      ).ok,
    ).toBe(true);
    // Slack shows an ephemeral card to one person only; the refusal goes to whoever clicked.
    const refused = await h.slack.waitFor(
      () => h.slack.ephemeralFor(dana, confirm.channel).find((e) => e.text.includes('Only the person who created folder "Admin picks"')),
      8_000,
    );
    expect(buttonsOf(refused)).toEqual([]);
    expect(deleteCalls()).toBe(before);
  });

  it('made no Slack call that Slack would refuse', () => {
    expect(invalidSlackCalls(h)).toEqual([]);
    expect(rejectedSlackCalls(h)).toEqual([]);
  });
});
