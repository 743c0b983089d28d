/**
 * Relay benchmark: 50 concurrent agent runs (service emulator at accelerated speed) relayed into
 * Slack threads through the Slack emulator at Slack's real rate limits, by three strategies at
 * once, each in its own process against its own emulators (its own workspace):
 * - relay:    this app's relay (shared budget, fair coalescing scheduler, no SDK sleeping);
 * - naive:    one chat.update per event, Slack SDK defaults (sleeps through 429s and retries);
 * - throttle: at most one chat.update per second per run, Slack SDK defaults.
 * Figures per strategy: Slack calls per run, 429s, p50/p95 staleness (event sent by the service →
 * first Slack write showing it), runs finished, CPU and peak RSS of the strategy's process.
 * Staleness is compared with the floor Slack's limits impose: k runs sharing chat.update's
 * per-minute budget B cannot each be refreshed more often than every 60·k/B seconds.
 *
 * Parameters (env): RELAY_BENCH_RUNS (50), RELAY_BENCH_AGENT_SPEED (2: a run takes ~15 s),
 * RELAY_BENCH_CAP_SECONDS (150: each strategy stops there; content not shown by then counts as
 * stale until the cap), REDIS_URL (the relay's budget store; a file store otherwise).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startServiceEmulator, type ServiceEmulator } from '../src/emulators/service/index.js';
import { startSlackEmulator, type SlackEmulator } from '../src/emulators/slack/index.js';
import type { BaselineRun } from './lib/relay-baselines.js';
import { measureStaleness } from './lib/relay-staleness.js';
import { percentile, round } from './lib/stats.js';
import { writeResults } from './lib/write-results.js';
import type { StrategyWorkerResult } from './relay-strategy-worker.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const BOT_TOKEN = 'xoxb-fake-relay-bench-token';
const STRATEGIES = ['relay', 'naive', 'throttle'] as const;
/** chat.update: Slack tier 3. */
const UPDATE_BUDGET_PER_MINUTE = 50;

export interface RelayBenchParameters {
  runs: number;
  agentSpeed: number;
  capSeconds: number;
  redisUrl?: string;
}

export interface StrategyFigures {
  strategy: string;
  runsFinished: number;
  slackCallsPerRun: number;
  callsByMethod: Record<string, number>;
  rateLimited429: number;
  stalenessP50Seconds: number;
  stalenessP95Seconds: number;
  p95OverFloor: number;
  eventsMeasured: number;
  eventsNeverShown: number;
  cpuSeconds: number;
  peakRssMB: number;
  wallSeconds: number;
}

export interface RelayBenchFigures {
  floorSeconds: number;
  floorFormula: string;
  goal: string;
  strategies: StrategyFigures[];
}

function defaults(): RelayBenchParameters {
  const num = (name: string, fallback: number): number => {
    const v = Number(process.env[name]);
    return Number.isFinite(v) && v > 0 ? v : fallback;
  };
  return {
    runs: num('RELAY_BENCH_RUNS', 50),
    agentSpeed: num('RELAY_BENCH_AGENT_SPEED', 2),
    capSeconds: num('RELAY_BENCH_CAP_SECONDS', 150),
    ...(process.env.REDIS_URL ? { redisUrl: process.env.REDIS_URL } : {}),
  };
}

const QUESTIONS = [
  'Moutai margins',
  'CATL capex plans',
  'BYD export growth',
  'Tencent gaming revenue',
  'NVIDIA supply chain',
  'Ping An book value',
  'Midea overseas sales',
  'Meituan take rate',
  'Wuliangye pricing',
  'Luxshare orders',
];

interface Stage {
  strategy: (typeof STRATEGIES)[number];
  slack: SlackEmulator;
  service: ServiceEmulator;
  runs: BaselineRun[];
}

async function prepare(strategy: Stage['strategy'], params: RelayBenchParameters): Promise<Stage> {
  const slack = await startSlackEmulator({ botToken: BOT_TOKEN, rateLimits: 'slack' });
  const service = await startServiceEmulator({ port: 0, agentSpeed: params.agentSpeed });
  const channels = [slack.defaultChannelId, slack.secondChannelId, slack.defaultDmId];
  const runs: BaselineRun[] = [];
  for (let i = 0; i < params.runs; i += 1) {
    const channelId = channels[i % channels.length]!;
    const question = `${QUESTIONS[i % QUESTIONS.length]} (${i + 1})`;
    const { ts } = await slack.postMessage({ text: question, channel_id: channelId, user_id: slack.defaultUserId });
    runs.push({ teamId: slack.teamId, channelId, threadTs: ts, askerUserId: slack.defaultUserId, question });
  }
  return { strategy, slack, service, runs };
}

