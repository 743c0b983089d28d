/**
 * App-level crash test: the real entry point (src/main.ts) runs as a child process between both
 * emulators (HTTP mode, the embedded file store in DATA_DIR, a fixed INSTANCE_ID) and is SIGKILLed
 * at a dozen points of one mention's run — the instant the "Working…" reply is posted, after k
 * progress edits, between edits, while the final render uploads the report file, completes it,
 * writes part 1 (each kill lands while Slack's answer to that call is
 * still on its way) — and restarted each time. Every kill is set off by what the emulators saw (a
 * Slack call, an event the service streamed), never by a time, and the run is held while the app
 * is down, so every point is reached however fast or slow the machine is. The thread must end
 * exactly as an uninterrupted run of the same question leaves it (text and blocks, in order),
 * each message posted once and exactly one file shared.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServiceEmulator, type ServiceEmulator } from '../../src/emulators/service/index.js';
import { startSlackEmulator, type ApiCall, type SlackEmulator } from '../../src/emulators/slack/index.js';
import { createFileStateStore } from '../../src/store/file-state-store.js';
import { RunStore } from '../../src/store/run-store.js';
import { payloadOf } from '../agent/support/crash-rig.js';
import { finalThread } from '../agent/support/relay-harness.js';
import { E2E_ACK_TIMEOUT_MS } from './harness.js';
import { freePort, startAppProcess, type AppProcess, type LogLine, appEnvBetweenEmulators } from './support/app-process.js';

const SECRETS = {
  botToken: 'xoxb-app-crash-test-token',
  signingSecret: 'app-crash-test-signing-secret',
};
// Event timestamps (hence elapsed time in the footer) must not depend on when each setup ran.
const FROZEN_NOW = Date.now();
// "[long]": a report of ~40 000 characters, so the final render is its first part plus a file.
const QUESTION = 'Full sector review of Chinese liquor makers [long]';
// Slow enough that the run outlives the progress-phase kills: an uninterrupted run makes about 12
// progress edits and those kills need 7. Restarts cost no run time (the run is held meanwhile).
const AGENT_SPEED = 2.5;

interface Setup {
  slack: SlackEmulator;
  service: ServiceEmulator;
  dataDir: string;
  port: number;
  env: Record<string, string>;
  threadTs?: string;
  apps: AppProcess[];
}

async function openSetup(opened: Setup[]): Promise<Setup> {
  const slack = await startSlackEmulator({
    port: 0,
    botToken: SECRETS.botToken,
    signingSecret: SECRETS.signingSecret,
    rateLimits: 'slack',
    ackTimeoutMs: E2E_ACK_TIMEOUT_MS,
  });
  const service = await startServiceEmulator({ port: 0, agentSpeed: AGENT_SPEED, clock: () => FROZEN_NOW });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'research-desk-app-crash-'));
  const port = await freePort();
  const env = {
    ...appEnvBetweenEmulators({ slack, service, secrets: SECRETS, dataDir, port }),
    // Stable across restarts: the restarted app takes the run back at once, not after its lease expires.
    INSTANCE_ID: 'app-crash-0',
    SLACK_STREAMING: 'update',
    // info, not warn: "run relayed" (logged after the run is marked ended) is the end-of-run signal.
    LOG_LEVEL: 'info',
  };
  const setup: Setup = { slack, service, dataDir, port, env, apps: [] };
  opened.push(setup);
  return setup;
}

async function closeSetups(opened: Setup[]): Promise<void> {
  for (const s of opened) {
    for (const app of s.apps) if (app.child.exitCode === null && app.child.signalCode === null) app.child.kill('SIGKILL');
    await Promise.all(s.apps.map((a) => a.exited));
    await s.service.close();
    await s.slack.close();
    await rm(s.dataDir, { recursive: true, force: true });
  }
}

interface KillPoint {
  name: string;
  /** Called with the Slack calls the current app process made; true kills it on the spot. */
  when(calls: ApiCall[]): boolean;
  /**
   * Kill instead the instant the service has streamed this many more events after `when` matched:
   * the app is reading the run's events past what its last edit showed, a moment the run sets,
   * not a Slack call (chat.update is paced, so the next edit is usually still waiting its turn).
   */
  afterEvents?: number;
}

