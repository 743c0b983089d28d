/**
 * Resume benchmark (issue 17): how long after a crash the restarted app shows an orphaned run
 * moving again. The built app (node main.js, as the image runs it) runs as a child process between
 * both emulators (in this process), starts a long agent run from a mention, is SIGKILLed once the
 * run made a progress edit, and is started again; the figure is the time from the new process's
 * spawn to the first chat.update of the run's reply that the Slack emulator records.
 *
 * With the file store and with Redis (REDIS_URL db 14, flushed before each sample), each with the
 * default configuration (no INSTANCE_ID: a new process is a new lease holder, so it waits for the
 * dead one's lease) and with a fixed INSTANCE_ID (the restarted process holds its predecessor's
 * leases). The floor is the restarted process's own start-up: its printed readyMs (spawn to ready).
 *
 * The service emulator holds the run while the app is down (the crash test does the same), so a
 * run outlives any restart delay and the figure is the app's, not the run's.
 *
 * `--baseline <git-rev>` or BENCH_BASELINE: also measures that revision's app, built the same way,
 * in the same configurations and the same run. f62e53e reads the same variables and logs the same
 * "ready" (with readyMs) and "resuming a run whose relay stopped" lines, so both are timed alike.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServiceEmulator } from '../src/emulators/service/index.js';
import { startSlackEmulator, type ApiCall } from '../src/emulators/slack/index.js';
import { startAppChild, type AppChild } from './lib/app-child.js';
import { productionEnvBetween } from './lib/app-env.js';
import { buildApp, buildRevisionApp, PROJECT_ROOT, type BuiltApp } from './lib/build-app.js';
import { baselineRevision } from './lib/bench-options.js';
import { flushRedis } from './lib/flush-redis.js';
import { describeWorkingTree } from './lib/git-source.js';
import { formatResumeTable } from './lib/resume-table.js';
import { freePort } from './lib/spawn-app.js';
import { median, round } from './lib/stats.js';
import { within } from './lib/within.js';
import { writeResults } from './lib/write-results.js';
import { makeBenchSecrets } from './lib/bench-secrets.js';

const { botToken, signingSecret } = makeBenchSecrets();
const SECRETS = { botToken, signingSecret };
const QUESTION = 'Full sector review of Chinese liquor makers';
const TARGET_RESUME_MS = 1000;
/** Bounds each wait (the default configuration's resume waits out a 30 s lease). */
const STEP_TIMEOUT_MS = 120_000;

export interface ResumeBenchParameters {
  redisUrl: string;
  /** Samples per configuration (median reported). */
  samples: number;
  /**
   * A configuration stops sampling early when one more sample would pass this much time: the
   * default configuration waits out a 30 s lease per sample today.
   */
  laneBudgetMs: number;
  /** Another revision to measure in the same run ("today's code"). */
  baseline?: string;
}

const DEFAULTS: ResumeBenchParameters = { redisUrl: 'redis://127.0.0.1:6379/14', samples: 3, laneBudgetMs: 45_000 };

export function parametersFrom(argv: readonly string[], env: NodeJS.ProcessEnv): ResumeBenchParameters {
  const baseline = baselineRevision(argv, env);
  return { ...DEFAULTS, ...(baseline ? { baseline } : {}) };
}

type StoreKind = 'file' | 'redis';

/** A built app the benchmark crashes and restarts: this tree's, or the baseline revision's. */
interface MeasuredApp {
  name: 'app' | 'baseline';
  description: string;
  mainFile: string;
}

interface ResumeSample {
  /** Spawn of the restarted process → first chat.update of the run's reply. */
  resumeMs: number;
  /** Spawn → the restarted process's "ready" log line (its readyMs). */
  readyMs: number;
  /** Spawn → its "resuming a run" log line (lease taken). */
  leaseTakenMs: number;
}

const ok = (c: ApiCall, method: string): boolean => c.method === method && c.ok;

