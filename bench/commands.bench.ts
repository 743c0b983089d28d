/**
 * Command benchmark (issue 17): signed /research slash commands at fixed open-loop rates against
 * the real app and, in the same run, against the floor (a bare Bolt app that acks and posts a
 * fixed answer, bench/floor-bolt-app.ts) and optionally against another revision of the app.
 *
 * Four kinds of process, so the measured one holds nothing but the target:
 * - peers (command-peers.ts): a Slack stub and a service stub answering search after 300 ms;
 * - the targets, one process each, bundled with esbuild and run with plain `node`, configured as
 *   production (HTTP mode, SLACK_API_URL and SERVICE_BASE_URL at the stubs, default LOG_LEVEL);
 * - the load generator (command-load-generator.ts), Poisson arrivals at each rate;
 * - this orchestrator, which reads each target's CPU (utime + stime) and RSS from /proc.
 *
 * Per target and rate: ack p50/p99 (sent → HTTP 200), first-response overhead p50/p99 (sent → the
 * stub receives the response_url post, minus the service's 300 ms), CPU ms per command, peak RSS;
 * per target: RSS idle after start and after the load, and the saturation rate (the first rate
 * where ack p99 passes 500 ms; a saturated target skips the higher rates).
 *
 * Options: `--baseline <git-rev>` or BENCH_BASELINE (also measure that revision's src/main.ts),
 * `--cpu-prof <dir>` (each target writes a V8 CPU profile to <dir>/<target>/ when it stops: where
 * its time goes), BENCH_COMMAND_RATES (10,50,100,200,400), BENCH_COMMAND_STEP_SECONDS (6, after
 * 1 s of warm-up).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { baselineRevision, flagValue } from './lib/bench-options.js';
import { describeWorkingTree, extractRevision } from './lib/git-source.js';
import { bundleEntries } from './lib/bundle-entries.js';
import type { Arrivals, PeersReady } from './lib/command-bench-messages.js';
import { isSaturated, ratiosToFloor, saturationRate, type StepFigures, type TargetRatios } from './lib/command-figures.js';
import { formatCommandTable } from './lib/command-table.js';
import { forkWorker } from './lib/forked-worker.js';
import { readCpuMs, readRssMiB } from './lib/process-usage.js';
import { runCommandStep } from './lib/run-command-step.js';
import { round } from './lib/stats.js';
import { spawnApp, type SpawnedApp } from './lib/spawn-app.js';
import { writeResults } from './lib/write-results.js';
import { benchSecretsEnv, makeBenchSecrets } from './lib/bench-secrets.js';
import { seedOAuthInstall } from './lib/seed-oauth-install.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SECRETS = benchSecretsEnv(makeBenchSecrets());
/** The OAuth target's own secrets: its client secret, state secret and the key sealing its store. */
const OAUTH = {
  clientSecret: randomBytes(16).toString('hex'),
  stateSecret: randomBytes(24).toString('hex'),
  encryptionKey: randomBytes(32),
};
const TEXTS = ['NVDA gross margin', '茅台 毛利率', 'data center capex guidance'];
/** Time for a target to finish starting up (lazy loads, first timers) before idle RSS is read. */
const SETTLE_MS = 2_000;
/** How long targets sit idle while their CPU is read (ticks are 10 ms: long enough to see a few). */
const IDLE_CPU_WINDOW_MS = 3_000;
/** Unmeasured load each target takes before the first rate: everything counts as warm-up. */
const WARM_UP = { rate: 100, timing: { warmupMs: 3_000, stepMs: 0 } };

export interface CommandBenchParameters {
  rates: number[];
  warmupMs: number;
  stepMs: number;
  serviceLatencyMs: number;
  baseline?: string;
  /** Where each target writes its CPU profile (node --cpu-prof), when asked. */
  cpuProfileDir?: string;
}

export interface TargetFigures {
  target: string;
  description: string;
  rssIdleAfterStartMiB: number;
  rssIdleAfterLoadMiB: number;
  /** CPU ms per second while idle after the warm-up. */
  idleCpuMsPerSecond: number;
  saturationRate: string;
  steps: StepFigures[];
}

export interface CommandBenchFigures {
  /** The machine's load when the run started (describeMachine reports it at the end). */
  loadAverageAtStart: number[];
  targets: TargetFigures[];
  ratiosToFloor: Record<string, TargetRatios[]>;
  /** The same ratios against the floor that makes no service call (the definition). */
  ratiosToAckOnlyFloor: Record<string, TargetRatios[]>;
  idleRssToFloor: Record<string, number>;
  peerCalls: Record<string, number>;
  /** CPU the peers and the load generator used over the whole run: were they cheap enough? */
  harness: { commandsSent: number; peersCpuMs: number; loadGeneratorCpuMs: number };
}

