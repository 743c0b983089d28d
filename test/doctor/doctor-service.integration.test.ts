/**
 * The doctor's service checks over real HTTP: green against the service emulator in every naming
 * variant (naming the variant), red naming the endpoint when one route is broken.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CheckResult } from '../../src/doctor/check-result.js';
import { DEFAULT_PROBE } from '../../src/doctor/service-checks.js';
import { runDoctor } from '../../src/doctor/run-doctor.js';
import { startServiceEmulator, type ServiceEmulator } from '../../src/emulators/service/index.js';
import { VARIANTS } from '../../src/emulators/service/variants.js';
import { createResearchClient } from '../../src/service/research-client.js';
import { sendJson, type CraftedServer } from '../service/crafted-server.js';
import { configFrom, forward, rowOf, startBreakingProxy } from './doctor-harness.js';

/** Every service endpoint the app reads, in the doctor's order (the route that answered may vary). */
const SERVICE_ENDPOINTS = [
  /^POST \/v1\/search$/,
  /^POST \/v1\/docs\/tags$/,
  /^POST \/v2\/search$/,
  /^POST \/v2\/search\/news$/,
  /^POST \/v1\/search\/(chunks|rag)$/,
  /^GET \/v1\/docs\/[^/]+$/,
  /^GET \/v1\/docs\/[^/]+\/summary$/,
  /^POST \/v1\/stock\/company-balance-sheet$/,
  /^POST \/v1\/stock\/company-cashflow-statement$/,
  /^POST \/v1\/stock\/company-income-statement$/,
  /^POST \/v1\/stock\/(company-prices|stock-quote)$/,
  /^POST \/v1\/stock\/earnings-calendar$/,
  /^POST \/v1\/stock\/company-revenue-breakdown$/,
  /^POST \/v1\/stock\/index-(prices|quote)$/,
  /^GET \/v1\/concepts\/latest$/,
];