const ok = (c: ApiCall, method: string) => c.method === method && c.ok;
const isPost = (part: number) => (c: ApiCall) => ok(c, 'chat.postMessage') && payloadOf(c).part === part;
const isProgressEdit = (c: ApiCall) => ok(c, 'chat.update') && payloadOf(c).status === 'running';
const isFinalEdit = (part: number) => (c: ApiCall) =>
  ok(c, 'chat.update') && payloadOf(c).status !== 'running' && payloadOf(c).part === part;
const any = (match: (c: ApiCall) => boolean) => (calls: ApiCall[]) => calls.some(match);
const nth = (match: (c: ApiCall) => boolean, n: number) => (calls: ApiCall[]) => calls.filter(match).length >= n;

const KILL_POINTS: KillPoint[] = [
  { name: 'the instant the Working… reply was posted', when: any(isPost(1)) },
  { name: 'after one progress edit', when: nth(isProgressEdit, 1) },
  { name: 'after two progress edits', when: nth(isProgressEdit, 2) },
  { name: 'after three progress edits', when: nth(isProgressEdit, 3) },
  { name: 'between progress edits, mid event stream', when: nth(isProgressEdit, 1), afterEvents: 2 },
  { name: 'the instant the report file got its upload URL', when: any((c) => ok(c, 'files.getUploadURLExternal')) },
  { name: 'the instant the report file upload was completed', when: any((c) => ok(c, 'files.completeUploadExternal')) },
  { name: 'the instant final part 1 replaced the reply', when: any(isFinalEdit(1)) },
];

const relayed = (line: LogLine) => line.msg === 'run relayed';

/**
 * Starts the app, asks the question on the first start, and restarts the app after each kill
 * point fired (SIGKILL the instant Slack saw the matching call, or the service streamed the
 * awaited event) until one process relays the run to its end; that one is stopped with SIGTERM.
 * Returns the kill points that fired, in order.
 */
async function runApp(s: Setup, points: KillPoint[]): Promise<{ kills: string[]; end: LogLine }> {
  const kills: string[] = [];
  for (;;) {
    const point = points[kills.length];
    const app = startAppProcess(s.env);
    s.apps.push(app);
    const since = s.slack.calls.length;
    let killed = false;
    let armed = false;
    const kill = (): void => {
      killed = true;
      // The run waits while the app is down, so no machine is too slow for the next kill point.
      s.service.pauseAgentRuns();
      app.child.kill('SIGKILL');
    };
    const check = (): void => {
      if (killed || armed || !point || !point.when(s.slack.calls.slice(since))) return;
      const afterEvents = point.afterEvents;
      if (afterEvents === undefined) {
        kill();
        return;
      }
      armed = true;
      let streamed = 0;
      // Called as the service streams each event; the run is held right after the last one.
      s.service.pauseAgentRunsAfter(() => {
        streamed += 1;
        if (streamed < afterEvents || killed) return false;
        kill();
        return true;
      });
    };
    s.slack.events.on('change', check);
    try {
      const ended = Promise.race([app.exited.then(() => undefined), app.waitForLog(relayed).catch(() => undefined)]);
      const healthy = app.waitUntilHealthy(s.port).then(
        () => true,
        () => false,
      );
      if (await Promise.race([healthy, ended.then(() => false)])) {
        s.slack.setRequestUrl(`http://127.0.0.1:${s.port}/slack/events`);
        s.service.resumeAgentRuns();
        if (s.threadTs === undefined) {
          const { ts, deliveries } = await s.slack.postMessage({
            text: `<@${s.slack.botUserId}> ${QUESTION}`,
            user_id: s.slack.defaultUserId,
          });
          expect(deliveries.map((d) => d.outcome)).toContain('acked');
          s.threadTs = ts;
        }
      }
      const end = await ended;
      if (killed) {
        await app.exited;
        kills.push(point!.name);
        continue;
      }
      if (!end) throw new Error(`app exited on its own:\n${app.output().slice(-4000)}`);
      app.child.kill('SIGTERM');
      const exit = await app.exited;
      if (exit.code !== 0) throw new Error(`app did not stop cleanly (${exit.signal ?? exit.code}):\n${app.output().slice(-4000)}`);
      return { kills, end };
    } finally {
      s.slack.events.off('change', check);
    }
  }
}

