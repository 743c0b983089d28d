/**
 * Metrics scrape benchmark (issue 35: "a scrape under load costs under 1 ms of CPU"): the app,
 * bundled and run with plain `node` as in production (METRICS_PORT set), takes signed /research
 * commands from the command benchmark's load generator against its peers (a Slack stub, a service
 * stub answering after 300 ms), while this process scrapes GET /metrics on the metrics port.
 *
 * Two figures, both from the app process's own CPU (utime + stime, /proc):
 * - under load (the acceptance figure): rounds of one step with scrapes and one without, at the
 *   same command rate and the same Poisson arrivals; a round's cost per scrape is
 *   (CPU with scrapes − CPU without) / scrapes; the figure is the median over the rounds. It is a
 *   difference of two noisy totals, so scrapes come far faster than any Prometheus would send them
 *   (SCRAPES_PER_SECOND, about as fast as one connection goes) to make their share stand above
 *   the noise (at 100/s the rounds of one run spread from 0.4 to 1.7 ms); each round's figure is
 *   kept. Scrapes in quick succession find warm caches: a lone scrape every 15 s may cost somewhat
 *   more, which this method cannot resolve (its share of a step would be below the noise).
 * - back to back: right after the load, with every series the load created, SEQUENTIAL_SCRAPES
 *   scrapes one after the other, minus the CPU the idle app spends over the same time: the cost
 *   of a scrape alone, with much less noise.
 * And what counting costs each command: in each round the same step also goes to a second app
 * without METRICS_PORT (no metrics at all); (CPU of the app with metrics, no scrapes − CPU of the
 * app without) / commands, median over the rounds.
 *
 * Options: BENCH_SCRAPE_RATE (commands per second, 50), BENCH_SCRAPE_ROUNDS (7),
 * BENCH_SCRAPE_STEP_SECONDS (4).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'undici';
import { benchSecretsEnv, makeBenchSecrets } from './lib/bench-secrets.js';
import { bundleEntries } from './lib/bundle-entries.js';
import type { PeersReady } from './lib/command-bench-messages.js';
import { forkWorker } from './lib/forked-worker.js';
import { describeWorkingTree } from './lib/git-source.js';
import { readCpuMs } from './lib/process-usage.js';
import { runCommandStep, type StepHarness } from './lib/run-command-step.js';
import { freePort, spawnApp } from './lib/spawn-app.js';
import { median, round } from './lib/stats.js';
import { writeResults } from './lib/write-results.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SECRETS = benchSecretsEnv(makeBenchSecrets());
const TEXTS = ['NVDA gross margin', '茅台 毛利率', 'data center capex guidance'];
const SCRAPES_PER_SECOND = 400;
const SEQUENTIAL_SCRAPES = 1_000;
/** Long enough to see a few 10 ms kernel ticks of an idle app. */
const IDLE_WINDOW_MS = 3_000;

export interface MetricsScrapeParameters {
  rate: number;
  rounds: number;
  stepMs: number;
  warmupMs: number;
  serviceLatencyMs: number;
  scrapesPerSecond: number;
  sequentialScrapes: number;
}

export function parametersFrom(env: NodeJS.ProcessEnv): MetricsScrapeParameters {
  const rate = Number(env.BENCH_SCRAPE_RATE ?? '50');
  const rounds = Number(env.BENCH_SCRAPE_ROUNDS ?? '7');
  if (!(rate > 0) || !(rounds >= 1)) throw new Error('BENCH_SCRAPE_RATE and BENCH_SCRAPE_ROUNDS must be positive numbers');
  return {
    rate,
    rounds,
    stepMs: Number(env.BENCH_SCRAPE_STEP_SECONDS ?? '4') * 1000,
    warmupMs: 500,
    serviceLatencyMs: 300,
    scrapesPerSecond: SCRAPES_PER_SECOND,
    sequentialScrapes: SEQUENTIAL_SCRAPES,
  };
}

interface RoundFigures {
  /** The app with metrics: its step with scrapes, its step without. */
  cpuWithScrapesMs: number;
  cpuWithoutMs: number;
  scrapes: number;
  cpuMsPerScrape: number;
  /** Commands sent in the two steps of the app with metrics. */
  commandsSent: number;
  /** The app without METRICS_PORT, the same step. */
  cpuWithoutMetricsMs: number;
  commandsSentWithoutMetrics: number;
  metricsCpuMsPerCommand: number;
}

const scraper = new Agent({ keepAliveTimeout: 30_000 });