describe('doctor: research service checks', () => {
  let emulator: ServiceEmulator;
  let proxy: CraftedServer | undefined;
  const manifestPath = 'manifest.yml';

  const doctor = (baseUrl: string, more: { apiKey?: string; conversationId?: string; now?: () => number } = {}): Promise<CheckResult[]> =>
    runDoctor({
      config: configFrom({ SERVICE_BASE_URL: baseUrl, SERVICE_API_KEY: more.apiKey ?? emulator.apiKey }),
      args: { probe: DEFAULT_PROBE, manifestPath, ...(more.conversationId !== undefined ? { conversationId: more.conversationId } : {}) },
      ...(more.now ? { now: more.now } : {}),
    });
  /** A latency clock that moves 7 ms each time it is read: each check reads it before and after, so its row says 7. */
  const steppingNow = (): (() => number) => {
    let ms = 1_000;
    return () => {
      ms += 7;
      return ms;
    };
  };

  beforeAll(async () => {
    emulator = await startServiceEmulator({ agentSpeed: 500 });
  });
  afterEach(async () => {
    emulator.setVariant('latest');
    await proxy?.close();
    proxy = undefined;
  });
  afterAll(() => emulator.close());

  it.each(VARIANTS)('passes every endpoint against the emulator in the %s variant, naming the paging it speaks', async (variant) => {
    emulator.setVariant(variant);
    const results = await doctor(emulator.url, { now: steppingNow() });
    const service = results.filter((r) => !r.endpoint.startsWith('Slack') && !r.endpoint.includes('/agent/'));
    expect(service.map((r) => [r.endpoint, r.status, r.problem])).toEqual(
      SERVICE_ENDPOINTS.map((e) => [expect.stringMatching(e), 'ok', undefined]),
    );
    const paging = variant === 'legacy' ? 'legacy' : 'schema';
    // The interface document's variants send id/ISO; a variant serving the published schema's form
    // sends doc_id/ms, and the doctor names whichever it gets.
    const form = ['legacy', 'schema', 'latest'].includes(variant) ? 'id/ISO' : '(id/ISO|doc_id/ms)';
    expect(rowOf(results, 'POST /v1/search').variant).toMatch(new RegExp(`^paging ${paging}, docs ${form}$`));
    expect(rowOf(results, 'POST /v1/docs/tags').variant).toMatch(new RegExp(`^paging ${paging}\\b`));
    expect(rowOf(results, 'POST /v1/stock/index-').variant).toMatch(/^route \/v1\/stock\/index-(prices|quote)$/);
    // The latency column is the injected clock's reading after the check minus before it.
    expect(service.map((r) => r.ms)).toEqual(SERVICE_ENDPOINTS.map(() => 7));
    // Without a conversation id the agent reads are skipped, and Slack without tokens too: still ready.
    expect(rowOf(results, 'GET /v1/agent/conversations/').status).toBe('skip');
    expect(rowOf(results, 'Slack').status).toBe('skip');
    expect(results.some((r) => r.status === 'fail')).toBe(false);
  });

  /** A conversation with one finished agent run on the emulator. */
  const finishedRun = async (): Promise<{ conversationId: string; assistantMessageId: string }> => {
    const client = createResearchClient({ baseUrl: emulator.url, apiKey: emulator.apiKey });
    const conversation = await client.createConversation({ title: 'doctor' });
    const run = await client.chat({ conversationId: conversation.id, message: 'NVDA margins' });
    for await (const _event of run.events) {
      // Drained: the run has ended when the stream does.
    }
    await client.close();
    return { conversationId: conversation.id, assistantMessageId: run.assistantMessageId };
  };

  it('reads a named conversation, its messages and its latest run, and never writes', async () => {
    const { conversationId, assistantMessageId } = await finishedRun();
    const before = emulator.requestLog.length;
    const results = await doctor(emulator.url, { conversationId });
    const agent = results.filter((r) => r.endpoint.includes('/agent/'));
    expect(agent.map((r) => [r.endpoint, r.status])).toEqual([
      [`GET /v1/agent/conversations/${conversationId}`, 'ok'],
      [`GET /v1/agent/conversations/${conversationId}/messages`, 'ok'],
      [`GET /v1/agent/conversations/${conversationId}/messages/${assistantMessageId}`, 'ok'],
    ]);
    const doctorRequests = emulator.requestLog.slice(before);
    expect(doctorRequests.length).toBeGreaterThan(0);
    const writes = doctorRequests.filter((r) => r.method !== 'GET' && !/^\/v[12]\/(search|docs\/tags|stock\/)/.test(r.path));
    expect(writes).toEqual([]);
  });

  it('passes with a warning when the client had to skip part of an answer, saying what it skipped', async () => {
    const { conversationId, assistantMessageId } = await finishedRun();
    const eventsPath = `/v1/agent/conversations/${conversationId}/messages/${assistantMessageId}`;
    proxy = await startBreakingProxy(emulator.url, {
      [eventsPath]: async (req, res) => {
        const body = (await (await forward(emulator.url, req)).json()) as { assistant_events: unknown[] };
        sendJson(res, 200, { assistant_events: [...body.assistant_events, { event_type: 42 }] });
      },
    });
    const results = await doctor(proxy.url, { conversationId });
    expect(rowOf(results, `GET ${eventsPath}`)).toMatchObject({
      status: 'warn',
      problem: expect.stringMatching(/^the client warned: malformed workflow event skipped \{"at":"assistant_events\[\d+\]"/),
    });
    expect(results.some((r) => r.status === 'fail')).toBe(false);
  });

  it('fails an unknown conversation on its read, naming it', async () => {
    const results = await doctor(emulator.url, { conversationId: '987654' });
    const row = rowOf(results, 'GET /v1/agent/conversations/987654');
    expect(row.status).toBe('fail');
    expect(row.problem).toMatch(/HTTP 40[04]/);
  });

  it('fails the one broken route by name (a shape the app cannot read) and passes the rest', async () => {
    proxy = await startBreakingProxy(emulator.url, {
      '/v1/stock/company-cashflow-statement': (_req, res) => sendJson(res, 200, { status: 200, code: 0, message: '', data: { items: [] } }),
    });
    const results = await doctor(proxy.url);
    const failed = results.filter((r) => r.status === 'fail');
    expect(failed.map((r) => r.endpoint)).toEqual(['POST /v1/stock/company-cashflow-statement']);
    expect(failed[0]!.problem).toMatch(/^the app cannot read the answer \(HTTP 200\): expected array at data/);
  });

  it('fails a route the deployment does not serve (404) and one that errors (500), each by name', async () => {
    proxy = await startBreakingProxy(emulator.url, {
      '/v1/concepts/latest': (_req, res) => sendJson(res, 404, { detail: 'Not Found' }),
      '/v2/search/news': (_req, res) => sendJson(res, 500, { detail: 'boom' }),
    });
    const results = await doctor(proxy.url);
    const failed = Object.fromEntries(results.filter((r) => r.status === 'fail').map((r) => [r.endpoint, r.problem]));
    expect(failed).toEqual({
      'GET /v1/concepts/latest': expect.stringMatching(/^not found.*\(HTTP 404\)$/),
      'POST /v2/search/news': expect.stringMatching(/\(HTTP 500\)$/),
    });
  });

  it('stops at a refused key with one line that names the variable, not the key', async () => {
    const results = await doctor(emulator.url, { apiKey: 'not-the-demo-key-XYZ' });
    expect(results[0]).toMatchObject({
      endpoint: 'POST /v1/search',
      status: 'fail',
      problem: expect.stringContaining('check SERVICE_API_KEY'),
    });
    expect(results[1]).toMatchObject({ status: 'fail', problem: expect.stringContaining('not checked') });
    expect(JSON.stringify(results)).not.toContain('not-the-demo-key-XYZ');
  });

  it('fails when no service is configured: the app would serve demo data', async () => {
    const results = await runDoctor({ config: configFrom({}), args: { probe: DEFAULT_PROBE, manifestPath } });
    expect(results[0]).toMatchObject({
      endpoint: 'research service',
      status: 'fail',
      problem: expect.stringContaining('SERVICE_BASE_URL'),
    });
  });
});