interface Target {
  name: string;
  description: string;
  entry: string;
  /** Extra environment for this target's process. */
  env?: Record<string, string>;
  /** Prepares the target's DATA_DIR before it starts. */
  seed?: (dataDir: string) => Promise<void>;
  process?: SpawnedApp;
  steps: StepFigures[];
  rssIdleAfterStartMiB: number;
  idleCpuMsPerSecond: number;
}

export function parametersFrom(argv: readonly string[], env: NodeJS.ProcessEnv): CommandBenchParameters {
  const baseline = baselineRevision(argv, env);
  const cpuProfileDir = flagValue(argv, '--cpu-prof');
  const rates = (env.BENCH_COMMAND_RATES ?? '10,50,100,200,400').split(',').map(Number);
  if (rates.some((r) => !(r > 0))) throw new Error('BENCH_COMMAND_RATES must be positive numbers, e.g. 10,50,100');
  return {
    rates,
    warmupMs: 1000,
    stepMs: Number(env.BENCH_COMMAND_STEP_SECONDS ?? '6') * 1000,
    serviceLatencyMs: 300,
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
    const bundles = await bundleEntries({
      root: ROOT,
      entries: {
        app: 'src/main.ts',
        floor: 'bench/floor-bolt-app.ts',
        peers: 'bench/command-peers.ts',
        load: 'bench/command-load-generator.ts',
      },
      outdir: path.join(work, 'current'),
      nodeModules,
    });
    const targets: Target[] = [
      {
        name: 'app',
        description: `src/main.ts of this tree (${describeWorkingTree(ROOT)})`,
        entry: bundles.app,
        steps: [],
        rssIdleAfterStartMiB: 0,
        idleCpuMsPerSecond: 0,
      },
      {
        // Issue 13: the same app distributed by OAuth. Each command is authorised from the stored
        // installation and calls the service with the workspace's stored key, both opened per request.
        name: 'app-oauth',
        description: 'the same app with OAuth installs (SLACK_CLIENT_ID): installation and service key sealed in its store',
        entry: bundles.app,
        env: {
          SLACK_BOT_TOKEN: '',
          SERVICE_API_KEY: '',
          SLACK_CLIENT_ID: 'bench.client',
          SLACK_CLIENT_SECRET: OAUTH.clientSecret,
          SLACK_STATE_SECRET: OAUTH.stateSecret,
          SECRETS_ENCRYPTION_KEY: OAUTH.encryptionKey.toString('base64'),
        },
        seed: (dataDir) =>
          seedOAuthInstall({
            dataDir,
            encryptionKey: OAUTH.encryptionKey,
            teamId: 'T0BENCH',
            botUserId: 'U0BENCHBOT',
            botToken: SECRETS.SLACK_BOT_TOKEN,
            serviceApiKey: SECRETS.SERVICE_API_KEY,
          }),
        steps: [],
        rssIdleAfterStartMiB: 0,
        idleCpuMsPerSecond: 0,
      },
      {
        name: 'floor',
        description: 'bare Bolt app (bench/floor-bolt-app.ts) that acks, makes the same service call and posts a fixed answer',
        entry: bundles.floor,
        steps: [],
        rssIdleAfterStartMiB: 0,
        idleCpuMsPerSecond: 0,
      },
      {
        // The floor: no service call at all, so the app's ratio to it includes the call.
        name: 'floor-ack-only',
        description: 'bare Bolt app (bench/floor-bolt-app.ts) that acks and posts a fixed answer, no service call',
        entry: bundles.floor,
        env: { BENCH_FLOOR_SKIP_SERVICE: '1' },
        steps: [],
        rssIdleAfterStartMiB: 0,
        idleCpuMsPerSecond: 0,
      },
    ];
    if (params.baseline) {
      const source = path.join(work, 'baseline-src');
      const { commit } = await extractRevision({ repo: ROOT, rev: params.baseline, into: source });
      const baseline = await bundleEntries({
        root: source,
        entries: { app: 'src/main.ts' },
        outdir: path.join(work, 'baseline'),
        nodeModules,
      });
      targets.push({
        name: 'baseline',
        description: `src/main.ts at ${params.baseline} (${commit.slice(0, 10)})`,
        entry: baseline.app,
        steps: [],
        rssIdleAfterStartMiB: 0,
        idleCpuMsPerSecond: 0,
      });
    }

    const peers = forkWorker(bundles.peers, { BENCH_SERVICE_LATENCY_MS: String(params.serviceLatencyMs) });
    closers.push(() => peers.stop());
    const { slackUrl, serviceUrl } = await peers.next<PeersReady>('ready');
    const load = forkWorker(bundles.load);
    closers.push(() => load.stop());
    await load.next('ready');

    for (const target of targets) {
      const dataDir = path.join(work, `data-${target.name}`);
      await target.seed?.(dataDir);
      const profileFlags = params.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.join(params.cpuProfileDir, target.name)}`] : [];
      target.process = await spawnApp(
        target.entry,
        { ...SECRETS, SLACK_API_URL: `${slackUrl}/api/`, SERVICE_BASE_URL: serviceUrl, DATA_DIR: dataDir, ...target.env },
        profileFlags,
      );
      const spawned = target.process;
      closers.push(() => spawned.stop());
    }
    await delay(SETTLE_MS);
    for (const target of targets) target.rssIdleAfterStartMiB = round(await readRssMiB(target.process?.pid ?? 0));
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
    for (const target of targets) {
      if (!target.process) continue;
      const warm = await runCommandStep(
        { ...harness, ...WARM_UP.timing },
        { name: target.name, ...target.process },
        WARM_UP.rate,
        'warm-up',
      );
      commandsSent += warm.commandsSent;
    }
    // What a target spends doing nothing (timers, leases, GC): part of every step's CPU, which
    // weighs most on the lowest rates' CPU per command.
    await delay(SETTLE_MS / 2);
    const idleCpuBefore = await Promise.all(targets.map((t) => readCpuMs(t.process?.pid ?? 0)));
    await delay(IDLE_CPU_WINDOW_MS);
    for (const [i, target] of targets.entries()) {
      const used = (await readCpuMs(target.process?.pid ?? 0)) - (idleCpuBefore[i] ?? 0);
      target.idleCpuMsPerSecond = round((used * 1000) / IDLE_CPU_WINDOW_MS);
    }

    // Rate by rate, every target in turn: a machine whose load drifts treats them alike.
    for (const rate of params.rates) {
      for (const target of targets) {
        const { process: spawned } = target;
        if (!spawned || target.steps.some(isSaturated)) continue;
        const figures = await runCommandStep({ ...harness, ...params }, { name: target.name, ...spawned }, rate);
        target.steps.push(figures);
        commandsSent += figures.commandsSent;
        process.stdout.write(
          `  ${target.name} at ${rate}/s: ack p99 ${figures.ackP99Ms ?? 'failed'} ms, ${figures.cpuMsPerCommand} ms CPU/command\n`,
        );
      }
    }
    await delay(SETTLE_MS);
    const floor = targets.find((t) => t.name === 'floor');
    const measured: TargetFigures[] = [];
    for (const target of targets) {
      measured.push({
        target: target.name,
        description: target.description,
        rssIdleAfterStartMiB: target.rssIdleAfterStartMiB,
        idleCpuMsPerSecond: target.idleCpuMsPerSecond,
        rssIdleAfterLoadMiB: round(await readRssMiB(target.process?.pid ?? 0)),
        saturationRate: saturationRate(target.steps, params.rates),
        steps: target.steps,
      });
    }
    const callsAnswer = peers.next<Arrivals>('arrivals');
    peers.send({ type: 'take-arrivals', step: 'calls-only' });
    const peerCalls = (await callsAnswer).calls;
    const others = targets.filter((t) => !t.name.startsWith('floor'));
    const ackOnlyFloor = targets.find((t) => t.name === 'floor-ack-only');
    const harnessCpu = {
      commandsSent,
      peersCpuMs: await readCpuMs(peers.child.pid ?? 0),
      loadGeneratorCpuMs: await readCpuMs(load.child.pid ?? 0),
    };
    const figures: CommandBenchFigures = {
      loadAverageAtStart,
      targets: measured,
      ratiosToFloor: Object.fromEntries(others.map((t) => [t.name, ratiosToFloor(t.steps, floor?.steps ?? [])])),
      ratiosToAckOnlyFloor: Object.fromEntries(others.map((t) => [t.name, ratiosToFloor(t.steps, ackOnlyFloor?.steps ?? [])])),
      idleRssToFloor: Object.fromEntries(
        others.map((t) => [t.name, round(t.rssIdleAfterStartMiB / Math.max(floor?.rssIdleAfterStartMiB ?? 1, 1), 2)]),
      ),
      peerCalls,
      harness: harnessCpu,
    };
    const file = await writeResults('commands', {
      parameters: { ...params },
      figures,
      notes: [
        'CPU: utime+stime of the target process from /proc/<pid>/stat, over the whole step (warm-up and drain included) divided by every command sent.',
        'First-response overhead: time from sending the command to the Slack stub receiving its response_url post, minus the service stub latency.',
        'The floor calls the same service stub with fetch and posts a fixed text to the response_url; it logs nothing.',
        'A target whose ack p99 passes 500 ms at a rate skips the higher rates.',
      ],
    });
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
