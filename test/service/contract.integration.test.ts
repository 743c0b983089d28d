/**
 * The client against the service emulator, over real HTTP on loopback, in every naming variant
 * (the interface document's three and the published schema's): every operation, every error
 * class, and a run whose event stream drops several times.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from 'node:net';
import { startServiceEmulator, type ServiceEmulator } from '../../src/emulators/service/index.js';
import { createResearchClient, type ResearchClient, type ResearchClientOptions } from '../../src/service/research-client.js';
import { fastTestRetryPolicy } from '../../src/service/retry-policy.js';
import { ServiceError } from '../../src/service/errors/service-error.js';
import type { EventStreamStats, WorkflowStreamEvent } from '../../src/service/types.js';

const VARIANTS = ['legacy', 'schema', 'latest', 'published'] as const;
const FAST_STREAM = { maxAttempts: 5, minDelayMs: 5, maxDelayMs: 40, idleTimeoutMs: 30_000 };

let emu: ServiceEmulator;
const clients: ResearchClient[] = [];

function clientFor(overrides: Partial<ResearchClientOptions> = {}): ResearchClient {
  const c = createResearchClient({
    baseUrl: emu.url,
    apiKey: emu.apiKey,
    timeoutMs: 30_000,
    retry: fastTestRetryPolicy,
    streamReconnect: FAST_STREAM,
    ...overrides,
  });
  clients.push(c);
  return c;
}

async function failure(p: Promise<unknown>): Promise<ServiceError> {
  const error = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ServiceError);
  return error as ServiceError;
}

async function collect(events: AsyncIterable<WorkflowStreamEvent>): Promise<WorkflowStreamEvent[]> {
  const out: WorkflowStreamEvent[] = [];
  for await (const e of events) out.push(e);
  return out;
}

beforeAll(async () => {
  emu = await startServiceEmulator({ port: 0, agentSpeed: 50 });
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await emu.close();
});

describe.each(VARIANTS)('variant %s', (variant) => {
  let client: ResearchClient;
  beforeAll(() => {
    emu.setVariant(variant);
    emu.setFaults({});
    client = clientFor();
  });

  it('searches documents with paging, v2, news and chunks', async () => {
    const page = await client.searchDocuments({ query: '茅台', pageNum: 2, pageSize: 3 });
    expect(page).toMatchObject({ pageNum: 2, pageSize: 3 });
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.length).toBeLessThanOrEqual(3);
    expect(page.totalCount).toBeGreaterThan(3);
    expect(page.totalPages).toBe(Math.ceil(page.totalCount / 3));
    for (const d of page.items) expect(typeof d.id).toBe('string');

    const v2 = await client.searchV2({ query: '茅台', num: 5 });
    expect(v2.docs.length).toBeGreaterThan(0);
    expect(v2.docs.length).toBeLessThanOrEqual(5);
    expect(v2.docs[0]?.score).toEqual(expect.any(Number));
    const news = await client.searchNews({ query: 'NVIDIA', num: 3 });
    expect(news.docs.length).toBeGreaterThan(0);
    expect(news.docs.every((d) => d.category === undefined || d.category === 'news')).toBe(true);

    const partial = await client.searchChunks({ query: 'revenue growth', num: 3 });
    expect(partial.length).toBeGreaterThan(0);
    expect(partial[0]?.doc).toMatchObject({ id: expect.any(String), title: expect.any(String) });
    const full = await client.searchChunks({ query: 'revenue growth', num: 3, includeDocExtraDetail: true });
    expect(full[0]?.doc?.institution ?? full[0]?.doc?.category).toEqual(expect.any(String));
  });

  it('reads documents, summaries and documents by tag, with tags as a map', async () => {
    const [first] = (await client.searchDocuments({ query: '茅台', pageSize: 1 })).items;
    expect(first).toBeDefined();
    const detail = await client.getDocument(first!.id);
    expect(detail.docId).toBe(first!.id);
    expect(detail.publishedDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(detail.chunks.length).toBeGreaterThan(0);
    expect(Array.isArray(Object.values(detail.tags)[0])).toBe(true);
    const summary = await client.getDocumentSummary(first!.id);
    expect(summary).toMatchObject({ docId: first!.id, summary: expect.any(String) });

    const tag = Object.values(first!.tags).find((v) => v && v.length > 0)?.[0];
    expect(tag).toEqual(expect.any(String));
    const byTag = await client.docsByTag({ tags: [tag!], pageSize: 2 });
    expect(byTag.pageSize).toBe(2);
    expect(byTag.items.length).toBeGreaterThan(0);

    // Every list document reads, in the interface's form (id, ISO) or the schema's (doc_id, ms,
    // companies), and is dated in its market's zone.
    const cn = await client.searchDocuments({ query: '', markets: ['cn'], pageSize: 200 });
    expect(cn.items.length).toBeGreaterThan(50);
    for (const d of cn.items) {
      expect(d.publishedDate).toBe(shanghaiDay(d.publishedAt!));
      if (variant === 'published') expect(d.companies?.[0]?.stocks[0]?.symbol).toBe(d.symbol);
    }
    // The demo data has filings late in the UTC day: their Shanghai day is the next one.
    expect(cn.items.some((d) => d.publishedDate !== d.publishedAt!.slice(0, 10))).toBe(true);
  });

  it('reads stock statements, revenue breakdown and index prices', async () => {
    const sheets = await client.balanceSheet({ symbol: 'SH:600519', limit: 4 });
    expect(sheets.length).toBeGreaterThan(0);
    expect(sheets.length).toBeLessThanOrEqual(4);
    const s = sheets[0]!;
    const assets = s.nonCurrentAssets.total_assets!;
    const liabilities = s.nonCurrentLiabilities.total_liabilities!;
    const equity = s.ownersEquity.total_shareholders_equity!;
    expect(Math.abs(assets - liabilities - equity)).toBeLessThan(1e-3 * Math.abs(assets));

    const flows = await client.cashFlow({ symbol: 'US:NVDA', period: 'quarterly', limit: 2 });
    expect(flows[0]?.operating.net_cash_flows_from_operating_activities).toEqual(expect.any(Number));
    const revenue = await client.revenueBreakdown({ symbol: 'HK:00700' });
    expect(revenue.periods.length).toBeGreaterThan(0);
    expect(revenue.currency).not.toBe('');
    // Bounds neither the interface nor the published schema states are not enforced.
    const third = await client.revenueBreakdown({ symbol: 'SH:600519', period: 'Q3' });
    expect(third.periods.length).toBeGreaterThan(0);
    expect(third.periods.every((p) => p.endDate.endsWith('-09-30'))).toBe(true);
    if (variant === 'published') expect(third.periods[0]?.period).toBe('三季报');
    expect((await client.balanceSheet({ symbol: 'SH:600519', fiscalQuarter: 'H1', limit: 200 })).length).toBeGreaterThan(0);
    const prices = await client.indexPrices({ symbol: 'SPX', startDate: '2025-06-01', endDate: '2025-06-30' });
    expect(prices.length).toBeGreaterThan(5);
    expect(prices[0]!.date > prices[prices.length - 1]!.date).toBe(true);
    expect(prices[0]?.close).toEqual(expect.any(Number));
    // A fraction, as the real samples give it.
    expect(prices[0]?.dividendYield).toBeLessThan(0.1);
    const mainland = await client.indexPrices({ symbol: '000300' });
    expect(mainland[0]?.marketCapAShare).toBeGreaterThan(0);
    expect((await client.indexPrices({ symbol: 'DJI' })).length).toBeGreaterThan(0);
  });

  it('lists concepts and creates and deletes folders', async () => {
    const concepts = await client.latestConcepts();
    expect(concepts.length).toBeGreaterThan(0);
    // Exchanges (published) or markets (interface variants): one symbol every command takes.
    const catl = concepts.flatMap((c) => c.stocks).find((s) => s.code === '300750');
    expect(catl?.symbol).toBe('SZ:300750');
    expect(concepts.some((c) => c.docs.length > 0)).toBe(true);
    const lean = await client.latestConcepts({ includeDocs: false });
    expect(lean).toHaveLength(concepts.length);
    expect(lean.every((c) => c.docs.length === 0)).toBe(true);

    const created = await client.createFolder(`contract-${variant}`);
    expect(created.folderId).toEqual(expect.any(String));
    const deleted = await client.deleteFolder(created.folderId);
    expect(deleted).toMatchObject({ folderId: created.folderId, docIds: expect.any(Array) });
  });

  it('runs an agent conversation: chat, messages, events as stream and JSON, cancel', async () => {
    const conversation = await client.createConversation({ title: `contract ${variant}` });
    expect((await client.getConversation(conversation.id)).id).toBe(conversation.id);

    const run = await client.chat({ conversationId: conversation.id, message: '茅台怎么样' });
    const streamed = await collect(run.events);
    expect(streamed[0]?.event_type).toBe('init');
    // The run ends with workflow_end; the published framing (the real stream) sends its last usage after it.
    const types = streamed.map((e) => e.event_type);
    expect(types).toContain('workflow_end');
    expect(types.slice(types.lastIndexOf('workflow_end') + 1)).toEqual(variant === 'published' ? ['usage'] : []);
    const listed = await client.listEvents(conversation.id, run.assistantMessageId);
    expect(listed.map((e) => e.event_id)).toEqual(streamed.map((e) => e.event_id));
    const replay = await collect(client.streamEvents(conversation.id, run.assistantMessageId, { fromOffset: streamed[5]!.offset! }));
    expect(replay.map((e) => e.event_id)).toEqual(streamed.slice(5).map((e) => e.event_id));

    const messages = await client.listMessages(conversation.id, { limit: 10 });
    expect(messages[0]).toMatchObject({ role: 'assistant', assistantMessageId: run.assistantMessageId, status: 'completed' });
    const older = await client.listMessages(conversation.id, { beforeMessageId: messages[0]!.id });
    // The question the answer replies to, at least.
    expect(older.length).toBeGreaterThan(0);
    // Ids are decimal text (beyond 2^53 in the published variant): compared as the integers they are.
    expect(older.every((m) => BigInt(m.id) < BigInt(messages[0]!.id))).toBe(true);

    const second = await client.chat({ conversationId: conversation.id, message: 'NVIDIA 最新财报' });
    const seen: WorkflowStreamEvent[] = [];
    for await (const e of second.events) {
      seen.push(e);
      if (seen.length === 2)
        await expect(client.cancelRun(conversation.id, second.assistantMessageId)).resolves.toMatchObject({ status: expect.any(String) });
    }
    expect(seen.at(-1)?.event_type).toBe('cancel');
    // Offsets continue across the runs of one conversation.
    expect(seen[0]!.offset!).toBeGreaterThan(streamed.at(-1)!.offset!);
  });

  it('maps auth, validation and not-found errors', async () => {
    const stranger = clientFor({ apiKey: 'not-the-key-0000' });
    expect((await failure(stranger.searchV2({ query: 'x' }))).kind).toBe('auth');
    expect((await failure(stranger.latestConcepts())).status).toBe(401);

    const invalid = await failure(client.searchV2({ query: 'x', num: 500 }));
    expect(invalid.kind).toBe('validation');
    expect(invalid.issues[0]?.loc).toContain('num');
    const badSymbol = await failure(client.balanceSheet({ symbol: 'NOT A SYMBOL' }));
    expect(badSymbol.kind).toBe('validation');
    // Inside the stock wrapper (interface variants) or FastAPI's plain body (published): read alike.
    expect(badSymbol.issues[0]?.loc).toEqual(['body', 'symbol']);
    const badItem = await failure(client.searchV2({ query: 'x', symbols: ['600519'] }));
    expect(badItem.issues[0]?.loc).toEqual(['body', 'symbols', 0]);

    expect((await failure(client.getDocument('doc_does_not_exist'))).kind).toBe('not_found');
    expect((await failure(client.getConversation('987654'))).kind).toBe('not_found');
    expect((await failure(client.deleteFolder('folder_does_not_exist'))).kind).toBe('not_found');
  });

  it('maps 429, 5xx, timeout and network failures', async () => {
    try {
      emu.setFaults({ rateLimitEvery: 2, retryAfterSeconds: 30 });
      const impatient = clientFor({ retry: { ...fastTestRetryPolicy, retries: 0 } });
      await impatient.latestConcepts({ includeDocs: false });
      const limited = await failure(impatient.latestConcepts({ includeDocs: false }));
      expect(limited).toMatchObject({ kind: 'rate_limited', status: 429, retryAfterMs: 30_000 });

      emu.setFaults({ errorRate: 0.3 });
      const resilient = clientFor({ retry: { ...fastTestRetryPolicy, retries: 6 } });
      const logStart = emu.requestLog.length;
      for (let i = 0; i < 12; i += 1)
        await resilient.getDocumentSummary((await resilient.searchV2({ query: '腾讯', num: 1 })).docs[0]!.docId);
      expect(emu.requestLog.slice(logStart).some((r) => r.status >= 500)).toBe(true);
      emu.setFaults({ errorRate: 1 });
      expect((await failure(resilient.latestConcepts())).kind).toBe('upstream');

      // Far beyond the client's timeout, so the timeout wins whatever the machine's speed.
      emu.setFaults({ latencyMs: 10 * 60_000 });
      const hasty = clientFor({ timeoutMs: 100, retry: { ...fastTestRetryPolicy, retries: 0 } });
      expect((await failure(hasty.latestConcepts())).kind).toBe('timeout');
    } finally {
      emu.setFaults({});
    }
    const port = await closedPort();
    const offline = clientFor({ baseUrl: `http://127.0.0.1:${port}`, retry: { ...fastTestRetryPolicy, retries: 1 } });
    expect((await failure(offline.searchV2({ query: 'x' }))).kind).toBe('network');
  });
});

describe('a run whose stream drops several times', () => {
  it('still yields every event exactly once, in offset order', async () => {
    emu.setVariant('latest');
    const client = clientFor();
    const conversation = await client.createConversation({ title: 'drops' });
    emu.setFaults({ dropStreamAfterEvents: 12, malformedEventEvery: 7, duplicateEventEvery: 5 });
    let streamed: WorkflowStreamEvent[];
    let stats: Readonly<EventStreamStats> | undefined;
    try {
      const run = await client.chat({ conversationId: conversation.id, message: '宁德时代和比亚迪对比' });
      streamed = await collect(run.events);
      stats = run.stats;
    } finally {
      emu.setFaults({});
    }
    const offsets = streamed.map((e) => e.offset!);
    // The stream dropped after 12 events at least twice: more than 12 came through.
    expect(offsets.length).toBeGreaterThan(12);
    expect(offsets.every((o, i) => i === 0 || o > offsets[i - 1]!)).toBe(true);
    expect(stats).toMatchObject({ reconnects: expect.any(Number), malformed: expect.any(Number) });
    expect(stats!.reconnects).toBeGreaterThanOrEqual(2);
    expect(stats!.malformed).toBeGreaterThan(0);
    expect(stats!.duplicates).toBeGreaterThan(0);
    const messages = await client.listMessages(conversation.id);
    const listed = await client.listEvents(conversation.id, messages[0]!.assistantMessageId!);
    expect(streamed.map((e) => e.event_id)).toEqual(listed.map((e) => e.event_id));
    expect(streamed.at(-1)?.event_type).toBe('workflow_end');
  });

  it('ends streams in flight when the client closes', async () => {
    const client = clientFor();
    const conversation = await client.createConversation({});
    const run = await client.chat({ conversationId: conversation.id, message: '腾讯' });
    const iterator = run.events[Symbol.asyncIterator]();
    await iterator.next();
    await client.close();
    expect(
      await iterator.next().then(
        () => 'no error',
        (e: unknown) => (e as ServiceError).kind,
      ),
    ).toBe('cancelled');
  });
});

function shanghaiDay(iso: string): string {
  return new Date(Date.parse(iso) + 8 * 3_600_000).toISOString().slice(0, 10);
}

async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as { port: number };
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}
