/**
 * The app started while Slack cannot authorise it: Slack's Web API unreachable, or a bot token
 * Slack refuses. It must stay alive (/healthz), say it is not ready and why, naming Slack
 * (/readyz), and once Slack answers serve requests without a restart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness.js';

interface Readiness {
  status: number;
  checks: Array<{ name: string; ok: boolean; reason?: string }>;
}

async function readiness(h: Harness): Promise<Readiness> {
  const res = await fetch(`http://127.0.0.1:${h.desk.port}/readyz`);
  const body = (await res.json()) as { checks: Readiness['checks'] };
  return { status: res.status, checks: body.checks };
}

describe('Slack unreachable when the app starts', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ slack: { webApiUnreachable: true } });
  });
  afterAll(async () => h?.close());

  it('stays alive but not ready, naming Slack and why', async () => {
    expect((await fetch(`http://127.0.0.1:${h.desk.port}/healthz`)).status).toBe(200);
    const ready = await readiness(h);
    expect(ready.status).toBe(503);
    expect(ready.checks.find((c) => c.name === 'slack')).toEqual(expect.objectContaining({ ok: false, reason: 'unreachable' }));
    const others = ready.checks.filter((c) => c.name !== 'slack');
    expect(others.length).toBeGreaterThan(0);
    expect(others.every((c) => c.ok)).toBe(true);
  });

  it('once Slack answers, answers a command and is ready, without a restart', async () => {
    h.slack.setWebApiUnreachable(false);
    // A request tries to authorise again at once: no waiting for the back-off.
    const before = h.ephemerals().length;
    await h.slack.sendCommand({ command: '/research', text: 'help' });
    const answer = await h.slack.waitFor(
      () =>
        h
          .ephemerals()
          .slice(before)
          .find((e) => /research/i.test(e.text)),
      10_000,
    );
    expect(answer.text).toMatch(/research/i);
    const ready = await readiness(h);
    expect(ready.status).toBe(200);
    expect(ready.checks.find((c) => c.name === 'slack')?.ok).toBe(true);
  });
});

describe('Slack unreachable when the app starts in Socket Mode', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ deliveryMode: 'socket', slack: { webApiUnreachable: true }, waitForSocket: false });
  });
  afterAll(async () => h?.close());

  it('starts anyway, connects once Slack answers, and answers a command', async () => {
    expect(h.slack.socketConnectionCount()).toBe(0);
    h.slack.setWebApiUnreachable(false);
    // The back-off loop connects (its first retry comes within two seconds).
    await h.slack.waitFor(() => h.slack.socketConnectionCount() > 0, 20_000);
    const before = h.ephemerals().length;
    await h.slack.sendCommand({ command: '/research', text: 'help' });
    const answer = await h.slack.waitFor(
      () =>
        h
          .ephemerals()
          .slice(before)
          .find((e) => /research/i.test(e.text)),
      10_000,
    );
    expect(answer.text).toMatch(/research/i);
  });
});

describe('a bot token Slack refuses', () => {
  let h: Harness;
  beforeAll(async () => {
    // The workspace knows another bot token than the one the app was given.
    h = await startHarness({ slack: { botToken: 'not-the-token-the-app-has' } });
  });
  afterAll(async () => h?.close());

  it('is not ready, naming Slack and the refused token, and the log says what to fix', async () => {
    const ready = await readiness(h);
    expect(ready.status).toBe(503);
    expect(ready.checks.find((c) => c.name === 'slack')).toEqual(expect.objectContaining({ ok: false, reason: 'token_refused' }));
    const line = h.logs.find((l) => l.includes('SLACK_BOT_TOKEN'));
    expect(line).toBeDefined();
    expect(JSON.parse(line!)).toMatchObject({ level: 'error', code: 'invalid_auth' });
  });
});
