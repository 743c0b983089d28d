/**
 * The playground (src/main.ts without credentials) keeps its Slack workspace in
 * DATA_DIR/playground/slack.json and its lease holder id in DATA_DIR/playground/instance-id: a
 * SIGKILLed playground restarts with its channels and threads and the same instance id. "Reset
 * playground" (POST /api/reset) empties the workspace, the demo service and the app's state, even with a run in
 * progress, and the app goes on answering.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playgroundClient, waitUntil } from './support/playground-client.js';
import { freePort, startAppProcess, type AppProcess } from './support/app-process.js';

interface PlaygroundMessage {
  ts: string;
  text: string;
  edits: number;
  replies: PlaygroundMessage[];
}

describe('playground persistence', () => {
  let dataDir: string;
  let env: Record<string, string>;
  let playgroundUrl: string;
  let port: number;
  const apps: AppProcess[] = [];

  const startApp = async (): Promise<AppProcess> => {
    const app = startAppProcess(env);
    apps.push(app);
    await app.waitUntilHealthy(port);
    return app;
  };
  const { api } = playgroundClient(() => playgroundUrl);
  const messages = async (): Promise<PlaygroundMessage[]> =>
    (await api<{ messages: PlaygroundMessage[] }>('/api/channels/C0EMURSRCH/messages')).messages;
  const waitFor = waitUntil;
  const finalReplyTo = (ts: string) =>
    waitFor(
      async () => (await messages()).find((m) => m.ts === ts)?.replies.find((r) => r.edits > 0 && !/Working/.test(r.text)),
      `the final agent reply to ${ts}`,
    );
  const savedWorkspace = () => readFile(path.join(dataDir, 'playground', 'slack.json'), 'utf8').catch(() => '');

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'research-desk-playground-'));
    port = await freePort();
    const playgroundPort = await freePort();
    playgroundUrl = `http://127.0.0.1:${playgroundPort}`;
    env = {
      PORT: String(port),
      PLAYGROUND_PORT: String(playgroundPort),
      DATA_DIR: dataDir,
      EMULATOR_AGENT_SPEED: '20',
      LOG_LEVEL: 'info',
    };
  });

  afterAll(async () => {
    for (const app of apps) {
      app.child.kill('SIGKILL');
      await app.exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  });

  it('comes back after a SIGKILL with its threads and the same instance id', async () => {
    const first = await startApp();
    const { ts } = await api<{ ts: string }>('/api/messages', { text: '@Research Desk how is Moutai doing?' });
    const answer = await finalReplyTo(ts);
    await api('/api/messages', { text: 'remember this line' });
    // Written within the snapshot interval; the kill comes after, so nothing is lost by design.
    await waitFor(async () => ((await savedWorkspace()).includes('remember this line') ? true : undefined), 'the saved workspace');
    const instanceId = (await readFile(path.join(dataDir, 'playground', 'instance-id'), 'utf8')).trim();
    expect((await first.waitForLog((l) => l.msg === 'research desk started')).instanceId).toBe(instanceId);
    first.child.kill('SIGKILL');
    await first.exited;

    const second = await startApp();
    const after = await messages();
    expect(after.map((m) => m.text)).toEqual([expect.stringContaining('how is Moutai doing?'), 'remember this line']);
    expect(after[0]?.replies.find((r) => r.ts === answer.ts)?.text).toBe(answer.text);
    expect((await second.waitForLog((l) => l.msg === 'research desk started')).instanceId).toBe(instanceId);
  });

  it('resets the workspace and the app state with a run in progress, and keeps answering', async () => {
    const app = apps[apps.length - 1]!;
    // "[slow]" holds a tool call for a while, so the reset lands while the run relays.
    const { ts } = await api<{ ts: string }>('/api/messages', { text: '@Research Desk [slow] NVDA margins in depth' });
    await waitFor(async () => (await messages()).find((m) => m.ts === ts)?.replies[0], 'the run to start');

    expect(await api('/api/reset', {})).toEqual({ ok: true });

    const reset = await app.waitForLog((l) => l.msg === 'playground reset');
    expect(reset.clearedKeys).toEqual(expect.any(Number));
    expect(Number(reset.clearedKeys)).toBeGreaterThan(0);
    expect(await messages()).toEqual([]);
    // The demo service is back to its seed too: none of the conversations asked so far is kept.
    const service = JSON.parse(await readFile(path.join(dataDir, 'playground', 'service.json'), 'utf8')) as {
      runs: { conversations: unknown[] };
    };
    expect(service.runs.conversations).toEqual([]);
    const next = await api<{ ts: string }>('/api/messages', { text: '@Research Desk what is Xiaomi cash position?' });
    await finalReplyTo(next.ts);
    expect(app.child.exitCode).toBeNull();
    // The run the reset cut off (its thread and conversation gone, at whatever step it was: starting,
    // following or writing) is given up the way the relay gives up any such run, with a log line;
    // nothing else goes wrong, for any other run.
    const logs = app.logs();
    const resetAt = logs.findIndex((l) => l.msg === 'playground reset');
    const cutOff = new Set(logs.slice(0, resetAt).flatMap((l) => (typeof l.runId === 'string' ? [l.runId] : [])));
    expect(cutOff.size).toBeGreaterThan(0);
    const errors = logs.filter((l) => l.level === 'error');
    expect(errors.filter((l) => !(typeof l.runId === 'string' && cutOff.has(l.runId)))).toEqual([]);
  });
});
