/**
 * The doctor's Slack checks against the Slack emulator: tokens, the bot scopes against
 * manifest.yml's, Socket Mode, and in HTTP mode the manifest's request URL answered by the app's
 * own Bolt receiver (signature checked).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CheckResult } from '../../src/doctor/check-result.js';
import { DEFAULT_PROBE } from '../../src/doctor/service-checks.js';
import { runDoctor } from '../../src/doctor/run-doctor.js';
import { DEFAULT_BOT_SCOPES } from '../../src/emulators/slack/config.js';
import { startSlackEmulator, type SlackEmulator } from '../../src/emulators/slack/index.js';
import { createMemoryLogger } from '../../src/observability/logger.js';
import { createRedactor } from '../../src/observability/redactor.js';
import { createSlackApp, type SlackApp } from '../../src/slack/app/create-slack-app.js';
import { configFrom } from './doctor-harness.js';

const BOT = 'xoxb-doctor-bot-7f3a9c';
const APP = 'xapp-doctor-app-52be11';
const SIGNING = 'doctor-signing-secret-c0ffee';

describe('doctor: Slack checks', () => {
  let slack: SlackEmulator | undefined;
  let app: SlackApp | undefined;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'doctor-slack-'));
  });
  afterEach(async () => {
    await app?.stop();
    app = undefined;
    await slack?.close();
    slack = undefined;
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const start = async (opts: Parameters<typeof startSlackEmulator>[0] = {}) => {
    slack = await startSlackEmulator({ rateLimits: 'off', botToken: BOT, appToken: APP, signingSecret: SIGNING, ...opts });
    return slack;
  };
  const slackRows = async (env: Record<string, string>, manifestPath = 'manifest.yml'): Promise<CheckResult[]> => {
    const results = await runDoctor({
      config: configFrom({ SLACK_API_URL: slack!.apiUrl, ...env }),
      args: { probe: DEFAULT_PROBE, manifestPath },
    });
    return results.filter((r) => r.endpoint.startsWith('Slack') || r.variant === 'HTTP mode');
  };
  const summary = (rows: CheckResult[]) => rows.map((r) => [r.endpoint, r.status, r.problem]);
  const httpManifest = async (requestUrl: string | undefined, socketMode = false): Promise<string> => {
    const file = path.join(dir, `manifest-${Math.random().toString(36).slice(2)}.yml`);
    const url = requestUrl ? `\n  event_subscriptions: {request_url: "${requestUrl}"}` : '';
    await writeFile(
      file,
      `oauth_config:\n  scopes:\n    bot: [${DEFAULT_BOT_SCOPES.join(', ')}]\nsettings:\n  socket_mode_enabled: ${socketMode}${url}\n`,
    );
    return file;
  };
  const startHttpApp = async (signingSecret: string) => {
    app = createSlackApp({
      connection: { mode: 'http', botToken: BOT, signingSecret, apiUrl: slack!.apiUrl },
      port: 0,
      host: '127.0.0.1',
      logger: createMemoryLogger(createRedactor([BOT, signingSecret])),
      readiness: [],
      register: () => undefined,
      signedRequests: { claim: async () => true },
    });
    const { port } = await app.start();
    return `http://127.0.0.1:${port}/slack/events`;
  };

  it('passes in Socket Mode: the bot token works, holds the manifest scopes, and the app token opens a connection', async () => {
    await start();
    const rows = await slackRows({ SLACK_BOT_TOKEN: BOT, SLACK_APP_TOKEN: APP });
    expect(summary(rows)).toEqual([
      ['Slack auth.test', 'ok', undefined],
      ['Slack bot scopes', 'ok', undefined],
      ['Slack apps.connections.open', 'ok', undefined],
    ]);
    // Socket Mode was only opened, never connected: a running app's connections stay its own.
    expect(slack!.socketConnectionCount()).toBe(0);
  });

  it('fails a refused bot token on auth.test, naming the variable', async () => {
    await start();
    const rows = await slackRows({ SLACK_BOT_TOKEN: 'xoxb-revoked-000000', SLACK_APP_TOKEN: APP });
    expect(rows[0]).toMatchObject({
      endpoint: 'Slack auth.test',
      status: 'fail',
      problem: expect.stringContaining('Slack refused SLACK_BOT_TOKEN (invalid_auth)'),
    });
    expect(rows[1]).toMatchObject({ endpoint: 'Slack bot scopes', status: 'fail' });
  });

  it('fails when the installed bot lacks a scope manifest.yml asks for, naming it', async () => {
    await start({ botScopes: DEFAULT_BOT_SCOPES.filter((s) => s !== 'links:write' && s !== 'users:read') });
    const rows = await slackRows({ SLACK_BOT_TOKEN: BOT, SLACK_APP_TOKEN: APP });
    expect(summary(rows)).toEqual([
      ['Slack auth.test', 'ok', undefined],
      [
        'Slack bot scopes',
        'fail',
        expect.stringMatching(/^the bot token lacks links:write, users:read \(manifest\.yml asks for it\): reinstall/),
      ],
      ['Slack apps.connections.open', 'ok', undefined],
    ]);
  });

  it('fails Socket Mode for an app-level token without connections:write, or an unknown one', async () => {
    await start({ appScopes: [] });
    const rows = await slackRows({ SLACK_BOT_TOKEN: BOT, SLACK_APP_TOKEN: APP });
    expect(rows[2]).toMatchObject({
      status: 'fail',
      problem: expect.stringContaining('SLACK_APP_TOKEN lacks the scope connections:write (missing_scope)'),
    });
    const swapped = await slackRows({ SLACK_BOT_TOKEN: BOT, SLACK_APP_TOKEN: 'xapp-not-known-123456' });
    expect(swapped[2]).toMatchObject({ status: 'fail', problem: expect.stringContaining('Slack refused SLACK_APP_TOKEN (invalid_auth)') });
  });

  it("passes in HTTP mode when the manifest's request URL answers Slack's signed challenge", async () => {
    await start();
    const manifest = await httpManifest(await startHttpApp(SIGNING));
    const rows = await slackRows({ SLACK_BOT_TOKEN: BOT, SLACK_SIGNING_SECRET: SIGNING }, manifest);
    expect(summary(rows)).toEqual([
      ['Slack auth.test', 'ok', undefined],
      ['Slack bot scopes', 'ok', undefined],
      [expect.stringMatching(/^POST http:\/\/127\.0\.0\.1:\d+\/slack\/events$/), 'ok', undefined],
    ]);
  });

  it('fails in HTTP mode when the app there has another signing secret, is not running, or the manifest has no URL', async () => {
    await start();
    const url = await startHttpApp('another-signing-secret-999');
    const wrongSecret = await slackRows({ SLACK_BOT_TOKEN: BOT, SLACK_SIGNING_SECRET: SIGNING }, await httpManifest(url));
    expect(wrongSecret[2]).toMatchObject({ status: 'fail', problem: expect.stringContaining('SLACK_SIGNING_SECRET differs') });
    await app!.stop();
    app = undefined;
    const down = await slackRows({ SLACK_BOT_TOKEN: BOT, SLACK_SIGNING_SECRET: SIGNING }, await httpManifest(url));
    expect(down[2]).toMatchObject({ status: 'fail', problem: expect.stringMatching(/^could not reach the request URL \(ECONNREFUSED\)/) });
    const noUrl = await slackRows({ SLACK_BOT_TOKEN: BOT, SLACK_SIGNING_SECRET: SIGNING }, await httpManifest(undefined));
    expect(noUrl[2]).toMatchObject({
      endpoint: 'Slack request URL',
      status: 'fail',
      problem: expect.stringContaining('sets no request_url'),
    });
    const socketOn = await slackRows({ SLACK_BOT_TOKEN: BOT, SLACK_SIGNING_SECRET: SIGNING }, 'manifest.yml');
    expect(socketOn[2]).toMatchObject({ status: 'fail', problem: expect.stringContaining('SLACK_APP_TOKEN is not set') });
  });
});