async function runWorker(stage: Stage, params: RelayBenchParameters, deadline: number): Promise<StrategyWorkerResult> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'relay-bench-'));
  const resultFile = path.join(dir, `${stage.strategy}.json`);
  let err = '';
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(HERE, 'relay-strategy-worker.ts')], {
      env: {
        PATH: process.env.PATH ?? '',
        BENCH_STRATEGY: stage.strategy,
        BENCH_DEADLINE_MS: String(deadline),
        BENCH_RUNS: JSON.stringify(stage.runs),
        BENCH_BOT_TOKEN: BOT_TOKEN,
        BENCH_SLACK_API_URL: stage.slack.apiUrl,
        BENCH_SERVICE_URL: stage.service.url,
        BENCH_SERVICE_KEY: stage.service.apiKey,
        BENCH_KEY_PREFIX: `bench:relay:${Date.now()}:`,
        BENCH_RESULT_FILE: resultFile,
        ...(params.redisUrl ? { BENCH_REDIS_URL: params.redisUrl } : {}),
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('exit', resolve);
  });
  try {
    if (code !== 0) throw new Error(`${stage.strategy} worker exited ${code}: ${err.slice(-2000)}`);
    return JSON.parse(await readFile(resultFile, 'utf8')) as StrategyWorkerResult;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function figuresFor(stage: Stage, result: StrategyWorkerResult, startedMs: number, floorSeconds: number): StrategyFigures {
  const calls = stage.slack.calls.filter((c) => c.token === 'bot');
  const byMethod: Record<string, number> = {};
  for (const c of calls) byMethod[c.method] = (byMethod[c.method] ?? 0) + 1;
  const staleness = measureStaleness(result.arrivals, calls, result.endMs);
  const p95 = percentile(staleness.samplesMs, 95) / 1000;
  return {
    strategy: stage.strategy,
    runsFinished: result.finishedRuns,
    slackCallsPerRun: round(calls.length / stage.runs.length, 1),
    callsByMethod: byMethod,
    rateLimited429: calls.filter((c) => c.status === 429).length,
    stalenessP50Seconds: round(percentile(staleness.samplesMs, 50) / 1000, 2),
    stalenessP95Seconds: round(p95, 2),
    p95OverFloor: round(p95 / floorSeconds, 2),
    eventsMeasured: staleness.samplesMs.length,
    eventsNeverShown: staleness.unshown,
    cpuSeconds: round(result.cpuMs / 1000, 2),
    peakRssMB: result.maxRssMB,
    wallSeconds: round((result.endMs - startedMs) / 1000, 1),
  };
}

export async function runRelayBenchmark(
  overrides: Partial<RelayBenchParameters> = {},
): Promise<{ figures: RelayBenchFigures; file: string }> {
  const params = { ...defaults(), ...overrides };
  const stages = await Promise.all(STRATEGIES.map((s) => prepare(s, params)));
  try {
    const started = Date.now();
    const deadline = started + params.capSeconds * 1000;
    const results = await Promise.all(stages.map((stage) => runWorker(stage, params, deadline)));
    const floorSeconds = (60 * params.runs) / UPDATE_BUDGET_PER_MINUTE;
    const figures: RelayBenchFigures = {
      floorSeconds,
      floorFormula: `60·k/B with k=${params.runs} concurrent runs, B=${UPDATE_BUDGET_PER_MINUTE}/min (chat.update, tier 3)`,
      goal: 'relay: p95 staleness ≤ 1.2 × floor with zero 429s',
      strategies: stages.map((stage, i) => figuresFor(stage, results[i]!, started, floorSeconds)),
    };
    const file = await writeResults('relay', {
      parameters: {
        ...params,
        redisUrl: params.redisUrl ? 'set' : 'file store',
        slackRateLimits: 'slack (real tiers)',
        deliveryPath: 'update (chat.update)',
      },
      figures,
      notes: [
        'Each strategy runs in its own process (CPU and RSS are its own) against its own Slack and service emulators, all three at once.',
        'Runs are spread over two channels and a DM (chat.postMessage is limited per channel).',
        'Staleness: from an event leaving the service (its timestamp; the relay reads it within milliseconds) to the first successful Slack write whose metadata offset covers it; content never shown before the cap counts as stale until the cap. The naive strategy reads its stream only as fast as its updates go, so measuring from its own read time would hide its delay.',
        'relayMetrics of the relay process are in its worker output; calls are counted by the Slack emulator.',
      ],
    });
    return { figures, file };
  } finally {
    await Promise.all(stages.flatMap((s) => [s.slack.close(), s.service.close()]));
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  runRelayBenchmark().then(
    ({ figures, file }) => {
      process.stdout.write(`${JSON.stringify(figures, null, 2)}\nwritten to ${file}\n`);
      process.exit(0);
    },
    (error: unknown) => {
      process.stderr.write(`relay bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
      process.exit(1);
    },
  );
}
