/**
 * Command benchmark (issues 17 and 33): signed /research slash commands at fixed open-loop rates
 * against the real app and, in the same run, against the floor: a bare Bolt app that verifies the
 * signature, acks, makes the app's service request and posts the app's card to the response_url,
 * built the cheapest correct way (bench/floor-bolt-app.ts). Targets: bench/lib/command-targets.ts.
 *
 * Four kinds of process, so the measured one holds nothing but the target:
 * - peers (command-peers.ts): a Slack stub and a service stub answering search after 300 ms;
 * - the targets, one process each, bundled with esbuild and run with plain `node`, configured as
 *   production (HTTP mode, NODE_ENV=production, the app's metrics on a port of their own);
 * - the load generator (command-load-generator.ts), Poisson arrivals at each rate;
 * - this orchestrator, which reads each target's CPU and RSS from /proc.
 *
 * In rounds (BENCH_COMMAND_ROUNDS, 3): every rate, and at each rate every target in turn, in an
 * order rotated per round. Then idle CPU with no traffic: once every connection the peers keep
 * alive (60 s) has closed, BENCH_IDLE_WINDOWS (5) windows of BENCH_IDLE_SECONDS (10), every
 * target at once. Per target and rate it quotes the median over rounds of ack p50/p99
 * (sent → HTTP 200), first-response overhead p50/p99 (sent → the stub receives the response_url
 * post, minus the service's 300 ms), CPU ms per command and peak RSS, the rounds' own figures, the
 * ratios to the floor, and issue 33's acceptance verdict (bench/lib/command-verdict.ts).
 *
 * Options: `--baseline <git-rev>` or BENCH_BASELINE (also measure that revision's src/main.ts),
 * `--cpu-prof <dir>` (each target writes a V8 CPU profile to <dir>/<target>/ when it stops; the
 * profiler samples on a thread of its own, so idle CPU under it is the profiler's),
 * BENCH_COMMAND_TARGETS, BENCH_COMMAND_RATES (10,50,100,200,400), BENCH_COMMAND_STEP_SECONDS (6,
 * after 1 s of warm-up), BENCH_REDIS_URL (app-redis's database, flushed first).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { baselineRevision, flagValue } from './lib/bench-options.js';
import { benchSecretsEnv, makeBenchSecrets } from './lib/bench-secrets.js';
import { bundleEntries } from './lib/bundle-entries.js';
import type { Arrivals, PeersReady } from './lib/command-bench-messages.js';
import { isSaturated, saturationRate } from './lib/command-figures.js';
import { medianSteps, medianWithMissing, type RoundStep, targetOrderForRound } from './lib/command-rounds.js';
import { COMMAND_BENCH_NOTES, compareToFloor, type TargetFigures } from './lib/command-results.js';
import { formatCommandTable } from './lib/command-table.js';
import {
  type CommandTarget,
  type CommandTargetName,
  commandTarget,
  DEFAULT_BENCH_REDIS_URL,
  selectCommandTargets,
} from './lib/command-targets.js';
import researchCard from './fixtures/research-card.json' with { type: 'json' };
import { checkFloorCard, type FloorCardCheck } from './lib/floor-card-check.js';
import { flushRedis } from './lib/flush-redis.js';
import { forkWorker } from './lib/forked-worker.js';
import { describeWorkingTree, extractRevision } from './lib/git-source.js';
import { idleCpuMsPerSecond, readCpuMs, readRssMiB } from './lib/process-usage.js';
import { runCommandStep } from './lib/run-command-step.js';
import { freePort, type SpawnedApp, spawnApp } from './lib/spawn-app.js';
import { round } from './lib/stats.js';
import { writeResults } from './lib/write-results.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SECRETS = benchSecretsEnv(makeBenchSecrets());
const TEXTS = ['NVDA gross margin', '茅台 毛利率', 'data center capex guidance'];
/** Time for a target to finish starting up (lazy loads, first timers) before idle RSS is read. */
const SETTLE_MS = 2_000;
/**
 * Quiet time before the idle windows: longer than the peers' 60 s keep-alive (command-peers.ts),
 * so every connection of the load has closed, with the keep-alive timers undici ticks (2 a second)
 * while one is open, and V8's collections after the load are done: the windows hold the idle work
 * of the target itself (its timers, leases, tick loops), as with no traffic.
 * @see https://nodejs.org/api/http.html#serverkeepalivetimeout
 */
const IDLE_QUIET_MS = 65_000;
/** Unmeasured load each target takes before the first round: everything counts as warm-up. */
const WARM_UP = { rate: 100, timing: { warmupMs: 3_000, stepMs: 0 } };

