/**
 * Start-up benchmark (issue 17): from spawn to the first 200 from /readyz (which checks the
 * service and the store), and the readyMs the app prints, for
 * - `npm start` with no credentials (the playground: both emulators in the app's process);
 * - `npm start` configured like production (Slack and the service as the emulators in this
 *   process, the file store);
 * - the built app as the image runs it (`node main.js`, NODE_ENV=production), with the file store
 *   and with Redis;
 * - the image itself (`docker run`), when Docker can run here; otherwise the JSON says why.
 * Floors in the same run: a bare Node HTTP server, and a bare Bolt app (bench/floor-bolt-app.ts),
 * both built, spawned and polled the same way. With `--baseline <git-rev>` (or BENCH_BASELINE), that
 * revision's built app too ("today's code"), file store and Redis. Every case starts once per
 * round, so a machine whose load drifts treats them alike.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startServiceEmulator } from '../src/emulators/service/index.js';
import { startSlackEmulator } from '../src/emulators/slack/index.js';
import { startAppChild } from './lib/app-child.js';
import { baselineRevision } from './lib/bench-options.js';
import { productionEnvBetween } from './lib/app-env.js';
import { buildApp, buildRevisionApp, PROJECT_ROOT } from './lib/build-app.js';
import { flushRedis } from './lib/flush-redis.js';
import { freePort } from './lib/spawn-app.js';
import { median, round } from './lib/stats.js';
import { writeResults } from './lib/write-results.js';
import { makeBenchSecrets } from './lib/bench-secrets.js';

const run = promisify(execFile);
const { botToken, signingSecret } = makeBenchSecrets();
const SECRETS = { botToken, signingSecret };
const FLOOR_APP = 'bench/floor-bolt-app.ts';
const IMAGE = 'research-desk-startup-bench';

export interface StartupBenchParameters {
  samples: number;
  redisUrl: string;
  /** Another revision whose built app starts in the same rounds. */
  baseline?: string;
}

export function parametersFrom(argv: readonly string[], env: NodeJS.ProcessEnv): StartupBenchParameters {
  const baseline = baselineRevision(argv, env);
  return { samples: 3, redisUrl: 'redis://127.0.0.1:6379/14', ...(baseline ? { baseline } : {}) };
}

interface StartCase {
  name: string;
  /** Runs before each start (a Redis case empties its database). */
  before?: () => Promise<void>;
  /** The command and its arguments, given the port it must listen on. */
  command(port: number): { command: string; args: string[] };
  env: Record<string, string>;
}

interface StartSample {
  readyzMs: number;
  printedReadyMs?: number;
}

interface StartFigures {
  name: string;
  readyzMedianMs: number;
  printedReadyMedianMs?: number;
  raw: StartSample[];
}

