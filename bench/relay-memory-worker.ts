/**
 * Memory per concurrent run: the relay as the app builds it, in its own process (the emulators
 * live in the parent), holds runs open (the parent paused the service's agent runs, so each
 * stream stays open with no events) and reports RSS and heapUsed after a GC, idle and then at
 * each step of BENCH_STEPS concurrent runs. Writes the figures to BENCH_RESULT_FILE.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { buildRelayRuntime } from '../src/slack/agent/relay/build-relay-runtime.js';
import { createLogger } from '../src/observability/logger.js';
import { createRedactor } from '../src/observability/redactor.js';
import { createResearchClient } from '../src/service/research-client.js';
import { createRateBudget } from '../src/slack-api/rate-budget.js';
import type { ResearchService } from '../src/service/types.js';
import { createFileStateStore } from '../src/store/file-state-store.js';
import type { BaselineRun } from './lib/relay-baselines.js';

export interface MemorySample {
  runs: number;
  rssMB: number;
  heapUsedMB: number;
}

const env = (name: string): string => {
  const v = process.env[name];
  if (!v) throw new Error(`missing ${name}`);
  return v;
};

function sample(runs: number): MemorySample {
  // Started with --expose-gc: measure what is held, not garbage awaiting collection.
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  return { runs, rssMB: m.rss / 2 ** 20, heapUsedMB: m.heapUsed / 2 ** 20 };
}

async function main(): Promise<void> {
  const runs = JSON.parse(env('BENCH_RUNS')) as BaselineRun[];
  const steps = env('BENCH_STEPS').split(',').map(Number);
  const logger = createLogger({
    level: 'error',
    redact: createRedactor([env('BENCH_BOT_TOKEN')]),
    write: (l) => process.stderr.write(`${l}\n`),
  });
  const client = createResearchClient({ baseUrl: env('BENCH_SERVICE_URL'), apiKey: env('BENCH_SERVICE_KEY'), logger, timeoutMs: 600_000 });
  let chats = 0;
  const service: ResearchService = Object.assign(Object.create(client) as ResearchService, {
    chat: async (...args: Parameters<ResearchService['chat']>) => {
      const chat = await client.chat(...args);
      chats += 1;
      return chat;
    },
  });
  const store = await createFileStateStore({ dir: await mkdtemp(path.join(os.tmpdir(), 'relay-memory-')) });
  const runtime = buildRelayRuntime({
    config: { streaming: 'update', agentIdleTimeoutMs: 600_000, runLeaseMs: 60_000 },
    slack: { botToken: env('BENCH_BOT_TOKEN'), apiUrl: env('BENCH_SLACK_API_URL') },
    service,
    store,
    logger,
    instanceId: 'bench-relay-memory',
    budget: createRateBudget({ store, clock: Date.now }),
    overrides: { stallAfterMs: 600_000 },
  });
  await delay(500);
  const samples: MemorySample[] = [sample(0)];
  let started = 0;
  for (const target of steps) {
    const batch = runs.slice(started, target).map((r, i) => runtime.startRun({ ...r, requestId: `mem-${started + i}` }));
    started = target;
    await Promise.all(batch);
    // A run is open once its reply is posted and its stream is read: the chat call has returned.
    const deadline = Date.now() + 60_000;
    while (chats < target && Date.now() < deadline) await delay(100);
    if (chats < target) throw new Error(`only ${chats} of ${target} runs opened their stream within 60 s`);
    await delay(1000);
    samples.push(sample(target));
  }
  await writeFile(env('BENCH_RESULT_FILE'), JSON.stringify({ samples, opened: chats }));
  process.exit(0);
}

main().catch((error: unknown) => {
  process.stderr.write(`relay-memory-worker failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
