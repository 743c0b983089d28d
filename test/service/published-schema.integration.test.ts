/**
 * The client against a fake that speaks exactly the service's published OpenAPI schema (each
 * version), over real HTTP: every operation the app uses. The fake refuses (and records) any
 * request off the schema and checks every answer it gives against it, so a test passes only when
 * the client sent what the published API takes and parsed what it returns into the app's types.
 * @see test/support/published-fake/published-fake.ts
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createResearchClient, type ResearchClient } from '../../src/service/research-client.js';
import { fastTestRetryPolicy } from '../../src/service/retry-policy.js';
import { ServiceError } from '../../src/service/errors/service-error.js';
import type { WorkflowStreamEvent } from '../../src/service/types.js';
import { startPublishedFake, type PublishedFake } from '../support/published-fake/published-fake.js';
import { SPEC_VERSIONS } from '../support/published-fake/published-spec.js';
import { FAKE_DOCUMENTS, SHANGHAI_MIDNIGHT_FILING_MS } from '../support/published-fake/fixtures/documents.js';

const FAST_STREAM = { maxAttempts: 5, minDelayMs: 5, maxDelayMs: 40, idleTimeoutMs: 30_000 };
/** The 2025-12 schema requires an agent id to create a conversation (2026-04 defaults it): these tests name one. */
// The schema's own example id: past 2^53, so it must go out exact.
const AGENT_ID = '11887655289749510';

async function collect(events: AsyncIterable<WorkflowStreamEvent>): Promise<WorkflowStreamEvent[]> {
  const out: WorkflowStreamEvent[] = [];
  for await (const e of events) out.push(e);
  return out;
}

async function failure(p: Promise<unknown>): Promise<ServiceError> {
  const error = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ServiceError);
  return error as ServiceError;
}

/** The client's optional `companies` (added for the schema's list form), read without depending on its type yet. */
const companiesOf = (item: object): unknown => (item as { companies?: unknown }).companies;

