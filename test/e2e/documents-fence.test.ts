/**
 * Issue 31, one fence per workspace, through the real app, both emulators and Redis: the two
 * workspaces of an Enterprise Grid org share the org's one service account, so a button's document
 * id can name the other workspace's uploaded file. A forged *Summary*, *Key passages* or *Ask the
 * agent* naming it is refused, nothing of the file shown, nothing of it read and no run started;
 * inside one workspace a colleague's forged click on another member's file in a folder they cannot
 * search is refused; the adder, the folder's creator, an admin and a click from the conversation the
 * file was added in read it; a document of the shared research corpus still works for everyone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { northwindOrg } from '../../src/emulators/slack/index.js';
import type { StoredEphemeral } from '../../src/emulators/slack/index.js';
import { ACTION_IDS } from '../../src/slack/blocks/action-ids.js';
import { decodeDocButton, encodeDocButton } from '../../src/slack/kit/button-values.js';
import { DOCUMENT_ACCESS_REFUSAL } from '../../src/slack/kit/permissions/document-access.js';
import type { ResearchDocumentRecord } from '../../src/store/records.js';
import { allText, button, nextEphemeral, splitCommand } from './command-helpers.js';
import { startHarness, type Harness } from './harness.js';
import { connectFromHome, installOAuth } from './multi-workspace-helpers.js';

const ORG_KEY = 'northwind-service-key-3333';
const equities = northwindOrg.equities;
const credit = northwindOrg.credit;
const SECRET = 'The osprey acquisition is priced at 41 dollars a share';

let h: Harness;
const calls = (test: (path: string) => boolean) => h.service.requestLog.filter((r) => test(r.path)).length;
const runsStarted = () => calls((p) => p === '/v1/agent/conversations');
const readsOf = (docId: string) => calls((p) => p.startsWith(`/v1/docs/${docId}/summary`) || p === '/v1/search/chunks');

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

/** A text file uploaded to the service, processed to the end, with its workspace's record. */
async function seedFile(
  teamId: string,
  folderId: string,
  fileName: string,
  addedBy: string,
  noticeChannelId: string,
): Promise<ResearchDocumentRecord> {
  const text = `${fileName}: ${SECRET}.`;
  const uploaded = await h.client.uploadDocument({ bytes: new TextEncoder().encode(text), fileName, folderId });
  for (let i = 0; i < 3; i += 1) if ((await h.client.documentUploadStatus(uploaded.docId)).state === 'completed') break;
  const record: ResearchDocumentRecord = {
    teamId,
    folderId,
    docId: uploaded.docId,
    slackFileId: `F${uploaded.docId.replace(/\W/g, '').toUpperCase()}`,
    fileName,
    title: uploaded.title,
    fileType: 'txt',
    sizeBytes: text.length,
    addedBy,
    addedAtMs: Date.now(),
    status: 'searchable',
    notice: { channelId: noticeChannelId, threadTs: '1700000000.000100' },
  };
  await h.desk.stores.documents.save(record);
  return record;
}

type Button = typeof ACTION_IDS.searchSummary | typeof ACTION_IDS.searchPassages | typeof ACTION_IDS.searchAsk;

/** A search card for `user` in `channel`, whose buttons are then forged. */
const cards = new Map<string, StoredEphemeral>();
async function cardFor(user: string, channel: string): Promise<StoredEphemeral> {
  const key = `${user}/${channel}`;
  const card = cards.get(key) ?? (await commandAs(user, channel, '/research revenue'));
  cards.set(key, card);
  return card;
}

/** Clicks `which` on the user's search card with the value naming `docId`. */
async function press(user: string, channel: string, which: Button, docId: string, query?: string): Promise<void> {
  const card = await cardFor(user, channel);
  const b = button(card, which);
  const delivery = await h.slack.clickAction({
    channel_id: channel,
    message_ts: card.ts,
    action_id: b.action_id,
    value: encodeDocButton({ d: docId, t: 'Forged title', ...(query ? { q: query } : {}) }),
    ephemeral: true,
    user_id: user,
  });
  expect(delivery.ok).toBe(true);
}

/** Clicks as `press` does; the answer the user gets. */
async function click(user: string, channel: string, which: Button, docId: string, query?: string): Promise<StoredEphemeral> {
  await cardFor(user, channel);
  const seen = new Set(h.slack.ephemeralFor(user, channel).map((e) => `${e.ts}/${e.edits}`));
  await press(user, channel, which, docId, query);
  return h.slack.waitFor(() => h.slack.ephemeralFor(user, channel).find((e) => !seen.has(`${e.ts}/${e.edits}`)), 15_000);
}

