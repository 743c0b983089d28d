/**
 * One strategy of the relay benchmark, in its own process so its CPU and RSS are its own: the
 * relay as the app builds it (BENCH_FIGURE_CHECK sets its figure check), or a baseline (naive
 * per-event updates, 1 s throttle). The parent owns the emulators and posts the questions; this
 * process relays them until done or the deadline, then writes its result (event arrivals, CPU,
 * RSS, relay metrics) to BENCH_RESULT_FILE.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildRelayRuntime } from '../src/slack/agent/relay/build-relay-runtime.js';
import { createLogger } from '../src/observability/logger.js';
import { createRedactor } from '../src/observability/redactor.js';
import { createResearchClient } from '../src/service/research-client.js';
import { createRateBudget } from '../src/slack-api/rate-budget.js';
import type { ResearchService, WorkflowStreamEvent } from '../src/service/types.js';
import { createFileStateStore } from '../src/store/file-state-store.js';
import { createRedisStateStore } from '../src/store/redis-state-store.js';
import type { StateStore } from '../src/store/state-store.js';
import { createBaselineClient, relayWithBaseline, type BaselineRun } from './lib/relay-baselines.js';
import type { EventArrival } from './lib/relay-staleness.js';
import { figureCheckRecorder, type FigureCheckProfile } from './lib/figure-check-profile.js';

export interface StrategyWorkerResult {
  strategy: string;
  arrivals: EventArrival[];
  endMs: number;
  finishedRuns: number;
  cpuMs: number;
  maxRssMB: number;
  relayMetrics?: unknown;
  /** With BENCH_FIGURE_CHECK: where the check's time went (lib/figure-check-profile.ts). */
  figureCheckProfile?: FigureCheckProfile;
}

const env = (name: string): string => {
  const v = process.env[name];
  if (!v) throw new Error(`missing ${name}`);
  return v;
};

/** Notes when each event reaches the relay (the start of its staleness). */
function recordingArrivals(service: ResearchService, arrivals: EventArrival[], started: Map<string, string>): ResearchService {
  const tap = (amid: () => string, source: AsyncIterable<WorkflowStreamEvent>): AsyncIterable<WorkflowStreamEvent> => ({
    async *[Symbol.asyncIterator]() {
      for await (const e of source) {
        // Arrival = when the service sent it (same clock, same machine), or when read if earlier:
        // a strategy that reads its stream slowly must not hide the wait it causes.
        const now = Date.now();
        const sent = typeof e.timestamp === 'number' && e.timestamp <= now && e.timestamp > now - 600_000 ? e.timestamp : now;
        if (typeof e.offset === 'number') arrivals.push({ assistantMessageId: amid(), offset: e.offset, atMs: sent });
        yield e;
      }
    },
  });
  return Object.assign(Object.create(service) as ResearchService, {
    chat: async (...args: Parameters<ResearchService['chat']>) => {
      const chat = await service.chat(...args);
      started.set(chat.assistantMessageId, args[0].conversationId);
      return { ...chat, events: tap(() => chat.assistantMessageId, chat.events) };
    },
    streamEvents: (c: string, a: string, o?: Parameters<ResearchService['streamEvents']>[2]) => tap(() => a, service.streamEvents(c, a, o)),
  });
}

/**
 * BENCH_FIGURE_CHECK=on|off: the relay's FIGURE_CHECK for this strategy (issue 30); unset, the
 * relay's default. A spread, not a literal field, so this worker still bundles against a revision
 * (the baseline's) whose RelayConfig has no such field.
 */
function figureCheckConfig(): Record<string, boolean> {
  const v = process.env.BENCH_FIGURE_CHECK;
  if (v === undefined || v === '') return {};
  if (v !== 'on' && v !== 'off') throw new Error(`BENCH_FIGURE_CHECK must be on or off, not ${v}`);
  return { figureCheck: v === 'on' };
}

