/**
 * The metrics port of the real app between both emulators, on Redis: a scrape parses as Prometheus
 * text and holds every series of issue 35 with values that follow what happened (a /research
 * command, an agent answer, a 👍, a Slack 429, service calls); the JSON view answers beside it;
 * the public port has no /metrics; no label value carries a secret, a response_url or a question.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeskMetrics } from '../../../src/observability/metrics/desk-metrics.js';
import { FEEDBACK_ACTION_ID } from '../../../src/slack/agent/feedback/feedback-buttons.js';
import { botReplies, eventIdFor, runIdForEvent, waitForRecord, waitForRunEnd } from '../../e2e/agent-helpers.js';
import { buildManualClock, commandReply, digestsIn } from '../../e2e/features-helpers.js';
import { E2E_SECRETS, startHarness, type Harness } from '../../e2e/harness.js';
import { pollUntil } from '../../support/poll-until.js';
import { metricsJson, scrapeMetrics } from './scrape-metrics.js';

const QUERY = 'NVIDIA data center revenue';
const QUESTION = 'How strong is NVIDIA’s balance sheet?';

describe('the metrics port', () => {
  let h: Harness;
  let metricsPort: number;

  beforeAll(async () => {
    const metrics = createDeskMetrics();
    h = await startHarness({
      store: 'redis',
      agentSpeed: 12,
      // conversations.info answers once a minute: a second call gets Slack's 429.
      rateLimits: { 'conversations.info': [{ perMinute: 1, burst: 1, scope: 'workspace' }] },
      deskOverrides: { metrics, metricsPort: 0 },
    });
    metricsPort = h.desk.metricsPort as number;

    // A /research command, answered on its response_url.
    const before = h.ephemerals().length;
    await h.slack.sendCommand({ command: '/research', text: QUERY });
    await h.slack.waitFor(() => h.ephemerals()[before], 15_000);
    // An agent answer, and a 👍 on it.
    const channel = h.slack.defaultChannelId;
    const { ts } = await h.slack.postMessage({ text: `<@${h.slack.botUserId}> ${QUESTION}` });
    const record = await waitForRunEnd(h, runIdForEvent(h, channel, eventIdFor(h, ts, 'app_mention')));
    expect(record.status).toBe('completed');
    const answerTs = botReplies(h, channel, ts).at(-1)?.ts as string;
    const click = await h.slack.clickAction({
      channel_id: channel,
      message_ts: answerTs,
      action_id: FEEDBACK_ACTION_ID,
      value: 'positive',
    });
    expect(click.ok).toBe(true);
    await pollUntil(async () => (await metricsJson<{ feedback: { positive: number } }>(metricsPort)).feedback.positive === 1, {
      what: 'the vote counted',
      timeoutMs: 10_000,
    });
    // The desk's own client, twice on a method Slack allows once a minute.
    const client = await h.desk.workspaces.slackClient({ teamId: h.slack.teamId });
    await client.conversations.info({ channel });
    await expect(client.conversations.info({ channel })).rejects.toThrow();
  }, 90_000);
  afterAll(async () => h?.close());

  const sample = (families: Awaited<ReturnType<typeof scrapeMetrics>>['families'], name: string, labels: Record<string, string> = {}) =>
    families.get(name)?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));

  it('answers in the Prometheus text format with every series, their values following what happened', async () => {
    const { contentType, families, histogram } = await scrapeMetrics(metricsPort);
    expect(contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    // Node's defaults: process, GC, event loop.
    for (const name of [
      'process_cpu_seconds_total',
      'nodejs_eventloop_lag_p99_seconds',
      'nodejs_gc_duration_seconds',
      'nodejs_heap_size_used_bytes',
    ]) {
      expect(families.has(name), name).toBe(true);
    }
    // Read from Node's delay histogram at the scrape (event-loop-lag.ts): a loop that ran has some delay.
    expect(Number(sample(families, 'nodejs_eventloop_lag_p50_seconds')?.value)).toBeGreaterThan(0);
    expect(families.has('nodejs_eventloop_lag_stddev_seconds')).toBe(false);
    const ack = histogram('research_desk_command_ack_duration_seconds', { command: '/research' });
    expect(families.get('research_desk_command_ack_duration_seconds')?.type).toBe('HISTOGRAM');
    expect(Number(ack?.count)).toBe(1);
    expect(Number(ack?.sum)).toBeGreaterThan(0);
    expect(Number(ack?.sum)).toBeLessThan(3);
    const first = histogram('research_desk_command_first_response_duration_seconds', { command: '/research' });
    expect(Number(first?.count)).toBe(1);
    expect(Number(first?.sum)).toBeGreaterThanOrEqual(Number(ack?.sum));

    expect(families.get('research_desk_service_calls_total')?.type).toBe('COUNTER');
    const serviceCalls = families.get('research_desk_service_calls_total')?.metrics ?? [];
    expect(serviceCalls.some((m) => m.labels?.status === '200' && Number(m.value) >= 1)).toBe(true);
    // The agent's conversation routes are named by template, never by id.
    expect(serviceCalls.some((m) => m.labels?.route?.includes('/v1/agent/conversations/{id}'))).toBe(true);
    expect(families.get('research_desk_service_call_duration_seconds')?.type).toBe('HISTOGRAM');
    const searchRoute = serviceCalls.find((m) => m.labels?.status === '200')?.labels?.route as string;
    expect(Number(histogram('research_desk_service_call_duration_seconds', { route: searchRoute })?.count)).toBeGreaterThan(0);

    expect(
      Number(sample(families, 'research_desk_slack_calls_total', { method: 'response_url', outcome: 'ok' })?.value),
    ).toBeGreaterThanOrEqual(1);
    expect(
      Number(sample(families, 'research_desk_slack_calls_total', { method: 'chat.postMessage', outcome: 'ok' })?.value),
    ).toBeGreaterThanOrEqual(1);
    expect(
      Number(sample(families, 'research_desk_slack_calls_total', { method: 'conversations.info', outcome: 'rate_limited' })?.value),
    ).toBe(1);

    expect(Number(histogram('research_desk_relay_staleness_seconds')?.count)).toBeGreaterThan(0);
    expect(families.get('research_desk_runs_active')?.type).toBe('GAUGE');
    expect(Number(sample(families, 'research_desk_runs_active')?.value)).toBe(0);
    expect(Number(sample(families, 'research_desk_runs_deferred')?.value)).toBe(0);
    expect(Number(sample(families, 'research_desk_questions_queued_total')?.value)).toBe(0);
    expect(Number(sample(families, 'research_desk_digests_posted_total')?.value)).toBe(0);
    expect(Number(sample(families, 'research_desk_watch_alerts_posted_total')?.value)).toBe(0);
    expect(Number(sample(families, 'research_desk_feedback_votes_total', { vote: 'positive' })?.value)).toBe(1);
    expect(Number(sample(families, 'research_desk_feedback_votes_withdrawn_total', { vote: 'positive' })?.value || 0)).toBe(0);
  });

  it('puts no secret, response_url, user text or id in a label value', async () => {
    const { families, text } = await scrapeMetrics(metricsPort);
    const values = [...families.values()].flatMap((f) => f.metrics.flatMap((m) => Object.values(m.labels ?? {})));
    expect(values.length).toBeGreaterThan(20);
    const forbidden = [
      ...Object.values(E2E_SECRETS),
      h.slack.url,
      '/response/',
      'http',
      'NVIDIA',
      'balance sheet',
      h.slack.defaultChannelId,
    ];
    for (const value of values) for (const bad of forbidden) expect(value, `label value ${value}`).not.toContain(bad);
    for (const secret of Object.values(E2E_SECRETS)) expect(text).not.toContain(secret);
  });

  it('shows the JSON view for people: the relay, deferred starts and votes', async () => {
    const view = await metricsJson<{
      relay: { callsByMethod: Record<string, number>; stalenessMs: { samples: number } };
      deferredStarts: { depth: number };
      feedback: { positive: number; negative: number };
    }>(metricsPort);
    expect(view.relay.callsByMethod['chat.postMessage']).toBeGreaterThanOrEqual(1);
    expect(view.relay.stalenessMs.samples).toBeGreaterThan(0);
    expect(view.deferredStarts.depth).toBe(0);
    expect(view.feedback).toEqual({ positive: 1, negative: 0 });
  });

  it('counts a run while it is relayed and a question queued behind it', async () => {
    const channel = h.slack.defaultChannelId;
    h.service.pauseAgentRuns();
    try {
      const { ts: root } = await h.slack.postMessage({ text: `<@${h.slack.botUserId}> How did Apple’s revenue mix change?` });
      const runId = runIdForEvent(h, channel, eventIdFor(h, root, 'app_mention'));
      await waitForRecord(h, runId, (r) => r.status === 'running' && r.assistantMessageId !== '');
      const queued = async () => Number(sample((await scrapeMetrics(metricsPort)).families, 'research_desk_questions_queued_total')?.value);
      expect(Number(sample((await scrapeMetrics(metricsPort)).families, 'research_desk_runs_active')?.value)).toBe(1);
      await h.slack.postMessage({ text: 'And services margins?', thread_ts: root });
      await pollUntil(async () => (await queued()) === 1, { what: 'the queued question counted', timeoutMs: 10_000 });
    } finally {
      h.service.resumeAgentRuns();
    }
    await pollUntil(async () => Number(sample((await scrapeMetrics(metricsPort)).families, 'research_desk_runs_active')?.value) === 0, {
      what: 'both runs ended',
      timeoutMs: 30_000,
    });
  }, 45_000);

  it('is not on the public port, and answers 404 for other paths', async () => {
    expect((await fetch(`http://127.0.0.1:${h.desk.port}/metrics`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/slack/events`)).status).toBe(404);
  });
});

describe('digests and watch alerts posted', () => {
  // After the demo data's last document (as in test/e2e/watches.test.ts).
  const T0 = Date.parse('2025-07-01T02:00:00.000Z');
  const POLL_MS = 5 * 60_000;
  const clock = buildManualClock(T0);
  let h: Harness;
  const counted = async (name: string) => Number((await scrapeMetrics(h.desk.metricsPort as number)).families.get(name)?.metrics[0]?.value);

  beforeAll(async () => {
    // The schedulers' clock is the test's (as in test/e2e/features-digest.test.ts and watches.test.ts); the poller's timer never fires.
    h = await startHarness({
      store: 'redis',
      clock,
      serviceClock: clock,
      digestTickMs: 40,
      slack: { clock },
      deskOverrides: { metricsPort: 0, watchPollMs: POLL_MS, watchTimer: { schedule: () => () => undefined } },
    });
    await commandReply(h, { command: '/concepts', text: 'subscribe daily at:09:00 top:5' });
  });
  afterAll(async () => h?.close());

  it('counts a digest when it is posted', async () => {
    expect(await counted('research_desk_digests_posted_total')).toBe(0);
    clock.set(Date.parse('2025-07-01T09:00:30.000Z'));
    await h.slack.waitFor(() => digestsIn(h, h.slack.defaultChannelId).length === 1, 10_000);
    await pollUntil(async () => (await counted('research_desk_digests_posted_total')) === 1, {
      what: 'the digest counted',
      timeoutMs: 10_000,
    });
  });

  it('counts a watch alert when it is posted', async () => {
    await commandReply(h, { command: '/research', text: 'watch SH:600519 news filings' });
    // The first poll sets the watch's cursor: the demo's documents (all before T0) are not news.
    expect((await h.desk.watches.tick()).map((r) => r.outcome)).toEqual(['nothing_new']);
    expect(await counted('research_desk_watch_alerts_posted_total')).toBe(0);
    clock.advance(60_000);
    h.service.publishDocument({ symbol: 'SH:600519', category: 'news', title: 'Moutai raises its dividend', publishedAtMs: clock() });
    clock.advance(POLL_MS);
    const reports = await h.desk.watches.tick();
    expect(reports.map((r) => r.outcome)).toEqual(['posted']);
    expect(await counted('research_desk_watch_alerts_posted_total')).toBe(1);
  });
});

describe('in Socket Mode', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ deliveryMode: 'socket', deskOverrides: { metricsPort: 0 } });
  });
  afterAll(async () => h?.close());

  it('times a command’s ack and first answer too (the socket receiver hands events to the same processEvent)', async () => {
    const before = h.ephemerals().length;
    await h.slack.sendCommand({ command: '/research', text: QUERY });
    await h.slack.waitFor(() => h.ephemerals()[before], 15_000);
    const { histogram } = await scrapeMetrics(h.desk.metricsPort as number);
    expect(Number(histogram('research_desk_command_ack_duration_seconds', { command: '/research' })?.count)).toBe(1);
    await pollUntil(
      async () =>
        Number(
          (await scrapeMetrics(h.desk.metricsPort as number)).histogram('research_desk_command_first_response_duration_seconds', {
            command: '/research',
          })?.count,
        ) === 1,
      { what: 'the first answer timed', timeoutMs: 10_000 },
    );
  });
});
