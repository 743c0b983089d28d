/**
 * A restarted app with the default configuration (no INSTANCE_ID, the embedded file store) takes
 * its run back at once. The lease is an hour long, so resuming cannot come from the lease running
 * out: the restarted process must hold the lease already, under the same default instance id.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServiceEmulator, type ServiceEmulator } from '../../src/emulators/service/index.js';
import { startSlackEmulator, type SlackEmulator } from '../../src/emulators/slack/index.js';
import { freePort, startAppProcess, type AppProcess, type LogLine, appEnvBetweenEmulators } from './support/app-process.js';
import { E2E_ACK_TIMEOUT_MS } from './harness.js';

const SECRETS = { botToken: 'xoxb-restart-default-id-token', signingSecret: 'restart-default-id-signing-secret' };

describe('restart with the default instance id', () => {
  let slack: SlackEmulator | undefined;
  let service: ServiceEmulator | undefined;
  let dataDir: string | undefined;
  const apps: AppProcess[] = [];
  afterAll(async () => {
    for (const app of apps) if (app.child.exitCode === null && app.child.signalCode === null) app.child.kill('SIGKILL');
    await Promise.all(apps.map((a) => a.exited));
    await service?.close();
    await slack?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('resumes the run a SIGKILLed predecessor held, without waiting out its lease', async () => {
    slack = await startSlackEmulator({
      port: 0,
      botToken: SECRETS.botToken,
      signingSecret: SECRETS.signingSecret,
      ackTimeoutMs: E2E_ACK_TIMEOUT_MS,
    });
    service = await startServiceEmulator({ port: 0, agentSpeed: 4 });
    dataDir = await mkdtemp(path.join(tmpdir(), 'research-desk-restart-default-id-'));
    const port = await freePort();
    const env = {
      ...appEnvBetweenEmulators({ slack, service, secrets: SECRETS, dataDir, port }),
      RUN_LEASE_SECONDS: '3600',
      SLACK_STREAMING: 'update',
      LOG_LEVEL: 'info',
    };
    const started = (line: LogLine) => line.msg === 'research desk started';

    const first = startAppProcess(env);
    apps.push(first);
    await first.waitUntilHealthy(port);
    slack.setRequestUrl(`http://127.0.0.1:${port}/slack/events`);
    const since = slack.calls.length;
    const replied = new Promise<void>((resolve) => {
      const check = (): void => {
        if (!slack!.calls.slice(since).some((c) => c.method === 'chat.postMessage' && c.ok)) return;
        slack!.events.off('change', check);
        resolve();
      };
      slack!.events.on('change', check);
    });
    await slack.postMessage({ text: `<@${slack.botUserId}> How did Moutai do this quarter?`, user_id: slack.defaultUserId });
    // The "Working…" reply is posted once the run is recorded and leased: kill it mid-run.
    await replied;
    service.pauseAgentRuns();
    first.child.kill('SIGKILL');
    await first.exited;

    const second = startAppProcess(env);
    apps.push(second);
    await second.waitUntilHealthy(port);
    service.resumeAgentRuns();
    expect((await second.waitForLog(started)).instanceId).toBe((await first.waitForLog(started)).instanceId);
    const resumed = await second.waitForLog((line) => line.msg === 'runs resumed at start');
    expect(resumed.runIds).toHaveLength(1);
    const end = await second.waitForLog((line) => line.msg === 'run relayed');
    expect(end.status).toBe('completed');
    expect(end.runId).toBe((resumed.runIds as string[])[0]);
    second.child.kill('SIGTERM');
    expect((await second.exited).code).toBe(0);
  }, 120_000);
});
