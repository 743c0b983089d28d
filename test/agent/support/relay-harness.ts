/**
 * Builds the relay exactly as the app does, over the real Slack emulator, the real service
 * emulator and a real Redis (DB 15, a unique key prefix per harness).
 */
import { randomUUID } from 'node:crypto';
import type { StreamingMode } from '../../../src/config/relay-config.js';
import { createRunRenderer } from '../../../src/slack/agent/relay/create-run-renderer.js';
import { createRateBudget } from '../../../src/slack-api/rate-budget.js';
import {
  createRelayRuntime,
  type RelayRuntime,
  type RelaySharedDeps,
  type RunWorkspace,
} from '../../../src/agent/runtime/relay-runtime.js';
import { createWebClientWriter } from '../../../src/slack/agent/relay/web-client-writer.js';
import { startServiceEmulator, type ServiceEmulator, type ServiceVariant } from '../../../src/emulators/service/index.js';
import { startSlackEmulator, type SlackEmulator, type SlackEmulatorOptions } from '../../../src/emulators/slack/index.js';
import { createLogger, type Logger } from '../../../src/observability/logger.js';
import { createRedactor } from '../../../src/observability/redactor.js';
import { createResearchClient, type ResearchClient } from '../../../src/service/research-client.js';
import { Leases } from '../../../src/store/leases.js';
import { createRedisStateStore } from '../../../src/store/redis-state-store.js';
import { RunStore } from '../../../src/store/run-store.js';
import type { StateStore } from '../../../src/store/state-store.js';
import { ThreadConversations } from '../../../src/store/thread-conversations.js';

export const REDIS_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379/15';
export const BOT_TOKEN = 'xoxb-relay-test-token';

export interface HarnessOptions {
  slack?: SlackEmulatorOptions;
  agentSpeed?: number;
  /** The service emulator's variant (`published` streams as the real service does). */
  variant?: ServiceVariant;
  /** The service emulator's clock (a frozen one makes runs of one question render alike). */
  serviceClock?: () => number;
}

export interface RelayHarness {
  slack: SlackEmulator;
  service: ServiceEmulator;
  keyPrefix: string;
  logLines: string[];
  logger: Logger;
  openStore(): StateStore;
  /** A runtime as the app builds it; every one is shut down by close(). */
  runtime(overrides?: Partial<RelaySharedDeps & RunWorkspace> & { streaming?: StreamingMode; stateStore?: StateStore }): RelayRuntime;
  /** Posts the asker's question in a channel: the root of the run's thread. */
  ask(question: string, channelId?: string): Promise<string>;
  close(): Promise<void>;
}

export async function startRelayHarness(options: HarnessOptions = {}): Promise<RelayHarness> {
  const slack = await startSlackEmulator({ botToken: BOT_TOKEN, rateLimits: 'slack', ...options.slack });
  const service = await startServiceEmulator({
    port: 0,
    agentSpeed: options.agentSpeed ?? 40,
    ...(options.variant ? { variant: options.variant } : {}),
    ...(options.serviceClock ? { clock: options.serviceClock } : {}),
  });
  const keyPrefix = `test:relay:${randomUUID().slice(0, 8)}:`;
  const logLines: string[] = [];
  const logger = createLogger({ level: 'info', redact: createRedactor([BOT_TOKEN]), write: (l) => logLines.push(l) });
  const stores: StateStore[] = [];
  const clients: ResearchClient[] = [];
  const runtimes: RelayRuntime[] = [];
  const openStore = (): StateStore => {
    const s = createRedisStateStore({ url: REDIS_URL, keyPrefix });
    stores.push(s);
    return s;
  };
  return {
    slack,
    service,
    keyPrefix,
    logLines,
    logger,
    openStore,
    runtime({ stateStore, ...overrides } = {}) {
      const store = stateStore ?? openStore();
      const client = createResearchClient({ baseUrl: service.url, apiKey: service.apiKey, logger });
      clients.push(client);
      const runtime = createRelayRuntime({
        service: client,
        slack: createWebClientWriter({ token: BOT_TOKEN, apiUrl: slack.apiUrl, logger }),
        store: { runs: new RunStore(store), leases: new Leases(store), threads: new ThreadConversations(store) },
        logger,
        instanceId: `test-${randomUUID().slice(0, 6)}`,
        streaming: 'update',
        budget: createRateBudget({ store, clock: Date.now }),
        idleTimeoutMs: 20_000,
        // Long enough never to lapse on its own during a test, however slow the machine: a lease
        // that must lapse (a replica that died) is released by the test, or its TTL moved.
        leaseMs: 120_000,
        rendererFor: createRunRenderer({}),
        ...overrides,
      });
      runtimes.push(runtime);
      return runtime;
    },
    async ask(question, channelId) {
      const { ts } = await slack.postMessage({
        text: question,
        channel_id: channelId ?? slack.defaultChannelId,
        user_id: slack.defaultUserId,
      });
      return ts;
    },
    async close() {
      await Promise.all(runtimes.map((r) => r.shutdown().catch(() => undefined)));
      await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
      const cleanup = stores[0];
      if (cleanup) {
        for (const key of await cleanup.keys('')) await cleanup.delete(key);
      }
      await Promise.all(stores.map((s) => s.close().catch(() => undefined)));
      await service.close();
      await slack.close();
    },
  };
}

