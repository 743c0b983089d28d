/**
 * Issue 27's acceptance scenario, shared by its e2e test and the restart benchmark: the real app
 * (a child process between both emulators, in the rate tier of `distribution`) relays 20 agent runs
 * asked at once in 5 channels, is SIGKILLed twice while they run and started again each time. The
 * service emulator holds the runs while the app is down, so every kill lands mid-run whatever the
 * machine's speed. What it returns is counted from the Slack emulator's record of calls and
 * threads: the caller asserts on counts; the one figure in time (restart → last answer) is for
 * the benchmark, measured by the Slack emulator on its own clock (the `at` of the calls it saw).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AppDistribution } from '../../../src/slack-api/app-distribution.js';
import { startServiceEmulator } from '../../../src/emulators/service/index.js';
import { startSlackEmulator, type ApiCall, type SlackEmulator } from '../../../src/emulators/slack/index.js';

/** The app as the scenario drives it: started from an environment, killed, stopped. */
export interface LaunchedApp {
  /** Resolves once GET /healthz answers 200. */
  healthy(port: number): Promise<void>;
  kill(signal: NodeJS.Signals): Promise<void>;
  output(): string;
}

export interface RestartScenarioOptions {
  distribution: AppDistribution;
  launch(env: Record<string, string>): LaunchedApp;
  /** The variables that connect the app to both emulators (bot token, signing secret, URLs, store, port). */
  envBetween(peers: {
    slack: SlackEmulator;
    service: { url: string; apiKey: string };
    dataDir: string;
    port: number;
  }): Record<string, string>;
  freePort(): Promise<number>;
  secrets: { botToken: string; signingSecret: string };
  runs?: number;
  channels?: number;
  kills?: number;
  /** Events per second of each agent run (the service emulator's speed). */
  agentSpeed?: number;
  /** Bounds every wait. */
  stepTimeoutMs?: number;
}

export interface RunOutcome {
  channelId: string;
  threadTs: string;
  /** The bot's messages in the thread (the root excluded). */
  replies: number;
  /** chat.postMessage calls Slack accepted into this thread. */
  posts: number;
  /** The final status in the reply's metadata ('running' if it never ended). */
  status: string;
}

export interface RestartScenarioResult {
  runs: RunOutcome[];
  /** How many runs had not ended when each kill landed. */
  unfinishedAtKill: number[];
  /** conversations.history and .replies calls, and those answered 429. */
  reads: number;
  readsRateLimited: number;
  /** Every call Slack answered 429, whatever the method. */
  rateLimited: number;
  appStarts: number;
  /**
   * The last app process's first Slack call (at its start-up) → the last run's final answer, both
   * as the Slack emulator recorded them (ms, its clock). For the benchmark; no test asserts on it.
   */
  restartToLastAnswerMs: number;
}

const QUESTIONS = ['NVIDIA', 'Apple', 'Moutai', 'Tesla', 'BYD', 'Microsoft', 'CATL', 'Tencent', 'Amazon', 'Ping An'];

const isRead = (c: ApiCall) => c.method === 'conversations.history' || c.method === 'conversations.replies';

function payloadOf(metadata: unknown): Record<string, unknown> {
  const meta = (typeof metadata === 'string' ? JSON.parse(metadata) : metadata) as { event_payload?: Record<string, unknown> } | undefined;
  return meta?.event_payload ?? {};
}

/**
 * From the first of `calls` (the app starting) to the last that gave a reply its final status, on
 * the emulator's clock; 0 when every run had ended before this process started.
 */
function lastAnswerAt(calls: ApiCall[]): number {
  const isFinal = (c: ApiCall): boolean => {
    const status = payloadOf(c.args.metadata).status;
    return c.ok && (c.method === 'chat.update' || c.method === 'chat.postMessage') && status !== undefined && status !== 'running';
  };
  const finals = calls.filter(isFinal);
  const first = calls[0];
  return first === undefined || finals.length === 0 ? 0 : Math.max(...finals.map((c) => c.at)) - first.at;
}

