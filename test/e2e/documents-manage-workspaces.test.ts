/**
 * Issue 31 across workspaces, through the real app, both emulators and Redis: the two workspaces
 * of an Enterprise Grid org share the org's one service account, so the service holds both
 * workspaces' files. Each workspace sees only its own folders and files — by name, by id, by tag,
 * on the folder card, on App Home — and a forged Delete naming the other's file finds nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { northwindOrg } from '../../src/emulators/slack/index.js';
import type { StoredEphemeral } from '../../src/emulators/slack/index.js';
import { ACTION_IDS } from '../../src/slack/blocks/action-ids.js';
import { encodeSimple } from '../../src/slack/kit/button-values.js';
import type { ResearchDocumentRecord } from '../../src/store/records.js';
import { allText, button, nextEphemeral, splitCommand } from './command-helpers.js';
import { startHarness, type Harness } from './harness.js';
import { connectFromHome, installOAuth } from './multi-workspace-helpers.js';

const ORG_KEY = 'northwind-service-key-3333';
const equities = northwindOrg.equities;
const credit = northwindOrg.credit;

let h: Harness;
const deleteCalls = () => h.service.requestLog.filter((r) => r.path === '/v1/docs/delete').length;
const homeText = (user: string) => JSON.stringify(h.slack.homeViews.get(user)?.view.blocks ?? []);

function commandAs(user: string, channel: string, line: string): Promise<StoredEphemeral> {
  return nextEphemeral(
    h,
    async () => {
      expect((await h.slack.sendCommand({ ...splitCommand(line), channel_id: channel, user_id: user })).outcome).toBe('acked');
    },
    { channel, user, timeoutMs: 15_000 },
  );
}

async function createFolder(user: string, channel: string, name: string): Promise<string> {
  const created = await commandAs(user, channel, `/research folder create "${name}"`);
  const id = /in:(fld_\w+)/.exec(allText(created))?.[1];
  if (!id) throw new Error(`no folder id in ${allText(created)}`);
  return id;
}

/** A text file uploaded to the service and processed to the end, with its workspace's record. */
async function seedFile(teamId: string, folderId: string, fileName: string, text: string, addedBy: string) {
  const uploaded = await h.client.uploadDocument({
    bytes: new TextEncoder().encode(text),
    fileName,
    folderId,
    tags: { company: ['Northwind Shared Tag'] },
  });
  for (let i = 0; i < 3; i += 1) if ((await h.client.documentUploadStatus(uploaded.docId)).state === 'completed') break;
  const record: ResearchDocumentRecord = {
    teamId,
    folderId,
    docId: uploaded.docId,
    slackFileId: `F${i32(uploaded.docId)}`,
    fileName,
    title: uploaded.title,
    fileType: 'txt',
    sizeBytes: text.length,
    addedBy,
    addedAtMs: Date.now(),
    status: 'searchable',
    notice: { channelId: 'D0NOTICE' },
  };
  await h.desk.stores.documents.save(record);
  return record;
}
const i32 = (s: string): string => s.replace(/\W/g, '').toUpperCase();

let equitiesFolder = '';
let creditFolder = '';
let equitiesFile: ResearchDocumentRecord;

beforeAll(async () => {
  h = await startHarness({ store: 'redis', oauth: { serviceKeys: [ORG_KEY] } });
  expect((await installOAuth(h, { enterpriseId: northwindOrg.enterpriseId })).status).toBe(200);
  await connectFromHome(h, equities.adminUserId, ORG_KEY);
  // Both workspaces name their folder alike: a name is resolved among the asker's workspace's folders only.
  equitiesFolder = await createFolder(equities.userId, equities.researchChannelId, 'Deals');
  creditFolder = await createFolder(credit.userId, credit.researchChannelId, 'Deals');
  equitiesFile = await seedFile(equities.teamId, equitiesFolder, 'equities-deal.txt', 'The pelican merger closes in May.', equities.userId);
  await seedFile(credit.teamId, creditFolder, 'credit-deal.txt', 'The pelican bond refinances in June.', credit.userId);
}, 90_000);

afterAll(async () => h?.close());

describe('two workspaces sharing one service account', () => {
  it('a folder name finds the asker’s workspace’s folder, and its search shows only that workspace’s file', async () => {
    const card = await commandAs(credit.userId, credit.researchChannelId, '/research pelican in:Deals');
    const text = allText(card);
    expect(text).toContain('credit-deal.txt · in folder *Deals*');
    expect(text).not.toContain('equities-deal.txt');
    expect(text).toContain(`folder: ${creditFolder}`);
  });

  it('the other workspace’s folder id is not found, not even for an admin', async () => {
    const search = await commandAs(credit.adminUserId, credit.researchChannelId, `/research pelican in:${equitiesFolder}`);
    expect(search.text).toContain(`Folder ${equitiesFolder} was not created from Slack in this workspace`);
    const card = await commandAs(credit.adminUserId, credit.researchChannelId, `/research folder ${equitiesFolder}`);
    expect(card.text).toContain(`Folder ${equitiesFolder} was not created from Slack in this workspace`);
    expect(allText(card)).not.toContain('equities-deal.txt');
  });

  it('a tag both workspaces’ files carry shows only the asker’s, the other counted as not shown', async () => {
    const card = await commandAs(credit.adminUserId, credit.researchChannelId, '/research tag:"Northwind Shared Tag" type:files');
    const text = allText(card);
    expect(text).toContain('credit-deal.txt · in folder *Deals*');
    expect(text).not.toContain('equities-deal.txt');
    expect(text).toContain('1 uploaded file not shown');
  });

  it('`/research folders` and App Home list only the workspace’s own folders', async () => {
    const list = await commandAs(credit.adminUserId, credit.researchChannelId, '/research folders');
    expect(allText(list)).toContain(creditFolder);
    expect(allText(list)).not.toContain(equitiesFolder);
    await h.slack.openHome(credit.adminUserId);
    await h.slack.waitFor(() => (homeText(credit.adminUserId).includes('credit-deal.txt') ? true : undefined), 10_000);
    expect(homeText(credit.adminUserId)).not.toContain('equities-deal.txt');
    expect(homeText(credit.adminUserId)).not.toContain(equitiesFolder);
  });

  it('a forged Delete naming the other workspace’s file finds nothing and deletes nothing', async () => {
    const card = await commandAs(credit.adminUserId, credit.researchChannelId, `/research folder ${creditFolder}`);
    const b = button(card, ACTION_IDS.documentDelete);
    const before = deleteCalls();
    const answers = new Set(h.slack.ephemeralFor(credit.adminUserId, card.channel).map((e) => e.ts));
    const delivery = await h.slack.clickAction({
      channel_id: card.channel,
      message_ts: card.ts,
      action_id: b.action_id,
      value: encodeSimple({ d: equitiesFile.docId }),
      ephemeral: true,
      user_id: credit.adminUserId,
    });
    expect(delivery.ok).toBe(true);
    const answer = await h.slack.waitFor(
      () =>
        h.slack
          .ephemeralFor(credit.adminUserId, card.channel)
          .find((e) => (e.ts === card.ts && e.edits > card.edits) || !answers.has(e.ts)),
      10_000,
    );
    expect(answer.text).toContain('no longer in a research folder of this workspace');
    expect(deleteCalls()).toBe(before);
    expect(await h.desk.stores.documents.get(equities.teamId, equitiesFile.docId)).not.toBeNull();
  });
});