export interface CommandBenchParameters {
  rates: number[];
  rounds: number;
  warmupMs: number;
  stepMs: number;
  serviceLatencyMs: number;
  idleWindowMs: number;
  /** Idle windows measured in a row, after the quiet time; their median is quoted (a machine's own burst spoils one). */
  idleWindows: number;
  targets: CommandTargetName[];
  redisUrl: string;
  baseline?: string;
  /** Where each target writes its CPU profile (node --cpu-prof), when asked. */
  cpuProfileDir?: string;
}

interface RunningTarget {
  spec: CommandTarget;
  process: SpawnedApp;
  rssIdleAfterStartMiB: number;
  steps: RoundStep[];
  idle: number[];
  floorCard?: FloorCardCheck;
}

const positive = (value: number, name: string): number => {
  if (!(value > 0)) throw new Error(`${name} must be a positive number`);
  return value;
};

export function parametersFrom(argv: readonly string[], env: NodeJS.ProcessEnv): CommandBenchParameters {
  const baseline = baselineRevision(argv, env);
  const cpuProfileDir = flagValue(argv, '--cpu-prof');
  const rates = (env.BENCH_COMMAND_RATES ?? '10,50,100,200,400').split(',').map((r) => positive(Number(r), 'BENCH_COMMAND_RATES'));
  return {
    rates,
    rounds: Math.round(positive(Number(env.BENCH_COMMAND_ROUNDS ?? '3'), 'BENCH_COMMAND_ROUNDS')),
    warmupMs: 1000,
    stepMs: positive(Number(env.BENCH_COMMAND_STEP_SECONDS ?? '6'), 'BENCH_COMMAND_STEP_SECONDS') * 1000,
    serviceLatencyMs: 300,
    idleWindowMs: positive(Number(env.BENCH_IDLE_SECONDS ?? '10'), 'BENCH_IDLE_SECONDS') * 1000,
    idleWindows: positive(Number(env.BENCH_IDLE_WINDOWS ?? '5'), 'BENCH_IDLE_WINDOWS'),
    targets: selectCommandTargets(env, baseline !== undefined),
    redisUrl: env.BENCH_REDIS_URL || DEFAULT_BENCH_REDIS_URL,
    ...(baseline ? { baseline } : {}),
    ...(cpuProfileDir ? { cpuProfileDir: path.resolve(cpuProfileDir) } : {}),
  };
}

