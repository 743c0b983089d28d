/**
 * Issue 28, part of 11: a CSV export whose process is SIGKILLed between Slack's two upload calls
 * (files.getUploadURLExternal answered, files.completeUploadExternal never reached) is not lost
 * without a word. The real entry point runs as a child process on the embedded file store and is
 * restarted with the same INSTANCE_ID: a file Slack holds is shared in the card's thread, once;
 * one Slack never got is told to the user, only to them, in the channel, with how to get it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceEmulator, type ServiceEmulator } from '../../src/emulators/service/index.js';
import { startSlackEmulator, type SlackEmulator, type StoredMessage } from '../../src/emulators/slack/index.js';
import { ACTION_IDS } from '../../src/slack/blocks/action-ids.js';
import { button, buttonsOf } from './command-helpers.js';
import { appEnvBetweenEmulators, freePort, startAppProcess, type AppProcess } from './support/app-process.js';
import { E2E_ACK_TIMEOUT_MS } from './harness.js';

const SECRETS = { botToken: 'xoxb-export-crash-test-token', signingSecret: 'export-crash-test-signing-secret' };

let slack: SlackEmulator;
let service: ServiceEmulator;
let dataDir: string;
let port: number;
let env: Record<string, string>;
const apps: AppProcess[] = [];

beforeAll(async () => {
  slack = await startSlackEmulator({
    port: 0,
    botToken: SECRETS.botToken,
    signingSecret: SECRETS.signingSecret,
    rateLimits: 'slack',
    ackTimeoutMs: E2E_ACK_TIMEOUT_MS,
  });
  service = await startServiceEmulator({ port: 0 });
  dataDir = await mkdtemp(path.join(tmpdir(), 'research-desk-export-crash-'));
  port = await freePort();
  // A stable instance id: the restarted process takes its predecessor's exports back at once.
  env = {
    ...appEnvBetweenEmulators({ slack, service, secrets: SECRETS, dataDir, port }),
    INSTANCE_ID: 'export-crash-0',
    LOG_LEVEL: 'info',
  };
});

afterAll(async () => {
  for (const app of apps) if (app.child.exitCode === null && app.child.signalCode === null) app.child.kill('SIGKILL');
  await Promise.all(apps.map((a) => a.exited));
  await service?.close();
  await slack?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function startApp(): Promise<AppProcess> {
  const app = startAppProcess(env);
  apps.push(app);
  await app.waitUntilHealthy(port);
  slack.setRequestUrl(`http://127.0.0.1:${port}/slack/events`);
  return app;
}

/** A public statement card in #research, with its Download CSV button. */
async function publicCard(): Promise<StoredMessage> {
  const channel = slack.defaultChannelId;
  const before = new Set(slack.channelMessages(channel).map((m) => m.ts));
  expect((await slack.sendCommand({ command: '/financials', text: 'SH:600519 income annual --public' })).ok).toBe(true);
  return slack.waitFor(
    () =>
      slack
        .channelMessages(channel)
        .find((m) => !before.has(m.ts) && m.bot_id === slack.botId && buttonsOf(m).some((b) => b.action_id === ACTION_IDS.cardCsv)),
    15_000,
  );
}

async function clickCsv(card: StoredMessage): Promise<void> {
  const b = button(card, ACTION_IDS.cardCsv);
  const delivery = await slack.clickAction({
    channel_id: card.channel,
    message_ts: card.ts,
    action_id: b.action_id,
    ...(b.value ? { value: b.value } : {}),
  });
  expect(delivery.ok).toBe(true);
}

/** Kills `app` (SIGKILL) the instant Slack records a call `match` accepts, before its answer leaves. */
function killOnCall(app: AppProcess, match: (method: string) => boolean): Promise<void> {
  const since = slack.calls.length;
  return new Promise((resolve) => {
    const check = (): void => {
      if (!slack.calls.slice(since).some((c) => match(c.method))) return;
      slack.events.off('change', check);
      app.child.kill('SIGKILL');
      resolve();
    };
    slack.events.on('change', check);
  });
}

const filesIn = (card: StoredMessage) => [...slack.files.values()].filter((f) => f.channel === card.channel && f.thread_ts === card.ts);

describe('an export killed between its upload and its completion', { timeout: 90_000 }, () => {
  it('is told to the user when Slack never got the file: only to them, in the channel, with how to get it', async () => {
    const app = await startApp();
    const card = await publicCard();
    const killed = killOnCall(app, (m) => m === 'files.getUploadURLExternal');
    await clickCsv(card);
    await killed;
    await app.exited;

    const restarted = await startApp();
    const note = await slack
      .waitFor(() => slack.ephemeralFor(slack.defaultUserId, card.channel).find((e) => e.text.includes('did not arrive')), 20_000)
      .catch((error: unknown) => {
        throw new Error(`no note: ${String(error)}\n${app.output().slice(-3000)}\n---\n${restarted.output().slice(-3000)}`);
      });
    // In the channel: the card has no thread yet, and Slack hides an ephemeral in a thread that does not exist.
    expect(note.thread_ts).toBeUndefined();
    expect(note.text).toMatch(/^Your CSV file 600519-income-\d{4}-\d{2}-\d{2}\.csv did not arrive/);
    expect(note.text).toContain('Press Download CSV on the card again');
    expect(filesIn(card).filter((f) => f.shared)).toEqual([]);
  });

  it('is shared in the thread once when Slack holds the file, after the restart', async () => {
    const app = apps.at(-1) as AppProcess;
    const card = await publicCard();
    // Slack answers the reservation and takes the bytes; then it cannot be reached, so the
    // completion never arrives, and the process dies while it is retrying.
    const reserved = new Promise<void>((resolve) => {
      const since = slack.calls.length;
      const check = (): void => {
        if (!slack.calls.slice(since).some((c) => c.method === 'files.getUploadURLExternal' && c.ok)) return;
        slack.events.off('change', check);
        slack.setWebApiUnreachable(true);
        resolve();
      };
      slack.events.on('change', check);
    });
    const dropped = slack.droppedWebApiCalls();
    const before = new Set(slack.files.keys());
    await clickCsv(card);
    await reserved;
    await slack.waitFor(() => (slack.droppedWebApiCalls() > dropped ? true : undefined), 20_000);
    app.child.kill('SIGKILL');
    await app.exited;
    const reservedFiles = [...slack.files.values()].filter((f) => !before.has(f.id));
    expect(reservedFiles.map((f) => ({ bytes: f.uploadedBytes !== undefined, completed: f.completed }))).toEqual([
      { bytes: true, completed: false },
    ]);
    slack.setWebApiUnreachable(false);

    await startApp();
    const shared = await slack.waitFor(() => filesIn(card).find((f) => f.shared), 20_000);
    expect(shared.id).toBe(reservedFiles[0]?.id);
    expect(shared.filename).toMatch(/^600519-income-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(slack.threadReplies(card.channel, card.ts).filter((m) => m.files?.some((f) => f.id === shared.id))).toHaveLength(1);
    expect(filesIn(card)).toHaveLength(1);
  });
});