/** One crash and restart against fresh emulators and a fresh store; the restarted app is stopped after. */
async function measureOneResume(main: string, store: StoreKind, instanceId: string | undefined, params: ResumeBenchParameters) {
  const slack = await startSlackEmulator({ port: 0, rateLimits: 'slack', ...SECRETS });
  const service = await startServiceEmulator({ port: 0 });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'research-desk-resume-bench-'));
  const port = await freePort();
  const env: Record<string, string> = {
    ...productionEnvBetween(slack, service, SECRETS),
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    // Progress as chat.update edits (what "the first resumed update" is counted on), not a native stream.
    SLACK_STREAMING: 'update',
    // info: the "ready" and "resuming a run" lines time the phases of the restart.
    LOG_LEVEL: 'info',
    ...(store === 'redis' ? { REDIS_URL: params.redisUrl } : {}),
    ...(instanceId ? { INSTANCE_ID: instanceId } : {}),
  };
  if (store === 'redis') await flushRedis(params.redisUrl);
  const apps: AppChild[] = [];
  try {
    const first = startAppChild(process.execPath, [main], env);
    apps.push(first);
    await first.waitFor200(`http://127.0.0.1:${port}/healthz`);
    slack.setRequestUrl(`http://127.0.0.1:${port}/slack/events`);
    const { ts: threadTs } = await slack.postMessage({ text: `<@${slack.botUserId}> ${QUESTION}`, user_id: slack.defaultUserId });
    await within(
      new Promise<void>((resolve) => {
        const check = (): void => {
          if (!slack.calls.some((c) => ok(c, 'chat.update'))) return;
          slack.events.off('change', check);
          resolve();
        };
        slack.events.on('change', check);
        check();
      }),
      STEP_TIMEOUT_MS,
      'the first progress edit of the run',
    );
    // The run waits at the service while no app relays it.
    service.pauseAgentRuns();
    await first.stop('SIGKILL');
    const replyTs = slack.threadReplies(slack.defaultChannelId, threadTs).find((m) => m.ts !== threadTs)?.ts;
    if (!replyTs) throw new Error('the run posted no reply before the kill');

    const since = slack.calls.length;
    const firstResumedUpdate = new Promise<number>((resolve) => {
      const check = (): void => {
        const hit = slack.calls.slice(since).find((c) => ok(c, 'chat.update') && c.args.ts === replyTs);
        if (!hit) return;
        slack.events.off('change', check);
        resolve(hit.at);
      };
      slack.events.on('change', check);
    });
    const second = startAppChild(process.execPath, [main], env);
    apps.push(second);
    service.resumeAgentRuns();
    // Bounded: a revision that logged these lines differently fails here instead of hanging.
    const ready = within(
      second.waitForLog((l) => l.msg === 'ready'),
      STEP_TIMEOUT_MS,
      'the "ready" log line',
    );
    const leaseTaken = within(
      second.waitForLog((l) => l.msg === 'resuming a run whose relay stopped'),
      STEP_TIMEOUT_MS,
      'the "resuming a run whose relay stopped" log line',
    );
    // Awaited below only on success; a failed sample must not leave them rejecting unhandled.
    for (const p of [ready, leaseTaken]) p.catch(() => undefined);
    const resumedAt = await within(
      Promise.race([
        firstResumedUpdate,
        second.exited.then(() => {
          throw new Error(`the restarted app exited:\n${second.output().slice(-3000)}`);
        }),
      ]),
      STEP_TIMEOUT_MS,
      'the first resumed update',
    );
    const sample: ResumeSample = {
      resumeMs: resumedAt - second.spawnedAt,
      readyMs: Number((await ready).line.readyMs),
      leaseTakenMs: (await leaseTaken).at - second.spawnedAt,
    };
    return sample;
  } finally {
    for (const app of apps) await app.stop('SIGKILL');
    await service.close();
    await slack.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Samples one configuration until `samples` are taken or one more would pass the lane's budget. */
async function measureConfiguration(app: MeasuredApp, store: StoreKind, instanceId: string | undefined, params: ResumeBenchParameters) {
  const started = Date.now();
  const samples: ResumeSample[] = [];
  let longest = 0;
  while (samples.length < params.samples && (samples.length === 0 || Date.now() - started + longest <= params.laneBudgetMs)) {
    const sampleStarted = Date.now();
    samples.push(await measureOneResume(app.mainFile, store, instanceId, params));
    longest = Math.max(longest, Date.now() - sampleStarted);
  }
  const resume = median(samples.map((s) => s.resumeMs));
  const ready = median(samples.map((s) => s.readyMs));
  return {
    app: app.name,
    store,
    instanceId: instanceId ? 'fixed' : 'unset (default)',
    samples: samples.length,
    resumeMedianMs: Math.round(resume),
    floorReadyMedianMs: Math.round(ready),
    leaseTakenMedianMs: Math.round(median(samples.map((s) => s.leaseTakenMs))),
    resumeAfterReadyMedianMs: Math.round(median(samples.map((s) => s.resumeMs - s.readyMs))),
    ratioToFloor: round(resume / Math.max(ready, 1), 1),
    // "Resume ≤ 1 s after start": read as after the restarted process is ready (its start-up is the floor).
    targetMet: median(samples.map((s) => s.resumeMs - s.readyMs)) <= TARGET_RESUME_MS,
    raw: samples,
  };
}

export async function runResumeBenchmark(params: ResumeBenchParameters = parametersFrom(process.argv, process.env)) {
  const builds: BuiltApp[] = [];
  try {
    const built = await buildApp();
    builds.push(built);
    const apps: MeasuredApp[] = [
      { name: 'app', description: `src/ of this tree (${describeWorkingTree(PROJECT_ROOT)})`, mainFile: built.mainFile },
    ];
    if (params.baseline) {
      const baseline = await buildRevisionApp(params.baseline);
      builds.push(baseline);
      apps.push({
        name: 'baseline',
        description: `src/ at ${params.baseline} (${baseline.commit.slice(0, 10)})`,
        mainFile: baseline.mainFile,
      });
    }
    // The two stores share nothing (Redis db 14 is used by one lane only), so they run side by side,
    // in opposite orders: each lane's quick INSTANCE_ID samples overlap the other's lease wait (an
    // idle process), not the other's start-ups. With a baseline (whose default configuration waits
    // out the lease) that still holds: its configurations follow the app's in the file lane and
    // precede them in the Redis lane.
    const lane = (store: StoreKind) =>
      apps.flatMap((app) => [
        () => measureConfiguration(app, store, `resume-bench-${store}`, params),
        () => measureConfiguration(app, store, undefined, params),
      ]);
    const inTurn = async <T>(steps: Array<() => Promise<T>>): Promise<T[]> => {
      const results: T[] = [];
      for (const step of steps) results.push(await step());
      return results;
    };
    const [fileLane, redisLane] = await Promise.all([inTurn(lane('file')), inTurn(lane('redis').reverse())]);
    const configurations = apps.flatMap((app) => [...fileLane, ...redisLane].filter((c) => c.app === app.name));
    const figures = {
      apps: Object.fromEntries(apps.map((app) => [app.name, app.description])),
      configurations,
      target: { resumeAfterReadyUnderMsWithDefaultConfiguration: TARGET_RESUME_MS },
    };
    const file = await writeResults('resume', {
      parameters: { ...params, app: 'built (node main.js, NODE_ENV=production)', streaming: 'update', runLeaseSeconds: 30 },
      figures,
      notes: [
        'resumeMs: spawn of the restarted process → first chat.update of the orphaned run’s reply recorded by the Slack emulator.',
        'floorReadyMs: the same process’s printed readyMs (spawn → ready); a restarted app cannot update before it is up.',
        'The default configuration gets fewer samples when each one waits out the 30 s lease (laneBudgetMs).',
        ...(params.baseline
          ? [
              'baseline: the revision’s src/ built and run the same way, same configurations, after the app’s in the file lane and before them in the Redis lane (the two lanes run side by side).',
            ]
          : []),
      ],
    });
    process.stdout.write(formatResumeTable(configurations));
    return { figures, file };
  } finally {
    for (const build of builds) await build.remove();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { figures, file } = await runResumeBenchmark();
  process.stdout.write(`${JSON.stringify(figures, null, 2)}\nwritten to ${file}\n`);
}