async function expectRefused(user: string, channel: string, which: Button, file: ResearchDocumentRecord): Promise<void> {
  const [reads, runs] = [readsOf(file.docId), runsStarted()];
  const answer = await click(user, channel, which, file.docId);
  expect(answer.text).toContain(DOCUMENT_ACCESS_REFUSAL);
  for (const leak of [file.fileName, file.title, 'osprey', file.folderId]) expect(allText(answer)).not.toContain(leak);
  expect(readsOf(file.docId)).toBe(reads);
  expect(runsStarted()).toBe(runs);
}

async function expectSummary(user: string, channel: string, docId: string): Promise<StoredEphemeral> {
  const answer = await click(user, channel, ACTION_IDS.searchSummary, docId);
  expect(allText(answer)).not.toContain(DOCUMENT_ACCESS_REFUSAL);
  expect(allText(answer)).toContain('Summary:');
  return answer;
}

let board = '';
let niaNotes = '';
let colleagues: ResearchDocumentRecord;
let niasInBoard: ResearchDocumentRecord;
let adminsInNias: ResearchDocumentRecord;
let sharedHere: ResearchDocumentRecord;
let niasInNias: ResearchDocumentRecord;

beforeAll(async () => {
  h = await startHarness({ store: 'redis', agentSpeed: 20, oauth: { serviceKeys: [ORG_KEY] } });
  expect((await installOAuth(h, { enterpriseId: northwindOrg.enterpriseId })).status).toBe(200);
  await connectFromHome(h, equities.adminUserId, ORG_KEY);
  board = await createFolder(equities.adminUserId, equities.researchChannelId, 'Board');
  niaNotes = await createFolder(equities.userId, equities.researchChannelId, 'Nia notes');
  const elsewhere = northwindOrg.sharedChannelId;
  // The admin's file in the admin's folder, added in another conversation: Nia (a member) may not read it.
  colleagues = await seedFile(equities.teamId, board, 'board-minutes.txt', equities.adminUserId, elsewhere);
  niasInBoard = await seedFile(equities.teamId, board, 'nia-memo.txt', equities.userId, elsewhere);
  adminsInNias = await seedFile(equities.teamId, niaNotes, 'admin-brief.txt', equities.adminUserId, elsewhere);
  sharedHere = await seedFile(equities.teamId, board, 'shared-deck.txt', equities.adminUserId, equities.researchChannelId);
  niasInNias = await seedFile(equities.teamId, niaNotes, 'nia-draft.txt', equities.userId, elsewhere);
}, 120_000);

afterAll(async () => h?.close());

describe('another workspace of the org, on the same service account', () => {
  for (const which of [ACTION_IDS.searchSummary, ACTION_IDS.searchPassages, ACTION_IDS.searchAsk] as const) {
    it(`a forged ${which} naming Equities' uploaded file is refused, even to Credit's admin`, async () => {
      await expectRefused(credit.userId, credit.researchChannelId, which, colleagues);
      await expectRefused(credit.adminUserId, credit.researchChannelId, which, colleagues);
    });
  }
});

describe('inside one workspace', () => {
  for (const which of [ACTION_IDS.searchSummary, ACTION_IDS.searchPassages, ACTION_IDS.searchAsk] as const) {
    it(`a colleague's forged ${which} on a file in a folder they cannot search is refused`, async () => {
      await expectRefused(equities.userId, equities.researchChannelId, which, colleagues);
    });
  }

  it('the adder, the folder’s creator and an admin read the file', async () => {
    const asAdder = await expectSummary(equities.userId, equities.researchChannelId, niasInBoard.docId);
    expect(allText(asAdder)).toContain(niasInBoard.title);
    await expectSummary(equities.userId, equities.researchChannelId, adminsInNias.docId);
    await expectSummary(equities.adminUserId, equities.researchChannelId, niasInNias.docId);
    const passages = await click(
      equities.userId,
      equities.researchChannelId,
      ACTION_IDS.searchPassages,
      adminsInNias.docId,
      'osprey acquisition',
    );
    expect(allText(passages)).not.toContain(DOCUMENT_ACCESS_REFUSAL);
    expect(allText(passages)).toContain('osprey');
  });

  it('a click from the conversation the file was added in reads it, Ask included', async () => {
    await expectSummary(equities.userId, equities.researchChannelId, sharedHere.docId);
    const runs = runsStarted();
    await press(equities.userId, equities.researchChannelId, ACTION_IDS.searchAsk, sharedHere.docId);
    await h.slack.waitFor(() => (runsStarted() > runs ? true : undefined), 15_000);
  });
});