async function main(): Promise<void> {
  const strategy = env('BENCH_STRATEGY');
  const deadline = Number(env('BENCH_DEADLINE_MS'));
  const runs = JSON.parse(env('BENCH_RUNS')) as BaselineRun[];
  const token = env('BENCH_BOT_TOKEN');
  const apiUrl = env('BENCH_SLACK_API_URL');
  const arrivals: EventArrival[] = [];
  // The figure-check strategies log at info, both sides alike: the relay's "figures checked" line carries each check's ms.
  const profiling = figureCheckConfig().figureCheck !== undefined ? figureCheckRecorder() : undefined;
  const logger = createLogger({
    level: profiling ? 'info' : 'error',
    redact: createRedactor([token]),
    write: (l) => {
      profiling?.onLogLine(l);
      if (!profiling || l.includes('"level":"error"')) process.stderr.write(`${l}\n`);
    },
  });
  const client = createResearchClient({ baseUrl: env('BENCH_SERVICE_URL'), apiKey: env('BENCH_SERVICE_KEY'), logger, timeoutMs: 60_000 });
  const started = new Map<string, string>();
  const recorded = recordingArrivals(client, arrivals, started);
  const service = profiling ? profiling.wrap(recorded) : recorded;
  const cpuStart = process.cpuUsage();
  let finished = 0;
  let relayMetrics: unknown;
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now())).unref());

  if (strategy === 'relay') {
    const redisUrl = process.env.BENCH_REDIS_URL;
    const store: StateStore = redisUrl
      ? createRedisStateStore({ url: redisUrl, keyPrefix: env('BENCH_KEY_PREFIX'), logger })
      : await createFileStateStore({ dir: await mkdtemp(path.join(os.tmpdir(), 'relay-bench-')) });
    const runtime = buildRelayRuntime({
      config: { streaming: 'update', agentIdleTimeoutMs: 300_000, runLeaseMs: 60_000, ...figureCheckConfig() },
      slack: { botToken: token, apiUrl },
      service,
      store,
      logger,
      instanceId: 'bench-relay',
      budget: createRateBudget({ store, clock: Date.now }),
      overrides: { stallAfterMs: 120_000 },
    });
    const all = Promise.all(
      runs.map(async (r, i) => {
        const { runId } = await runtime.startRun({ ...r, requestId: `bench-${i}` });
        const outcome = await runtime.waitForRun(runId);
        if (outcome?.ended) finished += 1;
      }),
    );
    await Promise.race([all, timeout]);
    const { stalenessSamplesMs: _samples, ...counters } = runtime.getMetrics();
    relayMetrics = counters;
    await runtime.shutdown();
    // Leave nothing behind in the shared Redis (every key here is under this run's prefix).
    for (const key of await store.keys('')) await store.delete(key);
    await store.close();
  } else {
    const slack = createBaselineClient(token, apiUrl);
    const stop = new AbortController();
    const all = Promise.all(
      runs.map(async (r, i) => {
        await relayWithBaseline(strategy as 'naive' | 'throttle', r, {
          service,
          client: slack,
          signal: stop.signal,
          runId: `bench-${strategy}-${i}`,
        }).catch((error: unknown) => logger.error('baseline run failed', { error }));
        if (!stop.signal.aborted) finished += 1;
      }),
    );
    await Promise.race([all, timeout]);
    stop.abort();
  }
  const cpu = process.cpuUsage(cpuStart);
  const endMs = Date.now();
  // Events a slow strategy never even read by the deadline were sent all the same: they count
  // as never shown, from the time the service sent them.
  const read = new Set(arrivals.map((a) => `${a.assistantMessageId}|${a.offset}`));
  for (const [assistantMessageId, conversationId] of started) {
    const all = await client.listEvents(conversationId, assistantMessageId, { fromOffset: 0 }).catch(() => []);
    for (const e of all) {
      if (typeof e.offset !== 'number' || e.timestamp > endMs || read.has(`${assistantMessageId}|${e.offset}`)) continue;
      arrivals.push({ assistantMessageId, offset: e.offset, atMs: e.timestamp });
    }
  }
  const result: StrategyWorkerResult = {
    strategy,
    arrivals,
    endMs,
    finishedRuns: finished,
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    maxRssMB: Math.round(process.resourceUsage().maxRSS / 1024),
    ...(relayMetrics ? { relayMetrics } : {}),
    ...(profiling ? { figureCheckProfile: profiling.profile() } : {}),
  };
  // A file, not stdout: a large pipe write may not drain before process.exit.
  await writeFile(env('BENCH_RESULT_FILE'), JSON.stringify(result));
  // Baselines may still sleep inside the SDK's rate-limit retries: end here.
  process.exit(0);
}

main().catch((error: unknown) => {
  process.stderr.write(`relay-strategy-worker failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
