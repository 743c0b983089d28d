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
 * both built, spawned and polled the same way.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startServiceEmulator } from '../src/emulators/service/index.js';
import { startSlackEmulator } from '../src/emulators/slack/index.js';
import { startAppChild } from './lib/app-child.js';
import { buildApp, PROJECT_ROOT } from './lib/build-app.js';
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
}

const DEFAULTS: StartupBenchParameters = { samples: 3, redisUrl: 'redis://127.0.0.1:6379/14' };

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

/** Spawns the case `samples` times in turn, each on a fresh DATA_DIR, and times spawn → /readyz 200. */
async function measureStart(c: StartCase, samples: number): Promise<StartFigures> {
  const raw: StartSample[] = [];
  for (let i = 0; i < samples; i++) {
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
      raw.push({ readyzMs: readyAt - app.spawnedAt, ...(printed === undefined ? {} : { printedReadyMs: printed }) });
    } finally {
      // Stopping is not measured: SIGKILL ends it at once (each start has its own DATA_DIR).
      await app.stop('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  const printed = raw.flatMap((s) => (s.printedReadyMs === undefined ? [] : [s.printedReadyMs]));
  return {
    name: c.name,
    readyzMedianMs: Math.round(median(raw.map((s) => s.readyzMs))),
    ...(printed.length > 0 ? { printedReadyMedianMs: Math.round(median(printed)) } : {}),
    raw,
  };
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

export async function runStartupBenchmark(params: StartupBenchParameters = DEFAULTS) {
  const app = await buildApp([FLOOR_APP]);
  const slack = await startSlackEmulator({ port: 0, rateLimits: 'off', ...SECRETS });
  const service = await startServiceEmulator({ port: 0 });
  const production = {
    NODE_ENV: 'production',
    SLACK_BOT_TOKEN: SECRETS.botToken,
    SLACK_SIGNING_SECRET: SECRETS.signingSecret,
    SLACK_API_URL: slack.apiUrl,
    SERVICE_BASE_URL: service.url,
    SERVICE_API_KEY: service.apiKey,
  };
  const node = process.execPath;
  const cases: StartCase[] = [
    {
      name: 'floor: bare Node HTTP server',
      command: () => ({
        command: node,
        args: ['-e', "require('node:http').createServer((q,s)=>s.end('ok')).listen(+process.env.PORT,'127.0.0.1')"],
      }),
      env: {},
    },
    { name: 'floor: bare Bolt app (built)', command: () => ({ command: node, args: [app.extraFiles[FLOOR_APP]!] }), env: production },
    {
      name: 'built app (node main.js), production-like, file store',
      command: () => ({ command: node, args: [app.mainFile] }),
      env: production,
    },
    {
      name: 'built app (node main.js), production-like, Redis',
      command: () => ({ command: node, args: [app.mainFile] }),
      env: { ...production, REDIS_URL: params.redisUrl },
      before: () => flushRedis(params.redisUrl),
    },
    { name: 'npm start, production-like, file store', command: () => ({ command: 'npm', args: ['start', '--silent'] }), env: production },
    {
      name: 'npm start, playground (no credentials)',
      command: () => ({ command: 'npm', args: ['start', '--silent'] }),
      env: { PLAYGROUND_PORT: '0' },
    },
  ];
  try {
    const results: StartFigures[] = [];
    for (const c of cases) results.push(await measureStart(c, params.samples));
    const why = await dockerUnavailable();
    let image: Record<string, unknown>;
    if (why) image = { measured: false, reason: `Docker cannot run here: ${why}` };
    else {
      const { buildMs, startCase } = await imageCase(production);
      image = { measured: true, buildMs, ...(await measureStart(startCase, params.samples)) };
    }
    const byName = (prefix: string) => results.find((r) => r.name.startsWith(prefix))!.readyzMedianMs;
    const boltFloor = byName('floor: bare Bolt');
    const figures = {
      starts: results,
      image,
      ratiosToBareBolt: {
        builtFileStore: round(byName('built app (node main.js), production-like, file') / boltFloor, 1),
        builtRedis: round(byName('built app (node main.js), production-like, Redis') / boltFloor, 1),
        npmStartProduction: round(byName('npm start, production') / boltFloor, 1),
        npmStartPlayground: round(byName('npm start, playground') / boltFloor, 1),
      },
    };
    const file = await writeResults('startup', {
      parameters: { ...params },
      figures,
      notes: [
        'readyzMs: spawn → first 200 from /readyz (polled every 10 ms); printedReadyMs: the app’s own readyMs (process uptime at ready).',
        'npm start runs tsx (transpiles at start); the built app is src transpiled file by file with esbuild, as npm run build leaves dist/.',
      ],
    });
    return { figures, file };
  } finally {
    await service.close();
    await slack.close();
    await app.remove();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { figures, file } = await runStartupBenchmark();
  process.stdout.write(`${JSON.stringify(figures, null, 2)}\nwritten to ${file}\n`);
}
