/**
 * The Slack wiring end to end: request signatures, Slack's redelivery of late-acked events,
 * health endpoints, and secrets kept out of logs — the real app between the two emulators.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signSlackRequest } from '../../src/emulators/slack/index.js';
import { eventIdFor, runIdForEvent, waitForRedeliveriesTurnedAway, waitForRunEnd } from './agent-helpers.js';
import { E2E_SECRETS, startHarness, type Harness } from './harness.js';
import { metricsJson } from '../observability/metrics/scrape-metrics.js';

describe('Slack wiring over HTTP', () => {
  let h: Harness;
  let appUrl: string;
  beforeAll(async () => {
    // A spent ack deadline (0) makes every delivery "late" however fast the app answers, so Slack's
    // retries really happen.
    h = await startHarness({ slack: { ackTimeoutMs: 0, eventRetryDelaysMs: [50, 100, 150] }, deskOverrides: { metricsPort: 0 } });
    appUrl = `http://127.0.0.1:${h.desk.port}`;
  });
  afterAll(async () => h?.close());

  const commandBody = (text: string) =>
    new URLSearchParams({
      command: '/research',
      text,
      user_id: h.slack.defaultUserId,
      channel_id: h.slack.defaultChannelId,
      team_id: h.slack.teamId,
      trigger_id: 't.1',
      response_url: `${h.slack.url}/response/none`,
    }).toString();

  it('refuses a request with a bad signature', async () => {
    const body = commandBody('help');
    const ts = Math.floor(Date.now() / 1000);
    const res = await fetch(`${appUrl}/slack/events`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-slack-request-timestamp': String(ts),
        'x-slack-signature': signSlackRequest('not-the-secret', ts, body),
      },
      body,
    });
    expect(res.status).toBe(401);
  });

  it('refuses an unsigned request and a stale one (outside the five-minute window)', async () => {
    const body = commandBody('help');
    const unsigned = await fetch(`${appUrl}/slack/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    expect(unsigned.status).toBe(401);
    const stale = Math.floor(Date.now() / 1000) - 6 * 60;
    const res = await fetch(`${appUrl}/slack/events`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-slack-request-timestamp': String(stale),
        'x-slack-signature': signSlackRequest(E2E_SECRETS.signingSecret, stale, body),
      },
      body,
    });
    expect(res.status).toBe(401);
  });

  it('accepts a correctly signed command and answers it', async () => {
    const before = h.ephemerals().length;
    await h.slack.sendCommand({ command: '/research', text: 'help' });
    // The spent deadline marks the ack late on the emulator's side; the answer still arrives.
    const answer = await h.slack.waitFor(
      () =>
        h
          .ephemerals()
          .slice(before)
          .find((e) => /research/i.test(e.text)),
      10_000,
    );
    expect(answer.blocks?.length ?? 0).toBeGreaterThan(0);
  });

  it('tolerates Slack redelivering a late-acked event: one run, one reply', async () => {
    const { ts } = await h.slack.postMessage({ text: `<@${h.slack.botUserId}> what drives NVDA margins?` });
    // Slack retries (X-Slack-Retry-Num 1..3) arrive while the first delivery is being handled.
    await h.slack.waitFor(() => h.slack.deliveries.filter((d) => d.kind === 'event_callback' && d.retryNum > 0).length >= 1, 10_000);
    // Positive signals before counting replies: every redelivery of the mention reached the app
    // and was turned away, and the one run has ended.
    const eventId = eventIdFor(h, ts, 'app_mention');
    await waitForRedeliveriesTurnedAway(h, eventId);
    await waitForRunEnd(h, runIdForEvent(h, h.slack.defaultChannelId, eventId));
    const replies = h.slack.threadReplies(h.slack.defaultChannelId, ts).filter((m) => m.user === h.slack.botUserId);
    expect(replies).toHaveLength(1);
    const retries = h.slack.deliveries.filter((d) => d.kind === 'event_callback' && d.retryNum > 0);
    expect(retries.length).toBeGreaterThan(0);
    expect(h.logs.some((l) => l.includes('duplicate Slack event ignored'))).toBe(true);
  });

  it('answers /healthz and /readyz with the service, the store and Slack checked', async () => {
    const health = await fetch(`${appUrl}/healthz`);
    expect(health.status).toBe(200);
    const ready = await fetch(`${appUrl}/readyz`);
    const body = (await ready.json()) as { ok: boolean; checks: Array<{ name: string; ok: boolean }> };
    expect(ready.status).toBe(200);
    expect(body.checks.map((c) => [c.name, c.ok])).toEqual([
      ['service', true],
      ['store', true],
      ['slack', true],
    ]);
  });

  it('reports the service as not ready when it fails, naming it', async () => {
    h.service.setFaults({ errorRate: 1 });
    try {
      const ready = await fetch(`${appUrl}/readyz`);
      const body = (await ready.json()) as { ok: boolean; checks: Array<{ name: string; ok: boolean }> };
      expect(ready.status).toBe(503);
      expect(body.checks.find((c) => c.name === 'service')?.ok).toBe(false);
      expect(body.checks.find((c) => c.name === 'store')?.ok).toBe(true);
    } finally {
      h.service.setFaults({});
    }
  });

  it('exposes the relay metrics on the metrics port, not the public one: Slack calls and 429s by method, stalls, staleness', async () => {
    expect((await fetch(`${appUrl}/metrics`)).status).toBe(404);
    const body = await metricsJson<{
      relay: { callsByMethod: Record<string, number>; rateLimited: number; stalls: number; stalenessMs: { samples: number } };
    }>(h.desk.metricsPort);
    // The mention answered above went through the relay.
    expect(body.relay.callsByMethod['chat.postMessage']).toBeGreaterThanOrEqual(1);
    expect(body.relay.rateLimited).toBe(0);
    expect(body.relay.stalls).toBe(0);
    expect(body.relay.stalenessMs.samples).toBeGreaterThan(0);
  });

  it('never writes a secret into the logs', () => {
    const all = h.logs.join('\n');
    for (const secret of Object.values(E2E_SECRETS)) expect(all).not.toContain(secret);
  });
});
