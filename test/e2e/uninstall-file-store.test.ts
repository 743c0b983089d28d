/**
 * Issue 28, defect 7: uninstalling a workspace from an app on the embedded file store leaves no
 * byte of its data in DATA_DIR. Its keys go from the store, and the journal (which still held
 * every write, deleted or not) is compacted at once. Real app, Slack emulator's OAuth install and
 * uninstall, the file store in a temp DATA_DIR; the workspace's data written through the app's
 * own domain stores.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harborWorkspace } from '../../src/emulators/slack/index.js';
import { createSecretBox } from '../../src/secrets/secret-box.js';
import { AnswerFeedback } from '../../src/store/answer-feedback.js';
import { FolderOwners } from '../../src/store/folder-owners.js';
import { keys } from '../../src/store/keys.js';
import { Leases } from '../../src/store/leases.js';
import { ServiceConnections } from '../../src/store/service-connections.js';
import { ThreadQuestionQueue } from '../../src/store/thread-question-queue.js';
import { Watches, watchIdOf } from '../../src/store/watches.js';
import { E2E_OAUTH_SECRETS, startHarness, type Harness } from './harness.js';
import { installOAuth } from './multi-workspace-helpers.js';

/** Strings only Harbor's data holds: each must be gone from every file once Harbor uninstalls. */
const HARBOR = {
  folderName: 'Harbor-secret-folder-Quetzal',
  watchKeyword: 'harbor-keyword-zirconium',
  question: 'Harbor question: what about Project Obsidian Lantern?',
  feedbackNote: 'Harbor note: the margin table was wrong (Tamarind)',
  serviceKey: 'harbor-service-key-Marmoset-7777',
};
const CONTROL_FOLDER = 'Playground-folder-Kestrel';

let h: Harness;

/** Every file under DATA_DIR, as bytes decoded as text (JSON files and the journal). */
async function everyFileUnder(dir: string): Promise<Array<{ file: string; text: string }>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return Promise.all(
    entries
      .filter((entry) => entry.isFile())
      .map(async (entry) => {
        const file = path.join(entry.parentPath, entry.name);
        return { file, text: (await readFile(file)).toString('latin1') };
      }),
  );
}

/** Writes a workspace's data the way the app's features do, through its domain stores. */
async function seedWorkspace(teamId: string, strings: { folderName: string; watchKeyword?: string; question?: string; note?: string }) {
  const clock = () => Date.now();
  await new FolderOwners(h.store).save({ teamId, folderId: 'F1', name: strings.folderName, createdBy: 'U1', createdAtMs: clock() });
  if (strings.watchKeyword) {
    const target = { kind: 'keyword' as const, keyword: strings.watchKeyword };
    const added = await new Watches(h.store, new Leases(h.store)).add({
      teamId,
      watchId: watchIdOf('C1', target, []),
      channelId: 'C1',
      scope: 'channel',
      target,
      categories: [],
      createdBy: 'U1',
      createdAtMs: clock(),
    });
    expect(added).toBe('added');
  }
  if (strings.question) {
    const queued = await new ThreadQuestionQueue(h.store, clock).enqueue({
      teamId,
      channelId: 'C1',
      threadTs: '1700000000.000100',
      requestId: 'Ev-harbor-1',
      userId: 'U1',
      question: strings.question,
    });
    expect(queued).toMatchObject({ accepted: true });
  }
  if (strings.note) {
    const feedback = new AnswerFeedback(h.store, clock);
    const answer = { teamId, channelId: 'C1', messageTs: '1700000000.000200', conversationId: '', assistantMessageId: '', runId: '' };
    await feedback.vote(answer, 'U1', 'negative');
    expect(await feedback.comment(answer, 'U1', strings.note)).not.toBeNull();
  }
}

beforeAll(async () => {
  h = await startHarness({ store: 'file', oauth: {} });
  expect((await installOAuth(h, { teamId: harborWorkspace.teamId })).status).toBe(200);
  expect((await installOAuth(h, { teamId: h.slack.teamId })).status).toBe(200);
}, 30_000);

afterAll(async () => {
  await h?.close();
});

describe('uninstalling a workspace from the app on the embedded file store', () => {
  it('leaves no trace of its folder name, watch keyword, question, feedback note, sealed token or key in any file under DATA_DIR', async () => {
    const dataDir = h.dataDir as string;
    await seedWorkspace(harborWorkspace.teamId, {
      folderName: HARBOR.folderName,
      watchKeyword: HARBOR.watchKeyword,
      question: HARBOR.question,
      note: HARBOR.feedbackNote,
    });
    await seedWorkspace(h.slack.teamId, { folderName: CONTROL_FOLDER });
    await new ServiceConnections(h.store, createSecretBox([E2E_OAUTH_SECRETS.encryptionKey])).put({
      installationId: harborWorkspace.teamId,
      apiKey: HARBOR.serviceKey,
      connectedBy: harborWorkspace.adminUserId,
      connectedAtMs: Date.now(),
    });
    // The sealed records' ciphertexts (last segment), as they lie on disk.
    const sealedToken = (await h.store.get(keys.installation(harborWorkspace.teamId)))?.split('.').at(-1);
    const sealedKey = (await h.store.get(keys.serviceConnection(harborWorkspace.teamId)))?.match(/[A-Za-z0-9_-]{40,}/)?.[0];
    expect(sealedToken).toBeTruthy();
    expect(sealedKey).toBeTruthy();
    const traces = [...Object.values(HARBOR), sealedToken as string, sealedKey as string, JSON.stringify(HARBOR.question).slice(1, -1)];
    // Before: the strings are on disk (so the check below can see them).
    const before = (await everyFileUnder(dataDir)).map((f) => f.text).join('\n');
    for (const trace of [HARBOR.folderName, HARBOR.watchKeyword, sealedToken as string]) expect(before).toContain(trace);

    await h.slack.uninstallApp({ teamId: harborWorkspace.teamId });
    await h.slack.waitFor(
      () => (h.logs.some((line) => line.includes('workspace data deleted after uninstall')) ? true : undefined),
      15_000,
    );

    const files = await everyFileUnder(dataDir);
    expect(files.length).toBeGreaterThan(0);
    for (const { file, text } of files) {
      for (const trace of traces) expect(text.includes(trace), `${trace} in ${path.relative(dataDir, file)}`).toBe(false);
    }
    // The other workspace keeps its data, on disk and in the store.
    expect(files.some((f) => f.text.includes(CONTROL_FOLDER))).toBe(true);
    expect((await new FolderOwners(h.store).get(h.slack.teamId, 'F1'))?.name).toBe(CONTROL_FOLDER);
    expect(await h.store.get(keys.installation(harborWorkspace.teamId))).toBeNull();
  });
});