/** One scrape, its body read in full as Prometheus would; the body's size in bytes. */
async function scrape(url: string): Promise<number> {
  const res = await request(url, { dispatcher: scraper });
  const body = await res.body.text();
  if (res.statusCode !== 200) throw new Error(`GET ${url} answered ${res.statusCode}`);
  return Buffer.byteLength(body);
}

/** Scrapes at a fixed pace until `stop` resolves; the number made. */
async function scrapeUntil(url: string, perSecond: number, stop: Promise<unknown>): Promise<number> {
  let done = false;
  void stop.finally(() => {
    done = true;
  });
  let count = 0;
  const started = performance.now();
  while (!done) {
    await scrape(url);
    count += 1;
    const next = started + (count * 1000) / perSecond;
    const wait = next - performance.now();
    if (wait > 0) await delay(wait);
  }
  return count;
}

export async function runMetricsScrapeBenchmark(params: MetricsScrapeParameters = parametersFrom(process.env)) {
  const loadAverageAtStart = os.loadavg().map((l) => round(l, 2));
  const work = await mkdtemp(path.join(os.tmpdir(), 'research-desk-bench-metrics-'));
  const closers: Array<() => Promise<unknown>> = [];
  try {
    const bundles = await bundleEntries({
      root: ROOT,
      entries: { app: 'src/main.ts', peers: 'bench/command-peers.ts', load: 'bench/command-load-generator.ts' },
      outdir: path.join(work, 'current'),
      nodeModules: path.join(ROOT, 'node_modules'),
    });
    const peers = forkWorker(bundles.peers, { BENCH_SERVICE_LATENCY_MS: String(params.serviceLatencyMs) });
    closers.push(() => peers.stop());
    const { slackUrl, serviceUrl } = await peers.next<PeersReady>('ready');
    const load = forkWorker(bundles.load);
    closers.push(() => load.stop());
    await load.next('ready');

    const metricsPort = await freePort();
    const env = { ...SECRETS, SLACK_API_URL: `${slackUrl}/api/`, SERVICE_BASE_URL: serviceUrl };
    const app = await spawnApp(bundles.app, { ...env, DATA_DIR: path.join(work, 'data'), METRICS_PORT: String(metricsPort) });
    closers.push(() => app.stop());
    const plain = await spawnApp(bundles.app, { ...env, DATA_DIR: path.join(work, 'data-plain') });
    closers.push(() => plain.stop());
    const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    // The metrics server starts just after the public one that spawnApp waited for.
    for (let tries = 0; ; tries++) {
      try {
        await scrape(metricsUrl);
        break;
      } catch (error) {
        if (tries > 100) throw error;
        await delay(50);
      }
    }

    const harness: StepHarness = {
      peers,
      load,
      slackUrl,
      signingSecret: SECRETS.SLACK_SIGNING_SECRET,
      texts: TEXTS,
      serviceLatencyMs: params.serviceLatencyMs,
      warmupMs: params.warmupMs,
      stepMs: params.stepMs,
    };
    const target = { name: 'app', port: app.port, pid: app.pid };
    const plainTarget = { name: 'plain', port: plain.port, pid: plain.pid };
    // Unmeasured: the JIT warms up (the commands' path and the scrape's), every series the load
    // makes exists before the first figure.
    await runCommandStep({ ...harness, warmupMs: 3_000, stepMs: 0 }, target, 100, 'warm-up');
    await runCommandStep({ ...harness, warmupMs: 3_000, stepMs: 0 }, plainTarget, 100, 'warm-up');
    for (let i = 0; i < 300; i++) await scrape(metricsUrl);

    const rounds: RoundFigures[] = [];
    for (let round_ = 0; round_ < params.rounds; round_++) {
      // Alternating order, so a drift of the machine's load falls on both alike.
      const order = round_ % 2 === 0 ? ['with', 'without'] : ['without', 'with'];
      const cpu: Record<string, number> = {};
      let scrapes = 0;
      let commandsSent = 0;
      for (const variant of order) {
        const before = await readCpuMs(app.pid);
        const step = runCommandStep(harness, target, params.rate, `${variant}-${round_}`);
        if (variant === 'with') scrapes = await scrapeUntil(metricsUrl, params.scrapesPerSecond, step);
        commandsSent += (await step).commandsSent;
        cpu[variant] = (await readCpuMs(app.pid)) - before;
      }
      const plainBefore = await readCpuMs(plain.pid);
      const plainStep = await runCommandStep(harness, plainTarget, params.rate, `plain-${round_}`);
      const cpuWithoutMetricsMs = (await readCpuMs(plain.pid)) - plainBefore;
      const cpuWithScrapesMs = cpu.with ?? 0;
      const cpuWithoutMs = cpu.without ?? 0;
      rounds.push({
        cpuWithoutMetricsMs,
        commandsSentWithoutMetrics: plainStep.commandsSent,
        metricsCpuMsPerCommand: round((cpuWithoutMs - cpuWithoutMetricsMs) / plainStep.commandsSent, 3),
        cpuWithScrapesMs,
        cpuWithoutMs,
        scrapes,
        cpuMsPerScrape: round((cpuWithScrapesMs - cpuWithoutMs) / scrapes, 3),
        commandsSent,
      });
      process.stdout.write(
        `  round ${round_ + 1}: ${rounds.at(-1)?.cpuMsPerScrape} ms CPU per scrape under load (${scrapes} scrapes), counting ${rounds.at(-1)?.metricsCpuMsPerCommand} ms per command\n`,
      );
    }

    // Back to back after the load: the idle app's own CPU over the same time is taken off.
    await delay(1_000);
    const idleBefore = await readCpuMs(app.pid);
    await delay(IDLE_WINDOW_MS);
    const idleCpuMsPerSecond = ((await readCpuMs(app.pid)) - idleBefore) / (IDLE_WINDOW_MS / 1000);
    const sequentialBefore = await readCpuMs(app.pid);
    const startedAt = performance.now();
    let bodyBytes = 0;
    for (let i = 0; i < params.sequentialScrapes; i++) bodyBytes = await scrape(metricsUrl);
    const seconds = (performance.now() - startedAt) / 1000;
    const sequentialCpuMs = (await readCpuMs(app.pid)) - sequentialBefore - idleCpuMsPerSecond * seconds;

    const figures = {
      loadAverageAtStart,
      app: `src/main.ts of this tree (${describeWorkingTree(ROOT)})`,
      underLoad: {
        cpuMsPerScrapeMedian: round(median(rounds.map((r) => r.cpuMsPerScrape)), 3),
        commandsPerSecond: params.rate,
        rounds,
      },
      countingPerCommand: {
        cpuMsMedian: round(median(rounds.map((r) => r.metricsCpuMsPerCommand)), 3),
        cpuMsPerCommandWithoutMetrics: round(median(rounds.map((r) => r.cpuWithoutMetricsMs / r.commandsSentWithoutMetrics)), 3),
      },
      backToBack: {
        scrapes: params.sequentialScrapes,
        cpuMsPerScrape: round(sequentialCpuMs / params.sequentialScrapes, 3),
        scrapesPerSecond: round(params.sequentialScrapes / seconds),
        idleCpuMsPerSecond: round(idleCpuMsPerSecond),
      },
      scrapeBodyBytes: bodyBytes,
    };
    const file = await writeResults('metrics-scrape', {
      parameters: { ...params },
      figures,
      notes: [
        'CPU: utime+stime of the app process from /proc/<pid>/stat (10 ms kernel ticks).',
        `Under load: per round, one step of /research commands at ${params.rate}/s with scrapes at ${params.scrapesPerSecond}/s and one without (same arrivals, order alternating by round); (CPU with − CPU without) / scrapes; the figure is the median of the rounds. Far faster scrapes than Prometheus sends, so their share stands above the noise of two totals; quick succession finds warm caches, a lone scrape may cost somewhat more.`,
        'Counting per command: per round, the same step (same arrivals) to a second app without METRICS_PORT; (CPU of the app with metrics in its step without scrapes − CPU of the app without metrics) / commands sent; median of the rounds.',
        `Back to back: ${params.sequentialScrapes} scrapes one after the other right after the load (every series present), minus the idle app's CPU over the same time.`,
        'The app is bundled with esbuild and run with plain node, production configuration (HTTP mode, stubs for Slack and the service, default LOG_LEVEL), METRICS_PORT set.',
      ],
    });
    process.stdout.write(
      `metrics scrape: ${figures.underLoad.cpuMsPerScrapeMedian} ms CPU per scrape under load (median of ${params.rounds}), ${figures.backToBack.cpuMsPerScrape} ms back to back, ${bodyBytes} bytes; counting costs ${figures.countingPerCommand.cpuMsMedian} ms CPU per command (of ${figures.countingPerCommand.cpuMsPerCommandWithoutMetrics})\n`,
    );
    return { figures, file };
  } finally {
    for (const close of closers.reverse()) await close().catch(() => undefined);
    await rm(work, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { file } = await runMetricsScrapeBenchmark();
  process.stdout.write(`written to ${file}\n`);
  process.exit(0);
}