/** Spawns the case once on a fresh DATA_DIR and times spawn → /readyz 200. */
async function sampleStart(c: StartCase): Promise<StartSample> {
  await c.before?.();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'research-desk-startup-bench-'));
  const port = await freePort();
  const { command, args } = c.command(port);
  const app = startAppChild(command, args, { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', ...c.env });
  try {
    const readyAt = await app.waitFor200(`http://127.0.0.1:${port}/readyz`, 120_000);
    const printed = await Promise.race([
      app.waitForLog((l) => l.msg === 'ready').then(({ line }) => Number(line.readyMs)),
      new Promise<undefined>((r) => setTimeout(r, 500)),
    ]);
    return { readyzMs: readyAt - app.spawnedAt, ...(printed === undefined ? {} : { printedReadyMs: printed }) };
  } finally {
    // Stopping is not measured: SIGKILL ends it at once (each start has its own DATA_DIR).
    await app.stop('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** `samples` rounds, each starting every case once in turn. */
async function measureStarts(cases: StartCase[], samples: number): Promise<StartFigures[]> {
  const raw = cases.map((): StartSample[] => []);
  for (let i = 0; i < samples; i++) {
    for (const [k, c] of cases.entries()) raw[k]!.push(await sampleStart(c));
  }
  return cases.map((c, k) => {
    const samplesOfCase = raw[k]!;
    const printed = samplesOfCase.flatMap((s) => (s.printedReadyMs === undefined ? [] : [s.printedReadyMs]));
    return {
      name: c.name,
      readyzMedianMs: Math.round(median(samplesOfCase.map((s) => s.readyzMs))),
      ...(printed.length > 0 ? { printedReadyMedianMs: Math.round(median(printed)) } : {}),
      raw: samplesOfCase,
    };
  });
}

/** A built app started as the image starts it (`node main.js`), with the file store and with Redis. */
function builtAppCases(label: string, mainFile: string, env: Record<string, string>, redisUrl: string): [StartCase, StartCase] {
  const command = () => ({ command: process.execPath, args: [mainFile] });
  return [
    { name: `${label}, production-like, file store`, command, env },
    { name: `${label}, production-like, Redis`, command, env: { ...env, REDIS_URL: redisUrl }, before: () => flushRedis(redisUrl) },
  ];
}

/** Why the image cannot be timed here, or undefined when Docker answers. */
async function dockerUnavailable(): Promise<string | undefined> {
  try {
    await run('docker', ['info', '--format', '{{.ServerVersion}}'], { timeout: 15_000 });
    return undefined;
  } catch (error) {
    const e = error as { stderr?: string; message: string };
    return (e.stderr?.trim() || e.message).split('\n')[0];
  }
}

/** Builds the image once (timed apart) and returns the case that starts a container from it. */
async function imageCase(env: Record<string, string>): Promise<{ buildMs: number; startCase: StartCase }> {
  const started = Date.now();
  await run('docker', ['build', '-q', '-t', IMAGE, '.'], { cwd: PROJECT_ROOT, timeout: 900_000, maxBuffer: 16 * 1024 * 1024 });
  const buildMs = Date.now() - started;
  const envArgs = Object.entries(env).flatMap(([k, v]) => ['-e', `${k}=${v}`]);
  return {
    buildMs,
    startCase: {
      name: 'docker run (the built image, production-like, file store)',
      // Host networking: the container reaches the emulators on 127.0.0.1 and listens on `port`.
      command: (port) => ({
        command: 'docker',
        args: ['run', '--rm', '--network', 'host', '-e', `PORT=${port}`, '-e', 'HOST=127.0.0.1', ...envArgs, IMAGE],
      }),
      env: {},
    },
  };
}

export async function runStartupBenchmark(params: StartupBenchParameters = parametersFrom(process.argv, process.env)) {
  const app = await buildApp([FLOOR_APP]);
  const baseline = params.baseline ? { rev: params.baseline, app: await buildRevisionApp(params.baseline) } : undefined;
  const slack = await startSlackEmulator({ port: 0, rateLimits: 'off', ...SECRETS });
  const service = await startServiceEmulator({ port: 0 });
  const production = productionEnvBetween(slack, service, SECRETS);
  const node = process.execPath;
  const [builtFile, builtRedis] = builtAppCases('built app (node main.js)', app.mainFile, production, params.redisUrl);
  const baselineCases = baseline
    ? builtAppCases(`baseline ${baseline.rev}: built app (node main.js)`, baseline.app.mainFile, production, params.redisUrl)
    : undefined;
  const boltFloor: StartCase = {
    name: 'floor: bare Bolt app (built)',
    command: () => ({ command: node, args: [app.extraFiles[FLOOR_APP]!] }),
    env: production,
  };
  const npmStart = () => ({ command: 'npm', args: ['start', '--silent'] });
  const npmProduction: StartCase = { name: 'npm start, production-like, file store', command: npmStart, env: production };
  const npmPlayground: StartCase = { name: 'npm start, playground (no credentials)', command: npmStart, env: { PLAYGROUND_PORT: '0' } };
  const cases: StartCase[] = [
    {
      name: 'floor: bare Node HTTP server',
      command: () => ({
        command: node,
        args: ['-e', "require('node:http').createServer((q,s)=>s.end('ok')).listen(+process.env.PORT,'127.0.0.1')"],
      }),
      env: {},
    },
    boltFloor,
    builtFile,
    ...(baselineCases ? [baselineCases[0]] : []),
    builtRedis,
    ...(baselineCases ? [baselineCases[1]] : []),
    npmProduction,
    npmPlayground,
  ];
  try {
    const results = await measureStarts(cases, params.samples);
    for (const r of results) process.stdout.write(`  ${r.name}: ${r.readyzMedianMs} ms to /readyz\n`);
    const why = await dockerUnavailable();
    let image: Record<string, unknown>;
    if (why) image = { measured: false, reason: `Docker cannot run here: ${why}` };
    else {
      const { buildMs, startCase } = await imageCase(production);
      image = { measured: true, buildMs, ...(await measureStarts([startCase], params.samples))[0] };
    }
    const medianOf = (c: StartCase) => results.find((r) => r.name === c.name)!.readyzMedianMs;
    const toBolt = (c: StartCase) => round(medianOf(c) / medianOf(boltFloor), 1);
    const figures = {
      starts: results,
      image,
      ratiosToBareBolt: {
        builtFileStore: toBolt(builtFile),
        builtRedis: toBolt(builtRedis),
        npmStartProduction: toBolt(npmProduction),
        npmStartPlayground: toBolt(npmPlayground),
        ...(baselineCases ? { baselineBuiltFileStore: toBolt(baselineCases[0]), baselineBuiltRedis: toBolt(baselineCases[1]) } : {}),
      },
      ...(baseline && baselineCases
        ? {
            // Above 1: this tree starts slower than the baseline.
            baseline: {
              revision: baseline.rev,
              commit: baseline.app.commit.slice(0, 10),
              builtAppToBaseline: {
                fileStore: round(medianOf(builtFile) / medianOf(baselineCases[0]), 2),
                redis: round(medianOf(builtRedis) / medianOf(baselineCases[1]), 2),
              },
            },
          }
        : {}),
    };
    const file = await writeResults('startup', {
      parameters: { ...params },
      figures,
      notes: [
        'readyzMs: spawn → first 200 from /readyz (polled every 10 ms); printedReadyMs: the app’s own readyMs (process uptime at ready).',
        'npm start runs tsx (transpiles at start); the built app is src transpiled file by file with esbuild, as npm run build leaves dist/.',
        'Each round starts every case once, in the order of starts, so drift on the machine weighs on all of them alike.',
        ...(baseline
          ? [
              `Baseline: src/ at ${baseline.rev} (${baseline.app.commit.slice(0, 10)}) built the same way, on this tree's node_modules, with the same emulators and environment; timed to its own /readyz, which it serves as this tree does.`,
            ]
          : []),
      ],
    });
    return { figures, file };
  } finally {
    await service.close();
    await slack.close();
    await app.remove();
    await baseline?.app.remove();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { figures, file } = await runStartupBenchmark();
  process.stdout.write(`${JSON.stringify(figures, null, 2)}\nwritten to ${file}\n`);
}
