/**
 * A development probe for the cost of one /research command (issue 17, section 2), until the full
 * command benchmark lands: the service emulator runs in one process, the app (or the floor, a bare
 * Bolt app that acks and posts a fixed answer through the same receiver) in another, and this
 * process drives signed commands open-loop and plays Slack (a stub answering the Web API and the
 * response_urls). It reports the app's CPU per command (from /proc, the app's own accounting),
 * ack p50/p99 and first-response overhead p50/p99.
 *
 *   npx tsx bench/research-cpu-profile.ts [--rate 100] [--commands 1500] [--target app|floor|both]
 *                                         [--service-latency 300] [--cpu-prof DIR] [--rounds 3]
 *                                         [--baseline DIR] [--log-level info]
 *
 * --baseline measures another checkout too, in the same run (e.g. today's code:
 * `git archive f62e53e | tar -x -C DIR && ln -s $PWD/node_modules DIR/node_modules`).
 *
 * Not a test and not part of `npm run bench`: nothing asserts on its figures.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, request, Agent, type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { signSlackRequest } from '../src/emulators/slack/signing.js';
import { freePort } from './lib/spawn-app.js';
import { median, percentile, round } from './lib/stats.js';
import { makeBenchSecrets } from './lib/bench-secrets.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SELF = fileURLToPath(import.meta.url);
const SECRETS = makeBenchSecrets();
const CLOCK_TICKS_PER_SECOND = 100;

/** utime + stime of a process, in milliseconds (Linux /proc/<pid>/stat fields 14 and 15). */
function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

function rssMbOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return round(kb / 1024, 1);
}

interface Child {
  pid: number;
  stop(): Promise<void>;
}

