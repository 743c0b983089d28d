/**
 * Idle RSS of the production configuration (real Slack credentials, SERVICE_BASE_URL set, no
 * REDIS_URL) against a bare Bolt app, each run as production runs it: compiled JavaScript under
 * plain node (`npm start`'s tsx would add its own compiler to both). Peers (a stub answering Slack
 * and the service) run in another process.
 *
 *   npx tsx bench/idle-rss.measure.ts [--samples 10]
 *
 * Builds into dist/ (tsc, as `npm run build`) and dist/bench/ (the bare app, esbuild).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { freePort } from './lib/spawn-app.js';
import { median, round } from './lib/stats.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { samples: { type: 'string', default: '10' } } });

execFileSync(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'], {
  cwd: ROOT,
  stdio: 'inherit',
});
const bareEntry = path.join(ROOT, 'dist/bench/bare-bolt-app.mjs');
await build({
  entryPoints: [path.join(ROOT, 'bench/lib/bare-bolt-app.ts')],
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  outfile: bareEntry,
  logLevel: 'warning',
});

const stub = spawn(
  process.execPath,
  [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), path.join(ROOT, 'bench/lib/slow-service-stub.ts')],
  {
    env: { ...process.env, LATENCY_MS: '0', BODY: JSON.stringify({ ok: true, user_id: 'UBENCH', team_id: 'TBENCH', bot_id: 'BBENCH' }) },
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
const stubPort = await new Promise<number>((resolve) =>
  stub.stdout?.once('data', (chunk: Buffer) => resolve(Number(String(chunk).trim()))),
);
const stubUrl = `http://127.0.0.1:${stubPort}`;

const productionEnv = {
  SLACK_BOT_TOKEN: 'xoxb-bench-idle-rss',
  SLACK_SIGNING_SECRET: 'bench-signing-secret',
  SLACK_API_URL: `${stubUrl}/api/`,
  SERVICE_BASE_URL: stubUrl,
  SERVICE_API_KEY: 'bench-key',
  LOG_LEVEL: 'error',
};

async function idleRss(entry: string): Promise<number> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [entry], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      ...productionEnv,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'idle-rss-')),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${entry} exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  // Idle: a second to settle, then one sample every half second.
  await new Promise((r) => setTimeout(r, 1000));
  const samples: number[] = [];
  for (let i = 0; i < Number(values.samples); i++) {
    const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
    samples.push(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]) / 1024);
    await new Promise((r) => setTimeout(r, 500));
  }
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
  return median(samples);
}

const app = await idleRss(path.join(ROOT, 'dist/main.js'));
const bare = await idleRss(bareEntry);
process.stdout.write(`${JSON.stringify({ idleRssMiB: { app: round(app), bareBolt: round(bare) }, ratio: round(app / bare, 2) })}\n`);
stub.kill('SIGTERM');
