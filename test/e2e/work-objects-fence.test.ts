/**
 * Issue 32 with issue 31's fence: one workspace's document never shows in another workspace's
 * Work Object side panel. The two workspaces of an Enterprise Grid org share the org's service
 * account; an Equities admin shares a link to an Equities file in the org's shared channel, where it
 * unfurls as a Work Object. Opened by the admin, the panel shows the file; opened by a member of
 * Credit, the app reads it with Credit's context and the fence refuses it: the panel says so and
 * shows nothing of the file, and "Ask the agent" on the unfurl starts no run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { northwindOrg } from '../../src/emulators/slack/index.js';
import { ACTION_IDS } from '../../src/slack/blocks/action-ids.js';
import { DOCUMENT_ACCESS_REFUSAL } from '../../src/slack/kit/permissions/document-access.js';
import type { ResearchDocumentRecord } from '../../src/store/records.js';
import { allText, nextEphemeral, splitCommand } from './command-helpers.js';
import { startHarness, type Harness } from './harness.js';
import { connectFromHome, installOAuth } from './multi-workspace-helpers.js';

const ORG_KEY = 'northwind-service-key-3232';
const equities = northwindOrg.equities;
const credit = northwindOrg.credit;
const shared = northwindOrg.sharedChannelId;
const SECRET = 'The heron merger closes at 52 dollars a share';

let h: Harness;
let file: ResearchDocumentRecord;
let at: { url: string; ts: string };
const runsStarted = () => h.service.requestLog.filter((r) => r.path === '/v1/agent/conversations').length;

beforeAll(async () => {
  h = await startHarness({ store: 'redis', agentSpeed: 20, oauth: { serviceKeys: [ORG_KEY] } });
  expect((await installOAuth(h, { enterpriseId: northwindOrg.enterpriseId })).status).toBe(200);
  await connectFromHome(h, equities.adminUserId, ORG_KEY);
  const created = await nextEphemeral(
    h,
    async () => {
      const line = splitCommand('/research folder create "Deals"');
      await h.slack.sendCommand({ ...line, channel_id: equities.researchChannelId, user_id: equities.adminUserId });
    },
    { channel: equities.researchChannelId, user: equities.adminUserId, timeoutMs: 15_000 },
  );
  const folderId = /in:(fld_\w+)/.exec(allText(created))?.[1] ?? '';
  const text = `deal-memo.txt: ${SECRET}.`;
  const uploaded = await h.client.uploadDocument({ bytes: new TextEncoder().encode(text), fileName: 'deal-memo.txt', folderId });
  for (let i = 0; i < 3; i += 1) if ((await h.client.documentUploadStatus(uploaded.docId)).state === 'completed') break;
  file = {
    teamId: equities.teamId,
    folderId,
    docId: uploaded.docId,
    slackFileId: 'FDEALMEMO1',
    fileName: 'deal-memo.txt',
    title: uploaded.title,
    fileType: 'txt',
    sizeBytes: text.length,
    addedBy: equities.adminUserId,
    addedAtMs: Date.now(),
    status: 'searchable',
    notice: { channelId: equities.researchChannelId, threadTs: '1700000000.000100' },
  };
  await h.desk.stores.documents.save(file);
  const url = `https://research.example.com/docs/${file.docId}`;
  await h.slack.shareLink({ url, channel_id: shared, user_id: equities.adminUserId });
  const share = [...h.slack.unfurls.values()].find((u) => u.urls.includes(url));
  if (!share) throw new Error('no link_shared');
  await h.slack.waitFor(() => share.entities?.[url], 15_000);
  at = { url, ts: share.ts };
}, 120_000);

afterAll(async () => h?.close());

async function open(user: string) {
  const before = h.slack.calls.filter((c) => c.method === 'entity.presentDetails').length;
  const opened = await h.slack.workObjects.openDetails({ channel_id: shared, message_ts: at.ts, url: at.url, user_id: user });
  expect(opened.delivery?.ok).toBe(true);
  await h.slack.waitFor(() => h.slack.calls.filter((c) => c.method === 'entity.presentDetails').length > before || undefined, 15_000);
  const panel = h.slack.workObjects.flexpane(user);
  if (!panel) throw new Error('no panel');
  return panel;
}

describe('a Work Object of one workspace’s file, in the org’s shared channel', () => {
  it('its reader in Equities sees the file in the side panel', async () => {
    const panel = await open(equities.adminUserId);
    expect(panel.status).toBe('presented');
    expect(JSON.stringify(panel.shown)).toContain('heron');
  });

  it('a member of Credit gets a refusal in the panel, naming nothing of the file', async () => {
    const panel = await open(credit.userId);
    expect(panel.status).toBe('error');
    expect(panel.error).toMatchObject({ status: 'custom', custom_message: DOCUMENT_ACCESS_REFUSAL });
    expect(panel.metadata).toBeUndefined();
    for (const leak of [file.fileName, file.title, 'heron', file.folderId]) expect(JSON.stringify(panel.error)).not.toContain(leak);
  });

  it('"Ask the agent" on the unfurl, pressed by a member of Credit, starts no run and says why privately', async () => {
    const runs = runsStarted();
    const seen = new Set(h.slack.ephemeralFor(credit.userId, shared).map((e) => e.ts));
    const delivery = await h.slack.workObjects.clickAction({
      action_id: ACTION_IDS.entityAsk,
      channel_id: shared,
      message_ts: at.ts,
      url: at.url,
      user_id: credit.userId,
    });
    expect(delivery.ok).toBe(true);
    const note = await h.slack.waitFor(() => h.slack.ephemeralFor(credit.userId, shared).find((e) => !seen.has(e.ts)), 15_000);
    expect(note.text).toContain(DOCUMENT_ACCESS_REFUSAL);
    expect(allText(note)).not.toContain('heron');
    expect(runsStarted()).toBe(runs);
  });
});
