/**
 * OpenTelemetry traces of the real app process (src/main.ts, bundled) between the Slack and
 * service emulators, exporting OTLP/HTTP to a receiver stub (a real HTTP server):
 * - one /financials command is one trace: the Slack request's span, and as its children the
 *   service calls and the response_url post; no span carries a token, the service key, a URL of
 *   either peer (a response_url is a credential) or what the user typed; the command's log lines
 *   carry the trace id as their correlation id.
 * - with no endpoint set, tracing is off: no SDK or exporter module is even resolved (a module
 *   hook in the process reports them, report-otel-loads.mjs) and the stub receives nothing.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceEmulator, type ServiceEmulator } from '../../src/emulators/service/index.js';
import { startSlackEmulator, type SlackEmulator } from '../../src/emulators/slack/index.js';
import { PROJECT_ROOT } from '../support/test-processes.js';
import { pollUntil } from '../support/poll-until.js';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '../observability/tracing/support/otlp-receiver.js';
import { command } from './command-helpers.js';
import { E2E_ACK_TIMEOUT_MS } from './harness.js';
import { appEnvBetweenEmulators, freePort, startAppProcess, type AppProcess } from './support/app-process.js';

const SECRETS = { botToken: 'xoxb-tracing-test-bot-token', signingSecret: 'tracing-test-signing-secret' };
const PROBE = path.join(PROJECT_ROOT, 'test/observability/tracing/support/report-otel-loads.mjs');
const SERVER = 2;
const CLIENT = 3;

interface Setup {
  slack: SlackEmulator;
  service: ServiceEmulator;
  receiver: OtlpReceiver;
  app: AppProcess;
  dataDir: string;
}

async function openSetup(tracingEnv: (receiver: OtlpReceiver) => Record<string, string>, receiverStatus = 200): Promise<Setup> {
  const slack = await startSlackEmulator({ port: 0, ...SECRETS, ackTimeoutMs: E2E_ACK_TIMEOUT_MS });
  // The harness's pace (test/e2e/harness.ts): a run lasts a fraction of a second, not ~30 s.
  const service = await startServiceEmulator({ port: 0, agentSpeed: 200 });
  const receiver = await startOtlpReceiver({ status: receiverStatus });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'research-desk-tracing-'));
  const port = await freePort();
  const app = startAppProcess({
    ...appEnvBetweenEmulators({ slack: { apiUrl: slack.apiUrl }, service, secrets: SECRETS, dataDir, port }),
    NODE_OPTIONS: `--import=${PROBE}`,
    LOG_LEVEL: 'info',
    ...tracingEnv(receiver),
  });
  await app.waitUntilHealthy(port);
  slack.setRequestUrl(`http://127.0.0.1:${port}/slack/events`);
  return { slack, service, receiver, app, dataDir };
}

async function closeSetup(s: Setup | undefined): Promise<void> {
  if (!s) return;
  if (s.app.child.exitCode === null && s.app.child.signalCode === null) s.app.child.kill('SIGTERM');
  await s.app.exited;
  await s.receiver.close();
  await s.service.close();
  await s.slack.close();
  await rm(s.dataDir, { recursive: true, force: true });
}

const probeLines = (s: Setup): string[] =>
  s.app
    .output()
    .split('\n')
    .filter((l) => l.startsWith('otel-probe:'));

describe('tracing on (OTEL_EXPORTER_OTLP_ENDPOINT set)', () => {
  let s: Setup | undefined;
  beforeAll(async () => {
    s = await openSetup((receiver) => ({
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      // Exported a fifth of a second after they end, so the wait below is short on any machine.
      OTEL_BSP_SCHEDULE_DELAY: '200',
    }));
  }, 60_000);
  afterAll(() => closeSetup(s));

  it('makes one trace of a /financials command: the Slack request, its service calls and the response, parented', async () => {
    const setup = s as Setup;
    const app = { slack: setup.slack, logs: [] };
    const card = await command(app, '/financials US:NVDA');
    expect(JSON.stringify(card.blocks)).toContain('NVDA');

    const trace = await pollUntil(
      () => {
        const request = setup.receiver.spans().find((sp) => sp.name === 'slack command /financials');
        if (!request) return undefined;
        const spans = setup.receiver.spans().filter((sp) => sp.traceId === request.traceId);
        return spans.some((sp) => sp.name === 'slack response_url') ? { request, spans } : undefined;
      },
      {
        what: () => `the command's spans at the stub (got ${JSON.stringify(setup.receiver.spans().map((sp) => sp.name))})`,
        timeoutMs: 20_000,
      },
    );
    const { request, spans } = trace;
    const children = spans.filter((sp) => sp !== request);
    const serviceCalls = children.filter((sp) => sp.name.startsWith('service POST /v1/stock/'));
    const response = children.filter((sp) => sp.name === 'slack response_url');

    expect(request.parentSpanId).toBeUndefined();
    expect(request.kind).toBe(SERVER);
    expect(request.attributes).toMatchObject({ 'slack.request_kind': 'command', 'slack.team_id': setup.slack.teamId });
    expect(request.resource['service.name']).toBe('research-desk');
    // The snapshot reads the statements, the revenue mix and a quote (commands-financials.test.ts).
    expect(serviceCalls.map((sp) => sp.name).sort()).toEqual([
      'service POST /v1/stock/company-balance-sheet',
      'service POST /v1/stock/company-cashflow-statement',
      'service POST /v1/stock/company-income-statement',
      'service POST /v1/stock/company-revenue-breakdown',
      'service POST /v1/stock/stock-quote',
    ]);
    expect(response).toHaveLength(1);
    for (const child of [...serviceCalls, ...response]) {
      expect(child.parentSpanId, child.name).toBe(request.spanId);
      expect(child.kind, child.name).toBe(CLIENT);
      expect(child.attributes['http.response.status_code'], child.name).toBe(200);
    }
    // Every span of the trace hangs off the request.
    const ids = new Set(spans.map((sp) => sp.spanId));
    for (const child of children) expect(ids.has(child.parentSpanId ?? ''), child.name).toBe(true);

    // The command's own log lines carry the trace id as their correlation id.
    const logged = setup.app.logs().find((l) => l.msg === '/financials');
    expect(logged?.correlationId).toBe(request.traceId);
  });

  it('follows an agent run: each relay phase a span, children of the mention that started the run', async () => {
    const setup = s as Setup;
    await setup.slack.postMessage({
      text: `<@${setup.slack.botUserId}> How did NVIDIA do last quarter?`,
      user_id: setup.slack.defaultUserId,
    });
    const relayed = await pollUntil(() => setup.app.logs().find((l) => l.msg === 'run relayed'), {
      what: () => `the run relayed (app output:\n${setup.app.output().slice(-3000)})`,
      timeoutMs: 20_000,
    });
    const { mention, phases } = await pollUntil(
      () => {
        const found = setup.receiver.spans().find((sp) => sp.name === 'slack event app_mention');
        const ofRun = setup.receiver.spans().filter((sp) => found && sp.traceId === found.traceId && sp.name.startsWith('relay '));
        return found && ofRun.some((sp) => sp.name === 'relay finishing') ? { mention: found, phases: ofRun } : undefined;
      },
      { what: () => `the run's phase spans (got ${JSON.stringify(setup.receiver.spans().map((sp) => sp.name))})`, timeoutMs: 20_000 },
    );
    expect(phases.map((sp) => sp.name)).toEqual(expect.arrayContaining(['relay starting', 'relay following', 'relay finishing']));
    for (const phase of phases) {
      expect(phase.parentSpanId, phase.name).toBe(mention.spanId);
      expect(phase.attributes['research_desk.run_id'], phase.name).toBe(relayed.runId);
    }
    // The service and Slack calls of a phase are its children: the answer's post hangs off a phase.
    const phaseIds = new Set(phases.map((sp) => sp.spanId));
    const runCalls = setup.receiver.spans().filter((sp) => sp.traceId === mention.traceId && phaseIds.has(sp.parentSpanId ?? ''));
    expect(runCalls.some((sp) => sp.name.startsWith('service '))).toBe(true);
    expect(runCalls.some((sp) => sp.name.startsWith('slack chat.'))).toBe(true);
    expect(relayed.correlationId).toBe(mention.traceId);
  });

  it('exports no secret: no token, service key, peer URL (a response_url is a credential) or what the user typed', () => {
    const setup = s as Setup;
    const everything = setup.receiver.bodies().join('\n');
    expect(everything.length).toBeGreaterThan(0);
    for (const secret of [
      SECRETS.botToken,
      SECRETS.signingSecret,
      setup.service.apiKey,
      setup.slack.url,
      setup.service.url,
      '/response/',
      'US:NVDA',
    ]) {
      expect(everything).not.toContain(secret);
    }
    const attributeText = (sp: ReceivedSpan) => JSON.stringify([sp.name, sp.attributes]);
    for (const sp of setup.receiver.spans()) expect(attributeText(sp)).not.toMatch(/xox[a-z]-|https?:\/\//);
  });

  it('sends traces only (no metrics or logs) and loads the SDK only because the endpoint is set', () => {
    const setup = s as Setup;
    expect(new Set(setup.receiver.requests().map((r) => r.split(' ').slice(0, 2).join(' ')))).toEqual(new Set(['POST /v1/traces']));
    expect(probeLines(setup)).toContain('otel-probe: resolved @opentelemetry/sdk-node');
    expect(setup.app.logs().find((l) => l.msg === 'ready')?.tracing).toBe(setup.receiver.url);
  });

  it('stops cleanly on SIGTERM, the exporter shut down last', async () => {
    const setup = s as Setup;
    setup.app.child.kill('SIGTERM');
    expect(await setup.app.exited).toEqual({ code: 0, signal: null });
    expect(setup.app.output()).not.toMatch(/closing failed|OTLPExporterError/);
  });
});

describe('a collector that refuses the exports', () => {
  let s: Setup | undefined;
  beforeAll(async () => {
    s = await openSetup(
      (receiver) => ({
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_BSP_SCHEDULE_DELAY: '200',
      }),
      400,
    );
  }, 60_000);
  afterAll(() => closeSetup(s));

  it('is said in the app’s log (the SDK alone would say nothing), and the app answers all the same', async () => {
    const setup = s as Setup;
    const card = await command({ slack: setup.slack, logs: [] }, '/financials US:NVDA');
    expect(JSON.stringify(card.blocks)).toContain('NVDA');
    const problem = await pollUntil(() => setup.app.logs().find((l) => l.component === 'opentelemetry'), {
      what: () => `an opentelemetry problem logged (app output:\n${setup.app.output().slice(-3000)})`,
      timeoutMs: 20_000,
    });
    expect(problem.level).toBe('error');
    expect(setup.receiver.requests().length).toBeGreaterThan(0);
  });
});

describe('tracing off (no endpoint)', () => {
  let s: Setup | undefined;
  beforeAll(async () => {
    // Everything else a deployment might set, but no endpoint: tracing stays off.
    s = await openSetup(() => ({
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_SERVICE_NAME: 'research-desk',
      OTEL_BSP_SCHEDULE_DELAY: '200',
    }));
  }, 60_000);
  afterAll(() => closeSetup(s));

  it('loads no SDK, starts no exporter and sends nothing, and says tracing is off', async () => {
    const setup = s as Setup;
    await command({ slack: setup.slack, logs: [] }, '/financials US:NVDA');
    // The command has been answered; stopping the app is what would flush an exporter, if one had started.
    setup.app.child.kill('SIGTERM');
    expect((await setup.app.exited).code).toBe(0);
    expect(setup.app.logs().find((l) => l.msg === 'ready')?.tracing).toBe('off');
    expect(probeLines(setup)).toEqual([]);
    expect(setup.receiver.requests()).toEqual([]);
    // The correlation id is today's: Slack's trigger id, not a trace id.
    expect(setup.app.logs().find((l) => l.msg === '/financials')?.correlationId).not.toMatch(/^[0-9a-f]{32}$/);
  });
});