describe.each(SPEC_VERSIONS)('the client against the published %s schema', (version) => {
  let fake: PublishedFake;
  let client: ResearchClient;

  beforeAll(async () => {
    fake = await startPublishedFake({ version, eventDelayMs: 2 });
    client = createResearchClient({
      baseUrl: fake.url,
      apiKey: fake.apiKey,
      timeoutMs: 30_000,
      retry: fastTestRetryPolicy,
      streamReconnect: FAST_STREAM,
    });
  });
  afterAll(async () => {
    await client?.close();
    await fake?.close();
  });
  // Every request of the test was one the published schema takes, and every answer conformed.
  afterEach(() => {
    expect(fake.takeProblems()).toEqual([]);
  });

  it('searches documents (v1) in the schema’s list form, paged and filtered', async () => {
    const page = await client.searchDocuments({ query: 'NVIDIA', pageNum: 2, pageSize: 5 });
    expect(page).toMatchObject({ pageNum: 2, pageSize: 5, totalCount: 13, totalPages: 3 });
    expect(page.items).toHaveLength(5);
    const first = page.items[0]!;
    const wire = FAKE_DOCUMENTS.find((d) => d.doc.doc_id === first.id)!.doc;
    // doc_id becomes the id; the integer millisecond published_at a timestamp.
    expect(first).toMatchObject({ id: wire.doc_id, title: wire.title, url: wire.url });
    expect(Date.parse(String(first.publishedAt))).toBe(wire.published_at);
    expect(first.tags.company).toEqual(['NVIDIA']);
    expect(companiesOf(first)).toEqual([expect.objectContaining({ name: '英伟达 NVIDIA' })]);

    const filtered = await client.searchDocuments({
      query: 'NVIDIA',
      categories: ['reports', 'news'],
      markets: ['us'],
      symbols: ['US:NVDA'],
      sort: 'latest',
      mode: 'semantic',
      tags: { company: ['NVIDIA'] },
      startDate: '2025-01-01',
      endDate: '2025-12-31',
      pageSize: 10,
    });
    expect(filtered.items.map((d) => d.category).sort()).toEqual(['news', 'news', 'reports', 'reports']);

    // The schema's sparsest document (doc_id, title, url only) is a document too.
    const sparse = await client.searchDocuments({ query: 'supply chain notes', pageSize: 10 });
    expect(sparse.items).toContainEqual(expect.objectContaining({ title: 'NVIDIA supply chain notes' }));
  });

  it('searches v2 and news, and finds passages with the partial and the full document', async () => {
    const v2 = await client.searchV2({ query: 'NVIDIA data center', num: 5, symbols: ['US:NVDA'], startDatetime: '2025-01-01' });
    expect(v2.docs).toHaveLength(5);
    expect(v2.docs[0]).toMatchObject({ docId: expect.any(String), title: expect.any(String), score: expect.any(Number) });
    expect(v2.totalCount).toBeGreaterThan(5);
    const news = await client.searchNews({ query: 'Tencent', num: 3, endDatetime: '2025-12-31 23:59:59' });
    expect(news.docs.map((d) => d.category)).toEqual(['news']);

    const partial = await client.searchChunks({ query: 'gross margin', num: 3 });
    expect(partial).toHaveLength(3);
    expect(partial[0]?.doc).toMatchObject({ id: expect.any(String), title: expect.any(String) });
    const full = await client.searchChunks({ query: 'data center', num: 2, includeDocExtraDetail: true, symbols: ['US:NVDA'] });
    expect(full[0]?.doc).toMatchObject({ category: expect.any(String), institution: expect.any(String) });
  });

  it('reads a document, its summary, and a Shanghai filing’s date in Shanghai', async () => {
    const wire = FAKE_DOCUMENTS[0]!;
    const detail = await client.getDocument(wire.doc.doc_id);
    expect(detail).toMatchObject({ docId: wire.doc.doc_id, title: wire.doc.title, publishedAtMs: wire.doc.published_at });
    expect(detail.chunks).toHaveLength(3);
    expect(detail.chunks.map((c) => c.type)).toEqual(['text', 'table', 'text']);
    expect(detail.tags.industry).toEqual(['半导体']);
    const summary = await client.getDocumentSummary(wire.doc.doc_id);
    expect(summary).toEqual({ docId: wire.doc.doc_id, summary: wire.summary });

    const filing = FAKE_DOCUMENTS.find((d) => d.doc.published_at === SHANGHAI_MIDNIGHT_FILING_MS)!;
    // 2025-10-30 00:30 in Shanghai is 2025-10-29 16:30 UTC: the filing's day is the 30th.
    expect((await client.getDocument(filing.doc.doc_id)).publishedDate).toBe('2025-10-30');
  });

  it('finds documents by tag, sending tags as the object the schema asks for', async () => {
    const page = await client.docsByTag({ tags: ['NVIDIA'], pageSize: 5 });
    expect(page).toMatchObject({ totalCount: 12, pageSize: 5 });
    const sent = fake.requests.filter((r) => r.operation === 'POST /v1/docs/tags').at(-1)?.body as { tags?: unknown } | undefined;
    expect(sent?.tags).toEqual(expect.any(Object));
    expect(Array.isArray(sent?.tags)).toBe(false);
  });

  it('creates and deletes a folder', async () => {
    const created = await client.createFolder('Semis watchlist');
    expect(created.folderId).toMatch(/^\d+$/);
    const deleted = await client.deleteFolder(created.folderId);
    expect(deleted).toEqual({ folderId: created.folderId, docIds: [] });
  });

  it('reads balance sheets and cash flows (bare-code symbols, statement sections)', async () => {
    const sheets = await client.balanceSheet({ symbol: 'US:NVDA', period: 'annual', limit: 2 });
    expect(sheets).toHaveLength(2);
    expect(sheets[0]).toMatchObject({ currency: 'USD', symbol: 'NVDA', fiscalQuarter: 'FY', period: 'annual' });
    const s = sheets[0]!;
    expect((s.nonCurrentAssets.total_assets ?? 0) - (s.nonCurrentLiabilities.total_liabilities ?? 0)).toBe(
      s.ownersEquity.total_shareholders_equity,
    );
    const quarterly = await client.balanceSheet({ symbol: 'SH:600519', fiscalYear: '2025', fiscalQuarter: 'Q3' });
    expect(quarterly.map((r) => r.endDate)).toEqual(['2025-09-30']);

    const flows = await client.cashFlow({ symbol: 'HK:00700', period: 'cumulative quarterly', limit: 3, calendar: 'fiscal' });
    expect(flows.map((f) => f.fiscalQuarter)).toEqual(['Q3 (9 months)', 'H1', 'Q1']);
    expect(flows[0]?.operating.net_cash_flows_from_operating_activities).toEqual(expect.any(Number));
  });

  it('reads the revenue breakdown with the service’s period labels', async () => {
    const revenue = await client.revenueBreakdown({ symbol: 'SH:600519' });
    expect(revenue.currency).toBe('CNY');
    expect(revenue.periods.map((p) => p.period)).toContain('三季报');
    const latest = revenue.periods[0]!;
    expect(latest.industry.map((s) => s.name)).toEqual(['茅台酒', '系列酒']);
    const annual = await client.revenueBreakdown({ symbol: 'US:NVDA', period: 'FY', limit: 2 });
    expect(annual.periods.map((p) => p.period)).toEqual(['年报', '年报']);
  });

  it('reads index prices with plain symbols and the dividend yield as a fraction', async () => {
    const hsi = await client.indexPrices({ symbol: 'HSI', startDate: '2025-11-03', endDate: '2025-11-28' });
    expect(hsi).toHaveLength(20);
    expect(hsi[0]).toMatchObject({ date: '2025-11-28', symbol: 'HSI', name: '恒生指数', close: expect.any(Number) });
    expect(hsi[0]!.dividendYield).toBeGreaterThan(0.02);
    expect(hsi[0]!.dividendYield).toBeLessThan(0.05);
    // Once a route answered, the client remembers it: no more probing of the other version's.
    const probes = fake.probes.length;
    const csi = await client.indexPrices({ symbol: '000300' });
    expect(csi[0]?.marketCapAShare).toEqual(expect.any(Number));
    expect(fake.probes.slice(probes)).toEqual([]);
    // The route the client settled on is this version's: index-prices (2025-12) or index-quote (2026-04).
    const used = fake.requests.filter((r) => r.path.startsWith('/v1/stock/index-') && r.status === 200).map((r) => r.path);
    expect(new Set(used)).toEqual(new Set([version === '2025-12' ? '/v1/stock/index-prices' : '/v1/stock/index-quote']));
  });

  it('reads the income statement, company prices and the earnings calendar', async () => {
    // Methods the client gains for the later schema's endpoints; read by name so this file
    // compiles before they exist (a missing one fails here, naming it).
    const call = async (name: string, req: unknown): Promise<unknown> => {
      const method = (client as unknown as Record<string, ((r: unknown) => Promise<unknown>) | undefined>)[name];
      if (typeof method !== 'function') throw new Error(`the client has no ${name}()`);
      return method.call(client, req);
    };
    const income = (await call('incomeStatement', { symbol: 'US:NVDA', period: 'annual', limit: 1 })) as unknown[];
    expect(income).toHaveLength(1);
    expect(JSON.stringify(income)).toContain('gross_profit');
    const prices = (await call('companyPrices', { symbol: 'US:NVDA', startDate: '2025-11-17', endDate: '2025-11-21' })) as unknown[];
    expect(prices).toHaveLength(5);
    const earnings = (await call('earningsCalendar', { market: 'cn', startDate: '2025-10-01', endDate: '2025-12-31' })) as unknown[];
    expect(earnings.length).toBeGreaterThan(0);
    const routes = fake.requests.filter((r) => r.status === 200 && r.path.startsWith('/v1/stock/')).map((r) => r.path);
    expect(routes).toContain(version === '2025-12' ? '/v1/stock/company-prices' : '/v1/stock/stock-quote');
    const calendarBody = fake.requests.filter((r) => r.path === '/v1/stock/earnings-calendar' && r.status === 200).at(-1)?.body;
    expect(calendarBody).toHaveProperty(version === '2025-12' ? 'area' : 'market', 'cn');
  });

  it('lists the latest concepts with SH/SZ stocks, with and without documents', async () => {
    const concepts = await client.latestConcepts();
    expect(concepts).toHaveLength(12);
    expect(concepts[0]).toMatchObject({ name: 'AI算力', trendingScore: 98.6 });
    expect(concepts[0]?.stocks[0]).toMatchObject({ market: 'SZ', code: '000977' });
    expect(concepts.every((c) => c.docs.length > 0)).toBe(true);
    const lean = await client.latestConcepts({ includeDocs: false });
    expect(lean).toHaveLength(12);
    expect(lean.every((c) => c.docs.length === 0)).toBe(true);
  });

  it('creates a conversation and reads it back', async () => {
    const conversation = await client.createConversation({ agentId: AGENT_ID, title: 'NVIDIA margins' });
    expect(conversation).toMatchObject({ title: 'NVIDIA margins' });
    expect((await client.getConversation(conversation.id)).id).toBe(conversation.id);
  });

  it('creates a conversation as the app does: the configured agent id sent exact; without one, as this version allows', async () => {
    const configured = createResearchClient({ baseUrl: fake.url, apiKey: fake.apiKey, agentId: AGENT_ID });
    try {
      const conversation = await configured.createConversation({ title: 'NVIDIA margins', conversationType: 'agent_chat' });
      expect(conversation).toMatchObject({ title: 'NVIDIA margins' });
      expect(fake.requests.filter((r) => r.path === '/v1/agent/conversations').at(-1)?.text).toContain(`"agent_id":${AGENT_ID}`);
    } finally {
      await configured.close();
    }
    // Without SERVICE_AGENT_ID: the 2026-04 schema uses the default agent; 2025-12 requires one.
    const unnamed = client.createConversation({ title: 'NVIDIA margins', conversationType: 'agent_chat' });
    if (version === '2026-04') await expect(unnamed).resolves.toMatchObject({ title: 'NVIDIA margins' });
    else await expect(unnamed).rejects.toMatchObject({ kind: 'validation', message: expect.stringContaining('agent_id') });
    fake.takeProblems();
  });

  it('runs the agent: data-only stream, every event once (tool_end without offset, usage after workflow_end)', async () => {
    const conversation = await client.createConversation({ agentId: AGENT_ID, title: 'run' });
    const run = await client.chat({ conversationId: conversation.id, message: 'NVIDIA 数据中心业务怎么样？' });
    const streamed = await collect(run.events);
    // The stream ended when the service ended it: the run is over and every event it sent arrived.
    const served = fake.runs().find((r) => r.assistantMessageId === run.assistantMessageId);
    expect(streamed.map((e) => e.event_type)).toEqual(served?.eventTypes);
    expect(served?.status).toBe('completed');
    // The init's empty run_id names nothing: the client may drop it, never invent one.
    expect(streamed[0]?.event_type).toBe('init');
    expect(streamed[0]?.run_id ?? '').toBe('');
    expect(streamed.find((e) => e.event_type === 'tool_end')?.offset).toBeUndefined();
    expect(streamed.at(-1)?.event_type).toBe('usage');

    // The same events as JSON, and from an offset (resuming after the tool call started).
    const listed = await client.listEvents(conversation.id, run.assistantMessageId);
    expect(listed.map((e) => e.event_id)).toEqual(streamed.map((e) => e.event_id));
    const toolStart = streamed.findIndex((e) => e.event_type === 'tool_start');
    const resumed = await collect(
      client.streamEvents(conversation.id, run.assistantMessageId, { fromOffset: streamed[toolStart]!.offset! + 1 }),
    );
    expect(resumed.map((e) => e.event_id)).toEqual(streamed.slice(toolStart + 1).map((e) => e.event_id));
  });

  it('lists messages with ids beyond 2^53 kept exact', async () => {
    const conversation = await client.createConversation({ agentId: AGENT_ID, title: 'ids' });
    const run = await client.chat({ conversationId: conversation.id, message: '腾讯广告收入' });
    await collect(run.events);
    const messages = await client.listMessages(conversation.id, { limit: 10 });
    expect(messages.map((m) => m.role)).toEqual(['assistant', 'user']);
    expect(messages[0]).toMatchObject({ assistantMessageId: run.assistantMessageId, status: 'completed' });
    const [assistant, user] = messages;
    // The fake's ids are odd integers beyond Number.MAX_SAFE_INTEGER: a float cannot hold them.
    expect(BigInt(String(assistant!.id)) - BigInt(String(user!.id))).toBe(2n);
    expect(BigInt(String(user!.id)) % 2n).toBe(1n);
  });

  it('cancels a running run; its events end with cancel', async () => {
    const conversation = await client.createConversation({ agentId: AGENT_ID, title: 'cancel' });
    fake.holdRunsAfter('tool_start');
    try {
      const run = await client.chat({ conversationId: conversation.id, message: 'BYD 海外销量' });
      const seen: WorkflowStreamEvent[] = [];
      for await (const e of run.events) {
        seen.push(e);
        if (e.event_type === 'tool_start') {
          const result = await client.cancelRun(conversation.id, run.assistantMessageId);
          expect(result).toMatchObject({ responseId: run.assistantMessageId, status: 'cancelled' });
        }
      }
      expect(seen.at(-1)?.event_type).toBe('cancel');
    } finally {
      fake.releaseRuns();
    }
  });

  it('takes the 400 "Invalid conversation_id" for an unknown conversation or message as not found', async () => {
    const conversation = await client.createConversation({ agentId: AGENT_ID, title: 'unknown ids' });
    const unknown = (typeof conversation.id === 'number' ? 42 : '42') as typeof conversation.id;
    expect((await failure(client.getConversation(unknown))).kind).toBe('not_found');
    expect((await failure(client.listMessages(unknown))).kind).toBe('not_found');
    expect((await failure(client.listEvents(conversation.id, '019b24ef0000000000000000deadbeef'))).kind).toBe('not_found');
    expect((await failure(client.cancelRun(conversation.id, '019b24ef0000000000000000deadbeef'))).kind).toBe('not_found');
  });

  it('reads FastAPI’s plain 422 as a validation error naming the field', async () => {
    const invalid = await failure(client.searchV2({ query: 'x', num: 500 }));
    expect(invalid.kind).toBe('validation');
    expect(invalid.issues[0]?.loc).toEqual(['body', 'num']);
    // The client sent what the schema forbids (num above its maximum): the fake recorded it.
    expect(fake.takeProblems()).toEqual([expect.objectContaining({ kind: 'request', operation: 'POST /v2/search' })]);
  });
});