/** Names the step a wait belongs to in its error (which wait ran out is the finding). */
async function step<T>(name: string, wait: () => Promise<T>): Promise<T> {
  try {
    return await wait();
  } catch (error) {
    throw new Error(`${name}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

export async function runRestartScenario(o: RestartScenarioOptions): Promise<RestartScenarioResult> {
  const runs = o.runs ?? 20;
  const channelCount = o.channels ?? 5;
  const kills = o.kills ?? 2;
  const stepTimeoutMs = o.stepTimeoutMs ?? 120_000;
  const slack = await startSlackEmulator({
    port: 0,
    botToken: o.secrets.botToken,
    signingSecret: o.secrets.signingSecret,
    rateLimits: 'slack',
    distribution: { seed: o.distribution },
  });
  const service = await startServiceEmulator({ port: 0, agentSpeed: o.agentSpeed ?? 4 });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'research-desk-restarts-'));
  const apps: LaunchedApp[] = [];
  try {
    const channels = [slack.defaultChannelId, slack.secondChannelId];
    for (let i = channels.length; i < channelCount; i += 1) channels.push(slack.addChannel({ name: `desk-restarts-${i + 1}` }).id);
    const port = await o.freePort();
    const env = {
      ...o.envBetween({ slack, service, dataDir, port }),
      // Stable across restarts: the restarted app takes its runs back at once, not after their leases expire.
      INSTANCE_ID: 'restart-scenario-0',
      SLACK_APP_DISTRIBUTION: o.distribution,
      SLACK_STREAMING: 'update',
      LOG_LEVEL: 'warn',
    };
    /** Where the calls of the newest app process begin in the emulator's record. */
    let lastStartCall = 0;
    const start = async (): Promise<LaunchedApp> => {
      lastStartCall = slack.calls.length;
      const app = o.launch(env);
      apps.push(app);
      await app.healthy(port);
      slack.setRequestUrl(`http://127.0.0.1:${port}/slack/events`);
      service.resumeAgentRuns();
      return app;
    };

    let app = await start();
    const asked = await Promise.all(
      Array.from({ length: runs }, async (_, i) => {
        const channelId = channels[i % channels.length]!;
        const { ts } = await slack.postMessage({
          text: `<@${slack.botUserId}> How strong is ${QUESTIONS[i % QUESTIONS.length]}’s balance sheet? (#${i + 1})`,
          channel_id: channelId,
        });
        return { channelId, threadTs: ts };
      }),
    );
    const replyOf = (a: { channelId: string; threadTs: string }) =>
      slack.threadReplies(a.channelId, a.threadTs).find((m) => m.ts !== a.threadTs && m.user === slack.botUserId);
    const ended = (a: { channelId: string; threadTs: string }) => {
      const status = payloadOf(replyOf(a)?.metadata).status;
      return status !== undefined && status !== 'running';
    };
    /** Progress edits of each run's reply since call index `from`. */
    const editedSince = (from: number) => {
      const threadOfReply = new Map(asked.map((a) => [replyOf(a)?.ts, a.threadTs]));
      const edited = new Set<string>();
      for (const c of slack.calls.slice(from)) {
        const threadTs = c.method === 'chat.update' && c.ok ? threadOfReply.get(String(c.args.ts)) : undefined;
        if (threadTs !== undefined) edited.add(threadTs);
      }
      return edited;
    };

    const unfinishedAtKill: number[] = [];
    for (let k = 0; k < kills; k += 1) {
      // Mid-run: the first kill once every run has shown progress, the next once a quarter of them
      // has moved again in the restarted process (or every run has ended).
      const from = slack.calls.length;
      const quorum = k === 0 ? runs : Math.ceil(runs / 4);
      await step(`runs moving before kill ${k + 1}`, () =>
        slack.waitFor(() => {
          const edited = editedSince(from);
          return asked.every(ended) || asked.filter((a) => edited.has(a.threadTs)).length >= quorum;
        }, stepTimeoutMs),
      );
      service.pauseAgentRuns();
      unfinishedAtKill.push(asked.filter((a) => !ended(a)).length);
      await app.kill('SIGKILL');
      app = await start();
    }
    await step('every run’s final answer after the last restart', () => slack.waitFor(() => asked.every(ended), stepTimeoutMs * 2));
    const restartToLastAnswerMs = lastAnswerAt(slack.calls.slice(lastStartCall));
    await app.kill('SIGTERM');

    const posts = (a: { channelId: string; threadTs: string }) =>
      slack.calls.filter(
        (c) => c.method === 'chat.postMessage' && c.ok && c.args.channel === a.channelId && c.args.thread_ts === a.threadTs,
      ).length;
    return {
      runs: asked.map((a) => ({
        ...a,
        replies: slack.threadReplies(a.channelId, a.threadTs).filter((m) => m.ts !== a.threadTs && m.user === slack.botUserId).length,
        posts: posts(a),
        status: String(payloadOf(replyOf(a)?.metadata).status ?? 'missing'),
      })),
      unfinishedAtKill,
      reads: slack.calls.filter(isRead).length,
      readsRateLimited: slack.calls.filter((c) => isRead(c) && c.status === 429).length,
      rateLimited: slack.calls.filter((c) => c.status === 429).length,
      appStarts: apps.length,
      restartToLastAnswerMs,
    };
  } catch (error) {
    const tail = apps.at(-1)?.output().slice(-3000) ?? '';
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n--- app output ---\n${tail}`, { cause: error });
  } finally {
    for (const app of apps) await app.kill('SIGKILL').catch(() => undefined);
    await service.close();
    await slack.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