describe('the shared research corpus', () => {
  it('a corpus document’s summary works for members of both workspaces', async () => {
    const card = await cardFor(credit.userId, credit.researchChannelId);
    const corpus = decodeDocButton(button(card, ACTION_IDS.searchSummary).value);
    if (!corpus) throw new Error('no corpus document on the card');
    await expectSummary(credit.userId, credit.researchChannelId, corpus.d);
    await expectSummary(equities.userId, equities.researchChannelId, corpus.d);
    const runs = runsStarted();
    await press(credit.userId, credit.researchChannelId, ACTION_IDS.searchAsk, corpus.d);
    await h.slack.waitFor(() => (runsStarted() > runs ? true : undefined), 15_000);
  });
});

describe('document ids typed in a command', () => {
  it('/research passages doc:<Equities’ file> from Credit is refused and chunk search is not asked; a corpus id still works', async () => {
    const before = readsOf(colleagues.docId);
    const refused = await commandAs(credit.userId, credit.researchChannelId, `/research passages osprey doc:${colleagues.docId}`);
    expect(allText(refused)).toContain(DOCUMENT_ACCESS_REFUSAL);
    expect(allText(refused)).not.toContain(SECRET);
    expect(readsOf(colleagues.docId)).toBe(before);

    const card = await cardFor(credit.userId, credit.researchChannelId);
    const corpus = decodeDocButton(button(card, ACTION_IDS.searchSummary).value);
    if (!corpus) throw new Error('no corpus document on the card');
    const passages = await commandAs(credit.userId, credit.researchChannelId, `/research passages revenue doc:${corpus.d}`);
    expect(allText(passages)).not.toContain(DOCUMENT_ACCESS_REFUSAL);
  });
});

describe('links and ids in messages', () => {
  it('"Summarize linked docs" naming Equities’ file from Credit posts nothing of it and says why, privately', async () => {
    const channel = credit.researchChannelId;
    const { ts } = await h.slack.postMessage({ text: `Look: doc:${colleagues.docId}`, channel_id: channel, user_id: credit.userId });
    const reads = readsOf(colleagues.docId);
    const note = await nextEphemeral(
      h,
      () => h.slack.messageShortcut({ callback_id: 'summarize_message', channel_id: channel, message_ts: ts, user_id: credit.userId }),
      { channel, user: credit.userId, timeoutMs: 15_000 },
    );
    expect(note.text).toContain(DOCUMENT_ACCESS_REFUSAL);
    for (const leak of [colleagues.fileName, colleagues.title, 'osprey']) expect(allText(note)).not.toContain(leak);
    expect(h.slack.threadReplies(channel, ts)).toHaveLength(0);
    expect(readsOf(colleagues.docId)).toBe(reads);
  });

  it('a link to Equities’ file unfurls to nothing in Credit, and to its card for its reader in Equities', async () => {
    const url = `https://research.example.com/docs/${colleagues.docId}`;
    const refusedLines = () => h.logs.filter((l) => l.includes('an uploaded file the sharer may not read here')).length;
    const before = refusedLines();
    await h.slack.shareLink({ url, channel_id: credit.researchChannelId, user_id: credit.adminUserId });
    await h.slack.waitFor(() => (refusedLines() > before ? true : undefined), 15_000);
    // A Work Object (chat.unfurl `metadata`, issue 32) or a classic card: neither in Credit.
    const unfurled = () =>
      [...h.slack.unfurls.values()].filter(
        (u) => u.urls.includes(url) && (u.unfurls[url] !== undefined || u.entities?.[url] !== undefined),
      );
    expect(unfurled()).toHaveLength(0);
    await h.slack.shareLink({ url, channel_id: equities.researchChannelId, user_id: equities.adminUserId });
    const card = await h.slack.waitFor(() => unfurled()[0], 15_000);
    expect(JSON.stringify(card.entities?.[url] ?? card.unfurls[url])).toContain(colleagues.title.slice(0, 20));
  });
});
