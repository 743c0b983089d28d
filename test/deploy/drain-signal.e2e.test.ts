/**
 * The app as a process, sent a real SIGTERM: main.ts begins the drain at once, so /readyz answers
 * 503 `draining` while /healthz stays 200 and the server still answers, for SHUTDOWN_DRAIN_SECONDS.
 * The drain here is long (5 minutes), so the window is watched without racing it; what follows it
 * (closing, exit 0) is drain-readiness.integration.test.ts's and close-on-signals.test.ts's.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type ServiceEmulator, startServiceEmulator } from '../../src/emulators/service/index.js';
import { type SlackEmulator, startSlackEmulator } from '../../src/emulators/slack/index.js';
import { E2E_ACK_TIMEOUT_MS } from '../e2e/harness.js';
import { type AppProcess, appEnvBetweenEmulators, freePort, startAppProcess } from '../e2e/support/app-process.js';
import { pollUntil } from '../support/poll-until.js';

const SECRETS = { botToken: 'xoxb-drain-signal-token', signingSecret: 'drain-signal-signing-secret' };

async function answer(url: string): Promise<{ status: number; body: unknown } | undefined> {
  return fetch(url).then(
    async (res) => ({ status: res.status, body: await res.json() }),
    () => undefined,
  );
}

describe('SIGTERM to the app process', () => {
  let slack: SlackEmulator | undefined;
  let service: ServiceEmulator | undefined;
  let dataDir: string | undefined;
  let app: AppProcess | undefined;
  afterAll(async () => {
    if (app && app.child.exitCode === null && app.child.signalCode === null) app.child.kill('SIGKILL');
    await app?.exited;
    await service?.close();
    await slack?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('turns /readyz to 503 draining at once, /healthz still 200', async () => {
    slack = await startSlackEmulator({ port: 0, ...SECRETS, ackTimeoutMs: E2E_ACK_TIMEOUT_MS });
    service = await startServiceEmulator({ port: 0 });
    dataDir = await mkdtemp(path.join(tmpdir(), 'research-desk-drain-signal-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    app = startAppProcess({
      ...appEnvBetweenEmulators({ slack, service, secrets: SECRETS, dataDir, port }),
      SHUTDOWN_DRAIN_SECONDS: '300',
      LOG_LEVEL: 'info',
    });
    const running = app;
    await running.waitUntilHealthy(port);
    await pollUntil(async () => (await answer(`${base}/readyz`))?.status === 200, {
      what: '/readyz 200 before SIGTERM',
      timeoutMs: 20_000,
    });

    running.child.kill('SIGTERM');
    await running.waitForLog((line) => line.msg === 'shutting down' && line.signal === 'SIGTERM' && line.drainDelayMs === 300_000);
    expect(await answer(`${base}/readyz`)).toEqual({ status: 503, body: { ok: false, reason: 'draining' } });
    expect(await answer(`${base}/healthz`)).toEqual({ status: 200, body: { ok: true } });
    expect(running.child.exitCode).toBeNull();
  });
});
