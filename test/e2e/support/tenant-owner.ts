/**
 * What the owner of the fence suite holds in their workspace, made as a person would make it:
 * a folder, a keyword watch on #research and one in a private channel, a digest subscription, an agent run with its answer
 * (and the owner's 👎 on it), each carrying a word no other tenant may ever be shown. And the
 * snapshot that proves nothing of it changed: every state key of the owner's workspace (and of
 * its installation), with its value, minus the bookkeeping any request moves.
 */
import { harborWorkspace, northwindOrg, workspaceSeed } from '../../../src/emulators/slack/index.js';
import type { RunRecord } from '../../../src/store/records.js';
import { FEEDBACK_ACTION_ID } from '../../../src/slack/agent/feedback/feedback-buttons.js';
import type { Harness } from '../harness.js';
import { eventually } from '../features-helpers.js';
import { agentRunBy, commandAs, type Person, type Workspace } from './tenant-world.js';

export interface OwnerData {
  ws: Workspace;
  owner: Person;
  /** Words of the owner's objects: none may reach another workspace. */
  secrets: string[];
  /** Words of a private channel's watch: none may reach anyone outside that channel, colleagues included. */
  privateSecrets: string[];
  folder: { id: string; name: string };
  /** A file the owner added to the folder (searchable). */
  document: { id: string; fileName: string };
  /** A Slack file the owner shared in their private channel, not added anywhere. */
  slackFile: { id: string; channelId: string; ts: string };
  watch: { id: string; channelId: string };
  /** A watch in a private channel only the owner is in. */
  privateWatch: { id: string; channelId: string };
  subscriptionChannelId: string;
  run: RunRecord;
  /** The message with the final answer (and its feedback buttons). */
  answerTs: string;
  answerMetadata: unknown;
  /** A token for MCP clients the owner (an admin) created: its public id (App Home's Revoke) and label. */
  mcpToken: { id: string; label: string };
}

const allText = (m: { text?: string; blocks?: unknown[] }) => `${m.text ?? ''}\n${JSON.stringify(m.blocks ?? [])}`;

/** The owner (their workspace's admin) makes one of everything; `tag` keeps each owner's words apart. */
export async function prepareOwner(h: Harness, ws: Workspace, tag: string): Promise<OwnerData> {
  const owner = ws.admin;
  const folderName = `Zephyr ledger ${tag}`;
  const created = allText(await commandAs(h, owner, `/research folder create "${folderName}"`));
  const folderId = /created: (\S+)/.exec(created)?.[1];
  if (!folderId) throw new Error(`no folder id in ${created}`);
  const document = await addOwnerDocument(h, ws, owner, folderId, tag);

  const keyword = `quillwort${tag}`;
  await commandAs(h, owner, `/research watch "${keyword}"`);
  const watchKey = (await h.desk.stores.state.keys(`watch:${ws.teamId}:${ws.channelId}:`))[0];
  const watchId = watchKey?.split(':')[3];
  if (!watchId) throw new Error('the owner’s watch was not stored');

  const privateChannel = h.slack.addChannel({ name: `deals-${tag}`, is_private: true, members: [owner.userId], team_id: ws.teamId });
  const privateKeyword = `hellebore${tag}`;
  await commandAs(h, owner, `/research watch "${privateKeyword}"`, privateChannel.id);
  const privateWatchId = (await h.desk.stores.state.keys(`watch:${ws.teamId}:${privateChannel.id}:`))[0]?.split(':')[3];
  if (!privateWatchId) throw new Error('the owner’s private channel watch was not stored');
  const slackFileName = `birch-${tag}.txt`;
  const shared = await h.slack.shareFile({
    text: '',
    file: { name: slackFileName, mimetype: 'text/plain', bytes: `birch notes ${tag}` },
    channel_id: privateChannel.id,
    user_id: owner.userId,
  });

  await commandAs(h, owner, '/concepts subscribe daily at:09:00');
  if (!(await h.desk.stores.subscriptions.get(ws.teamId, ws.channelId))) throw new Error('the owner’s subscription was not stored');

  const question = `what drove NVDA's data center revenue, marigold-${tag}?`;
  const run = await agentRunBy(h, owner, question);
  if (run.status !== 'completed' || !run.conversationId) throw new Error(`the owner’s run ended ${run.status}`);
  const answer = h.slack.threadReplies(ws.channelId, run.threadTs).find((m) => JSON.stringify(m.blocks ?? []).includes(FEEDBACK_ACTION_ID));
  if (!answer) throw new Error('the owner’s answer has no feedback buttons');
  // The owner's 👎, so a comment could be attached to it by whoever submits the modal for it.
  await h.slack.clickAction({
    channel_id: ws.channelId,
    message_ts: answer.ts,
    action_id: FEEDBACK_ACTION_ID,
    value: 'negative',
    user_id: owner.userId,
  });
  await eventually(async () => (await h.desk.stores.state.keys(`feedback:${ws.teamId}:`)).length > 0 || undefined);

  // As the admin's Create token on App Home stores it (test/e2e/mcp-server.test.ts drives the form itself).
  const mcpLabel = `Lantern client ${tag}`;
  const { record: mcpToken } = await h.desk.stores.mcpTokens.create(
    ws.enterpriseId ? { teamId: ws.teamId, enterpriseId: ws.enterpriseId } : { teamId: ws.teamId },
    {
      label: mcpLabel,
      createdBy: owner.userId,
    },
  );

  return {
    ws,
    owner,
    secrets: [folderName, document.fileName, slackFileName, keyword, `marigold-${tag}`, privateKeyword, mcpLabel],
    privateSecrets: [privateKeyword, slackFileName],
    folder: { id: folderId, name: folderName },
    document,
    slackFile: { id: shared.fileId, channelId: privateChannel.id, ts: shared.ts },
    watch: { id: watchId, channelId: ws.channelId },
    privateWatch: { id: privateWatchId, channelId: privateChannel.id },
    subscriptionChannelId: ws.channelId,
    run,
    answerTs: answer.ts,
    answerMetadata: answer.metadata,
    mcpToken: { id: mcpToken.tokenId, label: mcpLabel },
  };
}