export async function runCommandsBenchmark(params: CommandBenchParameters = parametersFrom(process.argv, process.env)) {
  const loadAverageAtStart = os.loadavg().map((l) => round(l, 2));
  const work = await mkdtemp(path.join(os.tmpdir(), 'research-desk-bench-commands-'));
  const nodeModules = path.join(ROOT, 'node_modules');
  const closers: Array<() => Promise<unknown>> = [];
  try {
    const entries = {
      app: 'src/main.ts',
      floor: 'bench/floor-bolt-app.ts',
      peers: 'bench/command-peers.ts',
      load: 'bench/command-load-generator.ts',
    };
    const bundles: Record<CommandTarget['bundle'] | 'peers' | 'load', string> = {
      ...(await bundleEntries({ root: ROOT, entries, outdir: path.join(work, 'current'), nodeModules })),
      baseline: '',
    };
    let baseline: { rev: string; commit: string } | undefined;
    if (params.baseline && params.targets.includes('baseline')) {
      const source = path.join(work, 'baseline-src');
      const { commit } = await extractRevision({ repo: ROOT, rev: params.baseline, into: source });
      bundles.baseline = (
        await bundleEntries({ root: source, entries: { app: 'src/main.ts' }, outdir: path.join(work, 'baseline'), nodeModules })
      ).app;
      baseline = { rev: params.baseline, commit };
    }
    const context = { secrets: SECRETS, tree: describeWorkingTree(ROOT), redisUrl: params.redisUrl, ...(baseline ? { baseline } : {}) };
    const specs = params.targets.map((name) => commandTarget(name, context));

    const peers = forkWorker(bundles.peers, { BENCH_SERVICE_LATENCY_MS: String(params.serviceLatencyMs) });
    closers.push(() => peers.stop());
    const { slackUrl, serviceUrl } = await peers.next<PeersReady>('ready');
    const load = forkWorker(bundles.load);
    closers.push(() => load.stop());
    await load.next('ready');

    const running: RunningTarget[] = [];
    for (const spec of specs) {
      const dataDir = path.join(work, `data-${spec.name}`);
      await spec.seed?.(dataDir);
      if (spec.redisUrl) await flushRedis(spec.redisUrl);
      const profileFlags = params.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.join(params.cpuProfileDir, spec.name)}`] : [];
      const metrics: Record<string, string> = spec.isApp ? { METRICS_PORT: String(await freePort()) } : {};
      const env = {
        ...SECRETS,
        NODE_ENV: 'production',
        SLACK_API_URL: `${slackUrl}/api/`,
        SERVICE_BASE_URL: serviceUrl,
        DATA_DIR: dataDir,
      };
      const spawned = await spawnApp(bundles[spec.bundle], { ...env, ...metrics, ...spec.env }, profileFlags);
      closers.push(() => spawned.stop());
      running.push({ spec, process: spawned, rssIdleAfterStartMiB: 0, steps: [], idle: [] });
    }
    await delay(SETTLE_MS);
    for (const target of running) target.rssIdleAfterStartMiB = round(await readRssMiB(target.process.pid));
    let commandsSent = 0;
    const harness = {
      peers,
      load,
      slackUrl,
      signingSecret: SECRETS.SLACK_SIGNING_SECRET,
      texts: TEXTS,
      serviceLatencyMs: params.serviceLatencyMs,
    };
    // A few hundred commands first, unmeasured, so the lowest rate does not measure the JIT warming up.
    for (const target of running) {
      const { name } = target.spec;
      // An app's first cards are checked against the floor's (floor-card-check.ts).
      const onCards = target.spec.isApp
        ? (cards: string[]) => {
            target.floorCard = checkFloorCard(cards, researchCard);
          }
        : undefined;
      const warm = await runCommandStep(
        { ...harness, ...WARM_UP.timing, ...(onCards ? { onCards } : {}) },
        { name, ...target.process },
        WARM_UP.rate,
        'warm-up',
      );
      if (target.floorCard?.same === false)
        process.stdout.write(`  ${name}: the floor's card is not this app's card (${target.floorCard.at})\n`);
      commandsSent += warm.commandsSent;
    }

    for (let r = 0; r < params.rounds; r += 1) {
      // Rate by rate, every target in turn, first place rotating per round: a machine whose load
      // drifts treats them alike. A target saturated at a rate skips the round's higher rates.
      const saturated = new Set<RunningTarget>();
      for (const rate of params.rates) {
        for (const target of targetOrderForRound(running, r)) {
          if (saturated.has(target)) continue;
          const { name } = target.spec;
          const serviceLatencyMs = target.spec.callsService === false ? 0 : params.serviceLatencyMs;
          const step = { ...harness, ...params, serviceLatencyMs };
          const figures = await runCommandStep(step, { name, ...target.process }, rate, `r${r + 1}-${rate}`);
          target.steps.push({ round: r + 1, ...figures });
          if (isSaturated(figures)) saturated.add(target);
          commandsSent += figures.commandsSent;
          process.stdout.write(
            `  ${name} at ${rate}/s: ack p99 ${figures.ackP99Ms ?? 'failed'} ms, ${figures.cpuMsPerCommand} ms CPU/command\n`,
          );
        }
      }
    }
    // What the targets spend doing nothing (timers, leases, tick loops), all idle at once, no traffic.
    await delay(IDLE_QUIET_MS);
    for (let w = 0; w < params.idleWindows; w += 1) {
      const idle = await idleCpuMsPerSecond(
        running.map((t) => t.process.pid),
        params.idleWindowMs,
        delay,
      );
      for (const [i, target] of running.entries()) target.idle.push(round(idle[i] ?? 0, 3));
      process.stdout.write(`idle window ${w + 1}: ${running.map((t) => `${t.spec.name} ${t.idle.at(-1)} ms/s`).join(', ')}\n`);
    }

    const measured: TargetFigures[] = [];
    for (const target of running) {
      const steps = medianSteps(target.steps, params.rates);
      measured.push({
        target: target.spec.name,
        description: target.spec.description,
        rssIdleAfterStartMiB: target.rssIdleAfterStartMiB,
        rssIdleAfterLoadMiB: round(await readRssMiB(target.process.pid)),
        idleCpuMsPerSecond: medianWithMissing(target.idle, 3),
        idleCpuMsPerSecondByRound: target.idle,
        saturationRate: saturationRate(steps, params.rates),
        steps,
        ...(target.floorCard ? { floorCard: target.floorCard } : {}),
      });
    }
    const callsAnswer = peers.next<Arrivals>('arrivals');
    peers.send({ type: 'take-arrivals', step: 'calls-only' });
    const peerCalls = (await callsAnswer).calls;
    const harnessCpu = {
      commandsSent,
      peersCpuMs: await readCpuMs(peers.child.pid ?? 0),
      loadGeneratorCpuMs: await readCpuMs(load.child.pid ?? 0),
    };
    const figures = compareToFloor(measured, params, { loadAverageAtStart, peerCalls, harness: harnessCpu });
    const file = await writeResults('commands', { parameters: { ...params }, figures, notes: COMMAND_BENCH_NOTES });
    process.stdout.write(formatCommandTable(figures));
    return { figures, file };
  } finally {
    for (const close of closers.reverse()) await close().catch(() => undefined);
    await rm(work, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { file } = await runCommandsBenchmark();
  process.stdout.write(`written to ${file}\n`);
  process.exit(0);
}
