/**
 * `npm run doctor` as a user runs it: a child process with only the variables a user sets, against
 * both emulators. Its exit code says whether the app can go live, and no secret reaches its output,
 * not even one the service echoes back.
 */
import { execFile } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceEmulator, type ServiceEmulator } from '../../src/emulators/service/index.js';
import { startSlackEmulator, type SlackEmulator } from '../../src/emulators/slack/index.js';
import { sendJson, type CraftedServer } from '../service/crafted-server.js';
import { startBreakingProxy } from './doctor-harness.js';

const SERVICE_KEY = 'svc-key-4d2e91-DO-NOT-PRINT';
const BOT = 'xoxb-cli-bot-8e61d0';
const APP = 'xapp-cli-app-a2f4c7';
const SIGNING = 'cli-signing-secret-77b1';
const SECRETS = [SERVICE_KEY, BOT, APP, SIGNING];

interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the doctor's entry point with `env` as the whole of the app's configuration. */
function runCli(env: Record<string, string>, args: string[] = []): Promise<CliRun> {
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(SLACK_|SERVICE_|DOCTOR_|REDIS_URL$)/.test(k)));
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/doctor/cli.ts', ...args],
      { cwd: process.cwd(), env: { ...base, ...env } },
      (error, stdout, stderr) => {
        const code = error ? Number((error as { code?: unknown }).code ?? 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

const expectNoSecret = (run: CliRun): void => {
  for (const secret of SECRETS) {
    expect(run.stdout).not.toContain(secret);
    expect(run.stderr).not.toContain(secret);
  }
};

describe('npm run doctor (child process)', () => {
  let service: ServiceEmulator;
  let slack: SlackEmulator;
  let proxy: CraftedServer;

  beforeAll(async () => {
    service = await startServiceEmulator({ apiKey: SERVICE_KEY });
    slack = await startSlackEmulator({ rateLimits: 'off', botToken: BOT, appToken: APP, signingSecret: SIGNING });
    proxy = await startBreakingProxy(service.url, {
      // A broken route that also echoes the key it was sent: the report names the route, never the key.
      '/v1/stock/company-revenue-breakdown': (req, res) =>
        sendJson(res, 404, { detail: `no revenue route for ${String(req.headers.authorization).replace(/^Bearer /, '')}` }),
    });
  });
  afterAll(async () => {
    await proxy.close();
    await slack.close();
    await service.close();
  });

  const liveEnv = (baseUrl: string) => ({
    SERVICE_BASE_URL: baseUrl,
    SERVICE_API_KEY: SERVICE_KEY,
    SLACK_API_URL: slack.apiUrl,
    SLACK_BOT_TOKEN: BOT,
    SLACK_APP_TOKEN: APP,
    SLACK_SIGNING_SECRET: SIGNING,
  });

  it('exits 0 with a table of passing checks when everything the app needs works', async () => {
    const run = await runCli(liveEnv(service.url));
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines[0]).toBe(`Research Desk doctor: ${service.url}`);
    expect(lines[2]).toMatch(/^endpoint\s+status\s+ms\s+variant\s+problem$/);
    expect(lines.find((l) => l.startsWith('POST /v1/search '))).toMatch(/\sok\s+\d+\s+paging schema, docs id\/ISO$/);
    expect(lines.find((l) => l.startsWith('Slack apps.connections.open'))).toMatch(/\sok\s+\d+\s+Socket Mode$/);
    expect(lines.at(-2)).toMatch(/^Ready to go live: every check the app needs passed \(\d+ ok, 1 skip\)\.$/);
    expectNoSecret(run);
  });

  it('exits 1 naming the broken endpoint, and prints no secret even when the service echoes one', async () => {
    const run = await runCli(liveEnv(proxy.url));
    expect(run.code).toBe(1);
    const failed = run.stdout.split('\n').filter((l) => /\sfail\s/.test(l));
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatch(
      /^POST \/v1\/stock\/company-revenue-breakdown\s+fail\s+\d+\s+not found: no revenue route for \[redacted\] \(HTTP 404\)$/,
    );
    expect(run.stdout).toMatch(/\nNot ready: 1 of \d+ checks failed/);
    expectNoSecret(run);
  });

  it('exits 2 with one line on a configuration the app would refuse', async () => {
    const run = await runCli({ SERVICE_BASE_URL: service.url, SLACK_BOT_TOKEN: BOT, SLACK_APP_TOKEN: APP });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('doctor: SERVICE_API_KEY is required when SERVICE_BASE_URL is set (example: SERVICE_API_KEY=<your API key>)\n');
    expectNoSecret(run);
  });

  it('exits 2 with the usage on a bad option', async () => {
    const run = await runCli(liveEnv(service.url), ['--conversation', 'abc']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^doctor: the conversation id must be a positive whole number, got "abc"\n\nUsage: npm run doctor/);
    expectNoSecret(run);
  });
});