/**
 * A file in the owner's folder, as the add flow leaves it: uploaded to the service, followed to
 * completed, recorded as searchable and added by the owner (the add flow itself: documents-add*.test.ts).
 */
async function addOwnerDocument(h: Harness, ws: Workspace, owner: Person, folderId: string, tag: string): Promise<OwnerData['document']> {
  const fileName = `alder-${tag}.txt`;
  const up = await h.client.uploadDocument({ bytes: new TextEncoder().encode(`alder memo ${tag}`), fileName, folderId });
  // The emulator steps one stage per status call: the third says completed.
  for (let i = 0; i < 3 && (await h.client.documentUploadStatus(up.docId)).state !== 'completed'; i += 1);
  await h.desk.stores.documents.save({
    teamId: ws.teamId,
    folderId,
    docId: up.docId,
    slackFileId: `F${tag.toUpperCase()}000001`,
    fileName,
    title: up.title,
    fileType: 'txt',
    sizeBytes: 16,
    addedBy: owner.userId,
    addedAtMs: Date.now(),
    status: 'searchable',
    notice: { channelId: ws.channelId },
  });
  return { id: up.docId, fileName };
}

const ALL_TEAMS = [workspaceSeed.teamId, harborWorkspace.teamId, northwindOrg.equities.teamId, northwindOrg.credit.teamId];

/** Keys every request may move (dedupe, claims, pacing, leases, rate windows, caches), and the watch poller's and digest scheduler's own progress. */
const BOOKKEEPING =
  /^(evt|event|signed|sreq|claim|lease|pace|pacing|rate|budget|lock|home|cache|recent-runs|thread-start|queue|digest-|watch-lock|watch-poll|watch-state|watch-alert)/;

/** Every state key naming the owner's workspace or installation, with its value. */
export async function ownerSnapshot(h: Harness, d: OwnerData): Promise<Record<string, string | null>> {
  const ids = [d.ws.teamId, d.ws.enterpriseId ?? d.ws.teamId, d.run.runId];
  // A key of the org naming its other workspace (org-team:E…:T…) is that workspace's, not the owner's.
  const others = ALL_TEAMS.filter((t) => t !== d.ws.teamId);
  const keys = (await h.desk.stores.state.keys(''))
    .filter((k) => !BOOKKEEPING.test(k) && ids.some((id) => k.includes(id)) && !others.some((t) => k.includes(t)))
    .sort();
  const out: Record<string, string | null> = {};
  for (const key of keys) out[key] = await h.desk.stores.state.get(key);
  return out;
}

/** What the owner's channel shows everyone: its messages and the run's thread. */
export function ownerChannelView(h: Harness, d: OwnerData): string {
  const top = h.slack.channelMessages(d.ws.channelId).map((m) => `${m.ts}:${allText(m)}`);
  const thread = h.slack.threadReplies(d.ws.channelId, d.run.threadTs).map((m) => `${m.ts}:${allText(m)}`);
  return JSON.stringify([top, thread]);
}
