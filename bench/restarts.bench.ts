/**
 * Restart benchmark (issue 27): how long after the last of two crashes 20 agent runs in 5 channels
 * all end in Slack, in each of Slack's rate tiers for conversations.history/.replies: an internal
 * app and a Marketplace app (Tier 3, 50 a minute) and a non-Marketplace distributed app (once a
 * minute, `limit` 15). The scenario is the acceptance test's (test/e2e/support/restart-scenario.ts):
 * the built app (node main.js) as a child process between both emulators (in this process, the
 * load generator), SIGKILLed twice mid-run. The figure is the last process's spawn → the last
 * run's final answer recorded by the Slack emulator; the reads and 429s of each sample are kept.
 *
 * The floor is the internal tier (no read limit worth the name): the ratio shows what the tier
 * costs after a restart. `--baseline <git-rev>` (or BENCH_BASELINE) also runs that revision's app
 * in the non-Marketplace tier, bounded by BASELINE_CAP_MS (the issue measured the code before it
 * never finishing).
 */
import type { AppDistribution } from '../src/slack-api/app-distribution.js';
import { runRestartScenario, type RestartScenarioResult } from '../test/e2e/support/restart-scenario.js';
import { startAppChild } from './lib/app-child.js';
import { productionEnvBetween } from './lib/app-env.js';
import { baselineRevision, flagValue } from './lib/bench-options.js';
import { makeBenchSecrets } from './lib/bench-secrets.js';
import { buildApp, buildRevisionApp, PROJECT_ROOT, type BuiltApp } from './lib/build-app.js';
import { describeWorkingTree } from './lib/git-source.js';
import { freePort } from './lib/spawn-app.js';
import { median, round } from './lib/stats.js';
import { writeResults } from './lib/write-results.js';

const TIERS: AppDistribution[] = ['internal', 'marketplace', 'non-marketplace'];
const BASELINE_CAP_MS = 240_000;
const SECRETS = makeBenchSecrets();

interface Lane {
  app: 'app' | 'baseline';
  tier: AppDistribution;
  samples: number;
  /** Median of spawn of the last process → last final answer (ms); null when no sample finished. */
  restartToLastAnswerMedianMs: number | null;
  ratioToInternal?: number;
  raw: Array<Omit<RestartScenarioResult, 'runs'> & { answeredOnce: number }> | Array<{ failed: string }>;
}

function sample(mainFile: string, tier: AppDistribution, stepTimeoutMs: number): Promise<RestartScenarioResult> {
  return runRestartScenario({
    distribution: tier,
    agentSpeed: 1,
    stepTimeoutMs,
    secrets: SECRETS,
    freePort,
    envBetween: ({ slack, service, dataDir, port }) => ({
      ...productionEnvBetween(slack, service, SECRETS),
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
    }),
    launch(env) {
      const child = startAppChild(process.execPath, [mainFile], env);
      return {
        healthy: async (port) => void (await child.waitFor200(`http://127.0.0.1:${port}/healthz`)),
        kill: (signal) => child.stop(signal),
        output: child.output,
      };
    },
  });
}

async function measureLane(
  app: Lane['app'],
  mainFile: string,
  tier: AppDistribution,
  samples: number,
  stepTimeoutMs: number,
): Promise<Lane> {
  const raw: Lane['raw'] = [];
  const finished: number[] = [];
  for (let i = 0; i < samples; i += 1) {
    try {
      const { runs, ...figures } = await sample(mainFile, tier, stepTimeoutMs);
      const answeredOnce = runs.filter((r) => r.replies === 1 && r.posts === 1 && r.status === 'completed').length;
      (raw as Array<Omit<RestartScenarioResult, 'runs'> & { answeredOnce: number }>).push({ ...figures, answeredOnce });
      finished.push(figures.restartToLastAnswerMs);
    } catch (error) {
      (raw as Array<{ failed: string }>).push({ failed: (error instanceof Error ? error.message : String(error)).split('\n')[0]! });
      break;
    }
    process.stdout.write(`  ${app} ${tier}: sample ${i + 1} done\n`);
  }
  return { app, tier, samples: raw.length, restartToLastAnswerMedianMs: finished.length ? Math.round(median(finished)) : null, raw };
}

export async function runRestartsBenchmark(argv: readonly string[] = process.argv, env: NodeJS.ProcessEnv = process.env) {
  const samples = Number(flagValue(argv, '--samples') ?? 3);
  const baseline = baselineRevision(argv, env);
  const builds: BuiltApp[] = [];
  try {
    const built = await buildApp();
    builds.push(built);
    const lanes: Lane[] = [];
    for (const tier of TIERS) lanes.push(await measureLane('app', built.mainFile, tier, samples, 120_000));
    let baselineDescription: string | undefined;
    if (baseline) {
      const old = await buildRevisionApp(baseline);
      builds.push(old);
      baselineDescription = `src/ at ${baseline} (${old.commit.slice(0, 10)})`;
      lanes.push(await measureLane('baseline', old.mainFile, 'non-marketplace', 1, BASELINE_CAP_MS));
    }
    const floor = lanes.find((l) => l.app === 'app' && l.tier === 'internal')?.restartToLastAnswerMedianMs;
    for (const lane of lanes) {
      if (floor && lane.restartToLastAnswerMedianMs !== null) lane.ratioToInternal = round(lane.restartToLastAnswerMedianMs / floor, 2);
    }
    const figures = {
      apps: {
        app: `src/ of this tree (${describeWorkingTree(PROJECT_ROOT)})`,
        ...(baselineDescription ? { baseline: baselineDescription } : {}),
      },
      lanes,
    };
    const file = await writeResults('restarts', {
      parameters: {
        runs: 20,
        channels: 5,
        kills: 2,
        samplesPerTier: samples,
        agentSpeed: 1,
        streaming: 'update',
        store: 'file (DATA_DIR)',
      },
      figures,
      notes: [
        'restartToLastAnswerMs: the third app process’s first Slack call (at its start-up, after the second SIGKILL) → the last of the 20 runs’ final answer, both as the Slack emulator recorded them on its own clock (boot before the first call is left out).',
        'The floor is the internal tier (Tier 3 reads); ratioToInternal is each lane’s median over it.',
        'reads: conversations.history/.replies calls in the sample; readsRateLimited/rateLimited: calls answered 429.',
        'Both kills land mid-run (unfinishedAtKill); the service emulator holds the runs while the app is down.',
      ],
    });
    for (const lane of lanes) {
      process.stdout.write(
        `${lane.app.padEnd(9)} ${lane.tier.padEnd(16)} restart → last answer median ${lane.restartToLastAnswerMedianMs ?? 'did not finish'} ms` +
          `${lane.ratioToInternal ? ` (×${lane.ratioToInternal} of internal)` : ''}\n`,
      );
    }
    return { figures, file };
  } finally {
    for (const build of builds) await build.remove();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { file } = await runRestartsBenchmark();
  process.stdout.write(`written to ${file}\n`);
}
