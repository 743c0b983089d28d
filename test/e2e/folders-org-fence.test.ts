/**
 * Issue 28, defect 6, through the real app, both emulators and Redis: in an Enterprise Grid org
 * every workspace shares the org's one service account, so the service knows every workspace's
 * folders. A folder is fenced to the workspace that created it: an admin of another workspace of
 * the org can neither delete it (by command or by a forged Delete click) nor search it, and a
 * folder with no owner record cannot be deleted from Slack at all, not even by an admin.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { northwindOrg } from '../../src/emulators/slack/index.js';
import { ACTION_IDS } from '../../src/slack/blocks/action-ids.js';
import { encodeSimple } from '../../src/slack/kit/button-values.js';
import { allText, button, buttonsOf, nextEphemeral, splitCommand } from './command-helpers.js';
import { startHarness, type Harness } from './harness.js';
import { connectFromHome, installOAuth } from './multi-workspace-helpers.js';

const ORG_KEY = 'northwind-service-key-3333';
const equities = northwindOrg.equities;
const credit = northwindOrg.credit;

let h: Harness;
const deleteCalls = () => h.service.requestLog.filter((r) => r.path === '/v1/docs/folder/delete').length;
const _homeText = (user: string) => JSON.stringify(h.slack.homeViews.get(user)?.view.blocks ?? []);

/** A slash command as `user` in `channel`; the ephemeral answer. */
function commandAs(user: string, channel: string, line: string) {
  return nextEphemeral(
    h,
    async () => {
      const result = await h.slack.sendCommand({ ...splitCommand(line), channel_id: channel, user_id: user });
      expect(result.outcome).toBe('acked');
    },
    { channel, user, timeoutMs: 15_000 },
  );
}

/** The org's admin connects its service key from App Home, as a person would. */
async function connectOrg(): Promise<void> {
  await connectFromHome(h, equities.adminUserId, ORG_KEY);
}

beforeAll(async () => {
  h = await startHarness({ store: 'redis', oauth: { serviceKeys: [ORG_KEY] } });
  expect((await installOAuth(h, { enterpriseId: northwindOrg.enterpriseId })).status).toBe(200);
  await connectOrg();
}, 60_000);

afterAll(async () => {
  await h?.close();
});

describe('one workspace, one fence: folders in an Enterprise Grid org', () => {
  let equitiesFolder = '';

  it('records the folder under the workspace that created it, with its creator', async () => {
    const created = await commandAs(equities.userId, equities.researchChannelId, '/research folder create "Equities picks"');
    equitiesFolder = /in:(fld_\w+)/.exec(allText(created))?.[1] ?? '';
    expect(equitiesFolder).not.toBe('');
    expect(await h.desk.stores.folders.get(equities.teamId, equitiesFolder)).toMatchObject({
      teamId: equities.teamId,
      createdBy: equities.userId,
      name: 'Equities picks',
    });
    expect(await h.desk.stores.folders.get(credit.teamId, equitiesFolder)).toBeNull();
  });

  it("refuses an admin of another workspace of the org the other workspace's folder, saying where to delete it", async () => {
    const before = deleteCalls();
    const refused = await commandAs(credit.adminUserId, credit.researchChannelId, `/research folder delete ${equitiesFolder}`);
    expect(refused.text).toContain(`Folder ${equitiesFolder} has no owner recorded in this workspace`);
    expect(refused.text).toContain('delete it in the research service');
    expect(buttonsOf(refused)).toEqual([]);
    expect(deleteCalls()).toBe(before);
  });

  it("refuses a forged Delete click naming another workspace's folder", async () => {
    // The credit admin's own folder gives a real confirmation card; its button is sent with the other id.
    const own = await commandAs(credit.adminUserId, credit.researchChannelId, '/research folder create "Credit picks"');
    const ownFolder = /in:(fld_\w+)/.exec(allText(own))?.[1] ?? '';
    const confirm = await commandAs(credit.adminUserId, credit.researchChannelId, `/research folder delete ${ownFolder}`);
    const b = button(confirm, ACTION_IDS.folderDeleteConfirm);
    const before = deleteCalls();
    const delivery = await h.slack.clickAction({
      channel_id: confirm.channel,
      message_ts: confirm.ts,
      action_id: b.action_id,
      value: encodeSimple({ f: equitiesFolder }),
      ephemeral: true,
      user_id: credit.adminUserId,
    });
    expect(delivery.ok).toBe(true);
    const refused = await h.slack.waitFor(
      () =>
        h.slack
          .ephemeralFor(credit.adminUserId, confirm.channel)
          .find((e) => e.ts === confirm.ts && e.edits > confirm.edits && e.text.includes(equitiesFolder)),
      10_000,
    );
    expect(refused.text).toContain(`Folder ${equitiesFolder} has no owner recorded in this workspace`);
    expect(deleteCalls()).toBe(before);
    expect(await h.desk.stores.folders.get(equities.teamId, equitiesFolder)).not.toBeNull();
  });

  it("refuses searching another workspace's folder with in:, even to an admin", async () => {
    const from = h.service.requestLog.length;
    const refused = await commandAs(credit.adminUserId, credit.researchChannelId, `/research margins in:${equitiesFolder}`);
    expect(refused.text).toContain(`Folder ${equitiesFolder} was not created from Slack in this workspace`);
    expect(h.service.requestLog.slice(from).filter((r) => r.path.includes('search'))).toEqual([]);
  });

  it('refuses a folder with no owner record to every admin, saying why and where to delete it', async () => {
    // fld_watchlist is the service's own (created outside Research Desk): no record anywhere.
    const refused = await commandAs(equities.adminUserId, equities.researchChannelId, '/research folder delete fld_watchlist');
    expect(refused.text).toContain('Folder fld_watchlist has no owner recorded in this workspace');
    expect(refused.text).toContain('delete it in the research service');
  });

  it('lets an admin of the creating workspace delete it', async () => {
    const confirm = await commandAs(equities.adminUserId, equities.researchChannelId, `/research folder delete ${equitiesFolder}`);
    const b = button(confirm, ACTION_IDS.folderDeleteConfirm);
    await h.slack.clickAction({
      channel_id: confirm.channel,
      message_ts: confirm.ts,
      action_id: b.action_id,
      ...(b.value ? { value: b.value } : {}),
      ephemeral: true,
      user_id: equities.adminUserId,
    });
    const done = await h.slack.waitFor(
      () => h.slack.ephemeralFor(equities.adminUserId, confirm.channel).find((e) => e.ts === confirm.ts && e.edits > confirm.edits),
      10_000,
    );
    expect(allText(done)).toContain(`\`${equitiesFolder}\` deleted`);
    expect(await h.desk.stores.folders.get(equities.teamId, equitiesFolder)).toBeNull();
  });
});
