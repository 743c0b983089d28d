/**
 * Issue 31, item 3 (Ask), the real app between both emulators on real Redis: a document uploaded
 * to the service emulator (`/v1/docs/upload/form`, followed to `completed`) and recorded as added
 * in a DM thread is passed to the chat as `documents` (with its file type) for every question in
 * that thread, first and follow-up alike, and the demo agent's answer cites it; *Ask the agent
 * about this file* on its notice runs in the notice's thread with it; a user of another
 * organisation asking in a thread with added files is not given them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { externalOrg } from '../../src/emulators/slack/index.js';
import { createWebClient } from '../../src/slack-api/create-web-client.js';
import { ACTION_IDS } from '../../src/slack/blocks/action-ids.js';
import { encodeDocButton } from '../../src/slack/kit/button-values.js';
import { EXTERNAL_DATA_REFUSAL } from '../../src/slack/kit/permissions/external-user.js';
import type { ResearchDocumentRecord } from '../../src/store/records.js';
import { botReplies, eventIdFor, eventually, messageText, runIdForEvent, waitForRunEnd } from './agent-helpers.js';
import { nextEphemeral } from './command-helpers.js';
import { E2E_SECRETS, startHarness, type Harness } from './harness.js';

const PHRASE = 'Helios Robotics lifted its gross margin to 41.5 percent as actuator costs fell';

describe('issue 31: questions in a thread with added files pass them to the agent', () => {
  let h: Harness;
  let dm: string;
  let doc: { id: string; title: string };

  /** Uploads a text file to the service emulator as the app would, and follows it to completed. */
  async function uploadToService(name: string, text: string): Promise<{ id: string; title: string }> {
    const form = new FormData();
    form.append('file', new Blob([text], { type: 'text/plain' }), name);
    const auth = { authorization: `Bearer ${h.service.apiKey}` };
    const res = await fetch(`${h.service.url}/v1/docs/upload/form`, { method: 'POST', headers: auth, body: form });
    expect(res.status).toBe(200);
    const uploaded = (await res.json()) as { id: string; title: string };
    await eventually(async () => {
      const status = await fetch(`${h.service.url}/v1/docs/${uploaded.id}/upload/status`, { headers: auth });
      return ((await status.json()) as { status?: string }).status === 'completed';
    });
    return uploaded;
  }

  /** Records the document as added from Slack, its notice in `thread` (what the add pipeline saves). */
  async function recordAdded(thread: { channelId: string; threadTs: string }, over: Partial<ResearchDocumentRecord> = {}) {
    await h.desk.stores.documents.save({
      teamId: h.slack.teamId,
      folderId: 'fld_e2e',
      docId: doc.id,
      slackFileId: `F${thread.threadTs.replace('.', '')}`,
      fileName: 'helios-notes.txt',
      title: doc.title,
      fileType: 'text',
      sizeBytes: PHRASE.length,
      addedBy: h.slack.defaultUserId,
      addedAtMs: Date.now(),
      status: 'searchable',
      notice: thread,
      ...over,
    });
  }

  /** The document as the chat is given it. */
  const given = () => ({ docId: doc.id, docTitle: doc.title, fileType: 'text' });

  beforeAll(async () => {
    h = await startHarness({ store: 'redis', agentSpeed: 20 });
    dm = h.slack.defaultDmId;
    doc = await uploadToService('helios-notes.txt', `Helios Robotics third quarter notes.\n\n${PHRASE}.`);
  });
  afterAll(async () => h?.close());

  it('passes the thread’s searchable files to its first question and its follow-up, and the answer cites them', async () => {
    const { ts } = await h.slack.postMessage({ text: 'Notes on Helios', channel_id: dm });
    await recordAdded({ channelId: dm, threadTs: ts });
    for (const text of ['What does Helios say about its gross margin?', 'And what made it move?']) {
      const { ts: asked } = await h.slack.postMessage({ text, channel_id: dm, thread_ts: ts });
      const record = await waitForRunEnd(h, runIdForEvent(h, dm, eventIdFor(h, asked, 'message')));
      expect(record).toMatchObject({ status: 'completed', threadTs: ts });
      expect(record.documents).toEqual([given()]);
    }
    const answers = botReplies(h, dm, ts).map(messageText).join('\n');
    expect(answers).toContain('From your documents');
    expect(answers).toContain(doc.title);
    expect(answers).toContain('41.5 percent');
  });

  it('passes no file still processing, failed or added in another thread', async () => {
    const { ts } = await h.slack.postMessage({ text: 'Another thread', channel_id: dm });
    await recordAdded({ channelId: dm, threadTs: ts }, { docId: 'doc_still_processing', status: 'processing' });
    await recordAdded({ channelId: dm, threadTs: ts }, { docId: 'doc_failed', status: 'failed', failure: 'broken PDF' });
    const { ts: asked } = await h.slack.postMessage({ text: 'What is new at NVIDIA?', channel_id: dm, thread_ts: ts });
    const record = await waitForRunEnd(h, runIdForEvent(h, dm, eventIdFor(h, asked, 'message')));
    expect(record.status).toBe('completed');
    expect(record.documents).toBeUndefined();
  });

  it('Ask the agent about this file on the notice runs in the notice’s thread with the file and its type', async () => {
    const { ts } = await h.slack.postMessage({ text: 'Have a look', channel_id: dm });
    await recordAdded({ channelId: dm, threadTs: ts });
    const notice = await postNotice(dm, ts);
    await h.slack.clickAction({ channel_id: dm, message_ts: notice, action_id: ACTION_IDS.searchAsk });
    const run = await eventually(async () =>
      (await h.desk.stores.recentRuns.list(h.slack.teamId, h.slack.defaultUserId)).find((r) => r.threadTs === ts),
    );
    const record = await waitForRunEnd(h, run.runId);
    expect(record).toMatchObject({ status: 'completed', channelId: dm, threadTs: ts });
    expect(record.documents).toEqual([given()]);
    expect(botReplies(h, dm, ts).map(messageText).join('\n')).toContain('From your documents');
  });

  /** The notice the add pipeline posts in the file's thread once it is searchable (src/slack/folders/add/). */
  async function postNotice(channel: string, threadTs: string): Promise<string> {
    const web = createWebClient({ token: E2E_SECRETS.botToken, apiUrl: h.slack.apiUrl, logger: h.logger });
    const notice = await web.chat.postMessage({
      channel,
      thread_ts: threadTs,
      text: `${doc.title} is searchable`,
      blocks: [
        {
          type: 'actions',
          elements: [
            {
              type: 'button',
              action_id: ACTION_IDS.searchAsk,
              text: { type: 'plain_text', text: 'Ask the agent about this file' },
              value: encodeDocButton({ d: doc.id, t: doc.title }),
            },
          ],
        },
      ],
    });
    return String(notice.ts);
  }

  it('gives a user of another organisation none of the files added in a shared channel’s thread', async () => {
    const channel = externalOrg.sharedChannelId;
    const mention = (text: string) => `<@${h.slack.botUserId}> ${text}`;
    const { ts } = await h.slack.postMessage({ text: 'Helios notes for everyone', channel_id: channel });
    await recordAdded({ channelId: channel, threadTs: ts });
    const { ts: asked } = await h.slack.postMessage({
      text: mention('What does Helios say about its gross margin?'),
      channel_id: channel,
      thread_ts: ts,
      user_id: externalOrg.userId,
    });
    const record = await waitForRunEnd(h, runIdForEvent(h, channel, eventIdFor(h, asked, 'app_mention')));
    expect(record.askerTeamId).toBe(externalOrg.teamId);
    expect(record.documents).toBeUndefined();
    // The workspace's own user asking in the same thread is given them.
    const { ts: mine } = await h.slack.postMessage({ text: mention('And for me?'), channel_id: channel, thread_ts: ts });
    const own = await waitForRunEnd(h, runIdForEvent(h, channel, eventIdFor(h, mine, 'app_mention')));
    expect(own.documents).toEqual([given()]);
  });

  it('refuses a user of another organisation Ask the agent about this file on a workspace file', async () => {
    const channel = externalOrg.sharedChannelId;
    const guest = externalOrg.userId;
    const { ts } = await h.slack.postMessage({ text: 'Shared Helios notes', channel_id: channel });
    await recordAdded({ channelId: channel, threadTs: ts });
    const notice = await postNotice(channel, ts);
    const refusal = await nextEphemeral(
      h,
      () => h.slack.clickAction({ channel_id: channel, message_ts: notice, action_id: ACTION_IDS.searchAsk, user_id: guest }),
      { channel, user: guest, timeoutMs: 10_000 },
    );
    expect(refusal.text).toContain(EXTERNAL_DATA_REFUSAL.slice(0, 40));
    expect((await h.desk.stores.recentRuns.list(h.slack.teamId, guest)).filter((r) => r.threadTs === ts)).toEqual([]);
    expect(botReplies(h, channel, ts).map((m) => m.ts)).toEqual([notice]);
  });
});