/** Runs a TypeScript entry in plain node with tsx as a loader, so the pid is the app's own. */
async function spawnTs(
  args: string[],
  env: Record<string, string>,
  readyUrl: string,
  nodeFlags: string[] = [],
  anyStatus = false,
  cwd = ROOT,
): Promise<Child> {
  const child: ChildProcess = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', ...args], {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
    const ok = await fetch(readyUrl).then(
      (r) => r.ok || anyStatus,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`${args.join(' ')} was not ready within 30 s`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    pid: child.pid ?? 0,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Slack as a stub: the Web API says ok, a response_url records when it was first used. */
async function startSlackStub(): Promise<{ url: string; firstUse: Map<string, number>; close(): Promise<void> }> {
  const firstUse = new Map<string, number>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    req.on('end', () => {
      const url = req.url ?? '';
      if (url.startsWith('/respond/')) {
        if (!firstUse.has(url)) firstUse.set(url, performance.now());
        res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
        return;
      }
      const body = url.includes('auth.test')
        ? { ok: true, url: 'https://t.slack.com/', team: 't', user: 'bot', team_id: 'T0PROFILE', user_id: 'U0BOT', bot_id: 'B0BOT' }
        : { ok: true, channel: 'C0PROFILE', ts: '1700000000.000100' };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, firstUse, close: () => new Promise((r) => server.close(() => r())) };
}

const QUERIES = ['茅台 毛利率', 'NVDA 毛利率', 'tesla deliveries', '宁德时代 储能'];

interface RunFigures {
  commands: number;
  rate: number;
  cpuMsPerCommand: number;
  ackP50Ms: number;
  ackP99Ms: number;
  firstResponseOverheadP50Ms: number;
  firstResponseOverheadP99Ms: number;
  answered: number;
  rssMb: number;
}

/** Sends `commands` signed /research commands at `rate` per second, open loop. */
async function drive(appPort: number, stub: Awaited<ReturnType<typeof startSlackStub>>, commands: number, rate: number, tag: string) {
  const agent = new Agent({ keepAlive: true, maxSockets: 512 });
  const acks: number[] = [];
  const sent = new Map<string, number>();
  const start = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < commands; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const responsePath = `/respond/${tag}-${i}`;
    const form = new URLSearchParams({
      token: 'legacy',
      team_id: 'T0PROFILE',
      team_domain: 'profile',
      channel_id: 'C0PROFILE',
      channel_name: 'general',
      user_id: `U0${i % 20}`,
      user_name: 'someone',
      command: '/research',
      text: QUERIES[i % QUERIES.length] ?? '',
      api_app_id: 'A0PROFILE',
      response_url: `${stub.url}${responsePath}`,
      trigger_id: `${tag}.${i}.trigger`,
    }).toString();
    const timestamp = Math.floor(Date.now() / 1000);
    const sentAt = performance.now();
    sent.set(responsePath, sentAt);
    inFlight.push(
      new Promise<void>((resolve) => {
        const req = request(
          {
            host: '127.0.0.1',
            port: appPort,
            path: '/slack/events',
            method: 'POST',
            agent,
            headers: {
              'content-type': 'application/x-www-form-urlencoded',
              'content-length': Buffer.byteLength(form),
              'x-slack-request-timestamp': String(timestamp),
              'x-slack-signature': signSlackRequest(SECRETS.signingSecret, timestamp, form),
            },
          },
          (res) => {
            res.resume();
            res.on('end', () => {
              if (res.statusCode === 200) acks.push(performance.now() - sentAt);
              resolve();
            });
          },
        );
        req.on('error', () => resolve());
        req.end(form);
      }),
    );
  }
  await Promise.all(inFlight);
  const deadline = performance.now() + 30_000;
  while (performance.now() < deadline && [...sent.keys()].some((k) => !stub.firstUse.has(k))) {
    await new Promise((r) => setTimeout(r, 50));
  }
  agent.destroy();
  const firsts = [...sent].flatMap(([k, at]) => {
    const used = stub.firstUse.get(k);
    return used === undefined ? [] : [used - at];
  });
  return { acks, firsts };
}

async function measure(
  name: string,
  child: Child,
  appPort: number,
  stub: Awaited<ReturnType<typeof startSlackStub>>,
  opts: { commands: number; rate: number; serviceLatencyMs: number },
): Promise<RunFigures> {
  await drive(appPort, stub, Math.min(300, opts.commands), opts.rate, `${name}-warm`);
  const cpuBefore = cpuMsOf(child.pid);
  const { acks, firsts } = await drive(appPort, stub, opts.commands, opts.rate, name);
  const cpuAfter = cpuMsOf(child.pid);
  // The floor does not call the service: its first response is all overhead.
  const serviceMs = name.startsWith('floor') ? 0 : opts.serviceLatencyMs;
  const overhead = firsts.map((ms) => ms - serviceMs);
  return {
    commands: opts.commands,
    rate: opts.rate,
    cpuMsPerCommand: round((cpuAfter - cpuBefore) / opts.commands, 2),
    ackP50Ms: round(median(acks), 1),
    ackP99Ms: round(percentile(acks, 99), 1),
    firstResponseOverheadP50Ms: round(median(overhead), 1),
    firstResponseOverheadP99Ms: round(percentile(overhead, 99), 1),
    answered: firsts.length,
    rssMb: rssMbOf(child.pid),
  };
}

async function runPeerService(): Promise<void> {
  const { startServiceEmulator } = await import('../src/emulators/service/index.js');
  const latencyMs = Number(process.env.SERVICE_LATENCY_MS ?? 300);
  await startServiceEmulator({ port: Number(process.env.PORT), apiKey: SECRETS.serviceApiKey, faults: { latencyMs } });
  process.on('SIGTERM', () => process.exit(0));
}

/** The floor: a bare Bolt app with the same receiver that acks and posts a fixed answer. */
async function runFloor(): Promise<void> {
  const { App, HTTPReceiver, LogLevel } = await import('@slack/bolt');
  const receiver = new HTTPReceiver({
    signingSecret: SECRETS.signingSecret,
    endpoints: '/slack/events',
    processBeforeResponse: false,
    unhandledRequestTimeoutMillis: 2500,
    customRoutes: [{ path: '/healthz', method: 'GET', handler: (_req, res) => res.end('ok') }],
  });
  const app = new App({
    token: SECRETS.botToken,
    receiver,
    logLevel: LogLevel.ERROR,
    clientOptions: { slackApiUrl: `${process.env.SLACK_API_URL}/api/` },
  });
  app.command('/research', async ({ ack, respond }) => {
    await ack();
    await respond({ response_type: 'ephemeral', text: 'A fixed answer.' });
  });
  await receiver.start({ port: Number(process.env.PORT), host: '127.0.0.1' });
  process.on('SIGTERM', () => process.exit(0));
}

async function runDriver(): Promise<void> {
  const { values } = parseArgs({
    options: {
      rate: { type: 'string', default: '100' },
      commands: { type: 'string', default: '1500' },
      target: { type: 'string', default: 'both' },
      'service-latency': { type: 'string', default: '300' },
      'cpu-prof': { type: 'string' },
      /** A checkout of another commit (with node_modules) measured in the same run as "baseline". */
      baseline: { type: 'string' },
      /** Measures every target this many times, interleaved, against a shared machine's drift. */
      rounds: { type: 'string', default: '1' },
      /** The app's LOG_LEVEL: production's default is info; error leaves logging out. */
      'log-level': { type: 'string', default: 'error' },
    },
  });
  const opts = { rate: Number(values.rate), commands: Number(values.commands), serviceLatencyMs: Number(values['service-latency']) };
  const stub = await startSlackStub();
  const servicePort = await freePort();
  const service = await spawnTs(
    [SELF, 'peer-service'],
    { PORT: String(servicePort), SERVICE_LATENCY_MS: String(opts.serviceLatencyMs) },
    `http://127.0.0.1:${servicePort}/`,
    [],
    true,
  );
  const dataDir = await mkdtemp(path.join(tmpdir(), 'research-desk-profile-'));
  const profFlags = values['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${values['cpu-prof']}`] : [];
  const results: Record<string, RunFigures> = {};
  const cpuByTarget: Record<string, number[]> = {};
  try {
    for (let pass = 0; pass < Number(values.rounds); pass++) {
      const targets = values.target === 'both' ? ['floor', ...(values.baseline ? ['baseline'] : []), 'app'] : [values.target ?? 'app'];
      for (const target of targets) {
        const port = await freePort();
        const env = {
          PORT: String(port),
          HOST: '127.0.0.1',
          NODE_ENV: 'production',
          SLACK_BOT_TOKEN: SECRETS.botToken,
          SLACK_SIGNING_SECRET: SECRETS.signingSecret,
          SLACK_API_URL: `${stub.url}/api/`,
          SERVICE_BASE_URL: `http://127.0.0.1:${servicePort}`,
          SERVICE_API_KEY: SECRETS.serviceApiKey,
          DATA_DIR: path.join(dataDir, target),
        };
        const entry = target === 'floor' ? [SELF, 'floor'] : ['src/main.ts'];
        const child = await spawnTs(
          entry,
          target === 'floor' ? { ...env, SLACK_API_URL: stub.url } : env,
          `http://127.0.0.1:${port}/healthz`,
          profFlags,
          false,
          target === 'baseline' && values.baseline ? values.baseline : ROOT,
        );
        results[target] = await measure(`${target}${pass}`, child, port, stub, opts);
        await child.stop();
        cpuByTarget[target] = [...(cpuByTarget[target] ?? []), results[target].cpuMsPerCommand];
        process.stdout.write(`${target}: ${JSON.stringify(results[target])}\n`);
      }
    }
    const medians = Object.fromEntries(Object.entries(cpuByTarget).map(([t, v]) => [t, round(median(v), 2)]));
    process.stdout.write(`median CPU ms per command: ${JSON.stringify(medians)}\n`);
    for (const name of ['baseline', 'app']) {
      if (medians[name] && medians.floor)
        process.stdout.write(`median cpu ratio ${name}/floor: ${round(medians[name] / medians.floor, 2)}\n`);
    }
  } finally {
    await service.stop();
    await stub.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const mode = process.argv[2];
if (mode === 'peer-service') await runPeerService();
else if (mode === 'floor') await runFloor();
else await runDriver();