/** The store the app left in DATA_DIR, read once the app has stopped. */
async function storedRun(s: Setup, runId: string) {
  const store = await createFileStateStore({ dir: s.dataDir });
  try {
    const runs = new RunStore(store);
    return { record: await runs.get(runId), active: await runs.listActive() };
  } finally {
    await store.close();
  }
}

describe('crash test: the app process SIGKILLed at many points of a run', () => {
  const opened: Setup[] = [];
  afterAll(() => closeSetups(opened));

  it('ends with the same thread as an uninterrupted run, every message posted once', async () => {
    const [reference, crashed] = await Promise.all([openSetup(opened), openSetup(opened)]);
    const [plain, { kills, end }] = await Promise.all([runApp(reference, []), runApp(crashed, KILL_POINTS)]);
    process.stdout.write(`app crash test: ${kills.length} kills, ${crashed.apps.length} app starts\n`);

    expect(kills).toEqual(KILL_POINTS.map((p) => p.name));
    expect(plain.end.status).toBe('completed');
    expect(end.status).toBe('completed');

    const expected = finalThread(reference.slack, reference.slack.defaultChannelId, reference.threadTs!);
    const actual = finalThread(crashed.slack, crashed.slack.defaultChannelId, crashed.threadTs!);
    // The first part and the report file's message.
    expect(expected).toHaveLength(2);
    expect(actual).toEqual(expected);

    // Every reply in the thread is the bot's: one "Working…" reply, its final part 1, and one
    // shared file; nothing posted twice (nor deleted).
    const all = crashed.slack.threadReplies(crashed.slack.defaultChannelId, crashed.threadTs!).filter((m) => m.ts !== crashed.threadTs);
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((m) => m.user === crashed.slack.botUserId)).toBe(true);
    const replies = all.filter((m) => (m.files ?? []).length === 0);
    expect(replies.map((m) => m.metadata?.event_payload?.part)).toEqual([1]);
    const posts = crashed.slack.calls.filter((c) => ok(c, 'chat.postMessage'));
    expect(posts.map((c) => payloadOf(c).part)).toEqual([1]);
    expect(crashed.slack.calls.filter((c) => c.method === 'chat.delete')).toEqual([]);
    const shared = all.flatMap((m) => m.files ?? []);
    expect(shared).toHaveLength(1);
    expect(crashed.slack.fileText(shared[0]!.id)).toBe(
      reference.slack.fileText(
        reference.slack.threadReplies(reference.slack.defaultChannelId, reference.threadTs!).flatMap((m) => m.files ?? [])[0]!.id,
      ),
    );

    // No call refused (validation, 429 or otherwise), in either setup.
    for (const s of [reference, crashed]) {
      expect(s.slack.calls.filter((c) => !c.ok).map((c) => ({ method: c.method, status: c.status, error: c.error }))).toEqual([]);
    }

    // The thread is read once: for the reply killed between its post and its record. Every other
    // message was claimed and recorded, so no other restart needed a read (issue 27).
    const reads = (s: Setup) => s.slack.calls.filter((c) => c.method === 'conversations.replies' || c.method === 'conversations.history');
    expect(reads(crashed)).toHaveLength(1);
    expect(reads(reference)).toEqual([]);

    const runId = String(end.runId);
    const { record, active } = await storedRun(crashed, runId);
    expect(record?.status).toBe('completed');
    expect(record?.replyTs).toEqual(replies.map((m) => m.ts));
    expect(active).toEqual([]);
  }, 300_000);
});