/** The thread's replies (root excluded) as `{text, blocks}`, like the render tool's last line. */
export function finalThread(slack: SlackEmulator, channelId: string, threadTs: string): Array<{ text: string; blocks: unknown[] }> {
  return slack
    .threadReplies(channelId, threadTs)
    .filter((m) => m.ts !== threadTs)
    .map((m) => ({ text: m.text, blocks: withoutAnswerIds(m.blocks ?? []) as unknown[] }));
}

/**
 * "Save as canvas" names the answer by the service's conversation and assistant message ids: two
 * runs of one question get different ones (a chat resent after a crash is a new assistant message),
 * so threads are compared with that button's value masked.
 */
function withoutAnswerIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutAnswerIds);
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value).map(([k, v]) => [k, withoutAnswerIds(v)]);
  const masked = Object.fromEntries(entries) as Record<string, unknown>;
  if (masked.action_id === 'rd.answer.canvas') masked.value = '<the answer>';
  return masked;
}

/** Slack calls the emulator answered with 429. */
/** How many replies the bot posted in a thread (each run must post exactly one). */
export function postsInThread(slack: SlackEmulator, channel: string, threadTs: string): number {
  return slack.calls.filter((c) => c.method === 'chat.postMessage' && c.ok && c.args.channel === channel && c.args.thread_ts === threadTs)
    .length;
}

export function rateLimitedCalls(slack: SlackEmulator): number {
  return slack.calls.filter((c) => c.status === 429).length;
}

/**
 * Writes to a run's messages after their final content landed: a run that ended once never changes
 * again (one that wrote progress would flip a finished answer back to "Working…"). An update that
 * leaves the final message exactly as it was (text, blocks, metadata) is not counted: a run resumed
 * after its store lost its end (a Redis failover) renders its final answer again, identically,
 * without reading the thread (issue 27).
 */
export function writesAfterFinal(slack: SlackEmulator, channel: string): Array<{ method: string; ts: unknown }> {
  const finalized = new Map<unknown, string>();
  const late: Array<{ method: string; ts: unknown }> = [];
  for (const c of slack.calls) {
    if (!c.ok || c.args.channel !== channel || (c.method !== 'chat.update' && c.method !== 'chat.delete')) continue;
    // Form-encoded calls carry the metadata (and blocks) as JSON text.
    const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as unknown;
    const metadata = json(c.args.metadata);
    const content = JSON.stringify([c.args.text ?? null, json(c.args.blocks) ?? null, metadata ?? null]);
    if (finalized.has(c.args.ts) && !(c.method === 'chat.update' && finalized.get(c.args.ts) === content)) {
      late.push({ method: c.method, ts: c.args.ts });
    }
    const status = (metadata as { event_payload?: { status?: unknown } } | undefined)?.event_payload?.status;
    if (c.method === 'chat.update' && typeof status === 'string' && status !== 'running') finalized.set(c.args.ts, content);
  }
  return late;
}
