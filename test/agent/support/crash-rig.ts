/**
 * The crash test's rig: fresh emulators per setup (same seed and a frozen service clock, so two
 * setups produce the same conversation, events and timestamps), the worker's environment, and a
 * loop that restarts the worker after SIGKILLing it at each kill point in turn.
 */
import { randomUUID } from 'node:crypto';
import { startServiceEmulator, type ServiceEmulator, type ServiceVariant } from '../../../src/emulators/service/index.js';
import { startSlackEmulator, type ApiCall, type SlackEmulator, type SlackEmulatorOptions } from '../../../src/emulators/slack/index.js';
import { createRedisStateStore } from '../../../src/store/redis-state-store.js';
import { BOT_TOKEN, REDIS_URL } from './relay-harness.js';
import { startWorker } from './worker-process.js';

// Every event carries this timestamp: runs of the same question render the same elapsed time.
const FROZEN_NOW = Date.now();

export interface CrashSetup {
  slack: SlackEmulator;
  service: ServiceEmulator;
  prefix: string;
  channelId: string;
  threadTs: string;
  env: Record<string, string>;
}

export interface CrashSetupOptions {
  question: string;
  streaming: 'update' | 'native' | 'auto';
  agentSpeed: number;
  /** Ask in the default DM instead of the default channel. */
  inDm?: boolean;
  slack?: SlackEmulatorOptions;
  /** The service emulator's variant (`published` streams as the real service does). */
  variant?: ServiceVariant;
}

export async function openCrashSetup(options: CrashSetupOptions, opened: CrashSetup[]): Promise<CrashSetup> {
  const slack = await startSlackEmulator({ botToken: BOT_TOKEN, rateLimits: 'slack', ...options.slack });
  const service = await startServiceEmulator({
    port: 0,
    agentSpeed: options.agentSpeed,
    clock: () => FROZEN_NOW,
    ...(options.variant ? { variant: options.variant } : {}),
  });
  const prefix = `test:crash:${randomUUID().slice(0, 8)}:`;
  const channelId = options.inDm ? slack.defaultDmId : slack.defaultChannelId;
  const { ts: threadTs } = await slack.postMessage({ text: options.question, channel_id: channelId, user_id: slack.defaultUserId });
  const env = {
    SLACK_BOT_TOKEN: BOT_TOKEN,
    SLACK_SIGNING_SECRET: 'crash-test-signing-secret',
    SLACK_API_URL: slack.apiUrl,
    SERVICE_BASE_URL: service.url,
    SERVICE_API_KEY: service.apiKey,
    REDIS_URL,
    REDIS_KEY_PREFIX: prefix,
    SLACK_STREAMING: options.streaming,
    // The restarted worker keeps its instance id, so it takes its own runs back at once: the lease never
    // has to lapse (a short one would only let a busy machine lose it mid-run).
    RUN_LEASE_SECONDS: '60',
    INSTANCE_ID: 'replica-0',
    WORKER_RUN: JSON.stringify({
      teamId: slack.teamId,
      channelId,
      threadTs,
      askerUserId: slack.defaultUserId,
      question: options.question,
      requestId: `Ev-${threadTs}`,
    }),
  };
  const s = { slack, service, prefix, channelId, threadTs, env };
  opened.push(s);
  return s;
}

export async function closeCrashSetups(opened: CrashSetup[]): Promise<void> {
  for (const s of opened) {
    const store = createRedisStateStore({ url: REDIS_URL, keyPrefix: s.prefix });
    for (const key of await store.keys('')) await store.delete(key);
    await store.close();
    await s.service.close();
    await s.slack.close();
  }
}

export function payloadOf(call: ApiCall): Record<string, unknown> {
  const raw = call.args.metadata;
  const meta = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { event_payload?: Record<string, unknown> } | undefined;
  return meta?.event_payload ?? {};
}

/** Where to kill: when Slack saw a matching call, or (selfKill) inside the worker right after chat. */
export interface KillPoint {
  name: string;
  slack?: (c: ApiCall) => boolean;
  selfKill?: 'chat';
}

export async function runUninterrupted(s: CrashSetup): Promise<void> {
  const worker = startWorker(s.env);
  const code = await worker.exited;
  if (code !== 0) throw new Error(`reference worker failed:\n${worker.output()}`);
}

/** Runs the worker to the end, killing it at each point in turn; returns the points that fired. */
export async function runWithCrashes(s: CrashSetup, points: KillPoint[]): Promise<string[]> {
  const kills: string[] = [];
  for (let i = 0; ; i += 1) {
    const point = points[i];
    const worker = startWorker({ ...s.env, ...(point?.selfKill ? { WORKER_CRASH_AFTER_CHAT: '1' } : {}) });
    const seenCalls = s.slack.calls.length;
    const seenRequests = s.service.requestLog.length;
    let killed = false;
    const check = (): void => {
      // A held run goes on once the new worker talks to the service.
      if (!killed && s.service.requestLog.length > seenRequests) s.service.resumeAgentRuns();
      if (!point?.slack || killed) return;
      if (s.slack.calls.slice(seenCalls).some(point.slack)) {
        killed = true;
        // The run waits while the worker is down, so no machine is too slow for the next kill point.
        s.service.pauseAgentRuns();
        worker.child.kill('SIGKILL');
      }
    };
    s.slack.events.on('change', check);
    const poll = setInterval(check, 2);
    const code = await worker.exited;
    clearInterval(poll);
    s.slack.events.off('change', check);
    if (point?.selfKill && worker.child.signalCode === 'SIGKILL') killed = true;
    if (killed) {
      kills.push(point!.name);
      continue;
    }
    if (code !== 0) throw new Error(`worker failed:\n${worker.output()}`);
    return kills;
  }
}
