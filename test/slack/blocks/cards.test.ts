import { describe, expect, it } from 'vitest';
import { validateMessageContent } from '../../../src/emulators/slack/validation/message.js';
import { validateView } from '../../../src/emulators/slack/validation/views.js';
import { ACTION_IDS, actionIdPattern } from '../../../src/slack/blocks/action-ids.js';
import { renderAppHome } from '../../../src/slack/home/app-home-view.js';
import type { HomeView, ModalView } from '@slack/types';
import type { SlackMessage } from '../../../src/slack-api/slack-message.js';
import { decodeDocButton, decodeSearchState, encodeSearchState } from '../../../src/slack/kit/button-values.js';
import { renderCompanySnapshot } from '../../../src/slack/financials/cards/company-snapshot-card.js';
import { renderConceptDetail, renderConceptsList } from '../../../src/slack/concepts/concepts-card.js';
import { diffConcepts, renderDigest } from '../../../src/slack/concepts/digest/digest-card.js';
import { renderDocumentSummary, renderUnfurl } from '../../../src/slack/research/cards/document-card.js';
import { renderServiceError } from '../../../src/slack/blocks/error-card.js';
import { financialsModalErrors, readFinancialsModal, renderFinancialsModal } from '../../../src/slack/financials/modal/financials-modal.js';
import { renderFolderCreated, renderFolderDeleteConfirm, renderFolderDeleted } from '../../../src/slack/folders/folder-card.js';
import { renderUsage } from '../../../src/slack/kit/help-card.js';
import { renderConceptsHelp } from '../../../src/slack/concepts/concepts-help.js';
import { renderResearchHelp } from '../../../src/slack/research/research-help.js';
import { renderFinancialsHelp } from '../../../src/slack/financials/financials-help.js';
import { renderIndexCard } from '../../../src/slack/financials/cards/index-card.js';
import { findMessageViolations, findViewViolations } from './limit-violations.js';
import { tableCellText } from '../../../src/slack/blocks/table-cell-text.js';
import { renderPassages } from '../../../src/slack/research/cards/passages-card.js';
import { renderRevenueBreakdown } from '../../../src/slack/financials/cards/revenue-card.js';
import { renderV1SearchResults, renderV2SearchResults } from '../../../src/slack/research/cards/search-results-card.js';
import { renderBalanceSheet, renderCashFlow } from '../../../src/slack/financials/cards/statement-card.js';
import { renderSubscriptionList } from '../../../src/slack/concepts/digest/subscriptions-card.js';
import { parseFinancialsModal } from '../../../src/slack/financials/args/parse-financials-modal.js';
import { parseResearchArgs } from '../../../src/slack/research/parse-research-args.js';
import { parseFinancialsArgs } from '../../../src/slack/financials/args/parse-financials-args.js';
import { conceptListSchema } from '../../../src/service/schemas/concept-schema.js';
import { documentSummarySchema } from '../../../src/service/schemas/document-summary-schema.js';
import { parseShape } from '../../../src/service/schemas/parse-shape.js';
import { revenueBreakdownSchema } from '../../../src/service/schemas/revenue-breakdown-schema.js';
import { v2SearchResultSchema } from '../../../src/service/schemas/search-document-schema.js';
import {
  buildBalance,
  buildCashFlow,
  buildChunk,
  buildConcept,
  buildDocSummary,
  buildIncome,
  buildIndexItems,
  buildRevenue,
  buildSearchDoc,
  buildSubscription,
} from './fixtures.js';

/** Every message must pass our checker and the Slack emulator's validator. */
function expectValidMessage(m: SlackMessage): void {
  expect(findMessageViolations(m)).toEqual([]);
  expect(() => validateMessageContent({ text: m.text, blocks: JSON.stringify(m.blocks) }, 'chat.postMessage')).not.toThrow();
}

function expectValidView(v: ModalView | HomeView): void {
  expect(findViewViolations(v)).toEqual([]);
  expect(() => validateView(JSON.stringify(v), v.type)).not.toThrow();
}

/** Everything Slack displays (text objects, cells, fallback) — not button values or URLs. */
function renderedText(payload: unknown): string {
  const out: string[] = [];
  const walk = (v: unknown, key?: string): void => {
    if (typeof v === 'string') {
      if (key === 'text') out.push(v);
    } else if (Array.isArray(v)) {
      for (const x of v) walk(x);
    } else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) if (k !== 'value' && k !== 'url') walk(x, k);
  };
  walk(payload);
  return out.join('\n');
}

const v2State = { k: 'v2' as const, r: { query: 'AI capex', num: 5, symbols: ['US:NVDA'] }, p: 1 };

describe('search result cards', () => {
  it('v2 results: per-document buttons, paging, share', () => {
    const docs = Array.from({ length: 10 }, (_, i) => buildSearchDoc({ docId: `v2_${i}`, title: `Doc ${i}` }));
    const m = renderV2SearchResults(
      { docs, totalCount: 42, tookMs: 12 },
      { state: { ...v2State, p: 2, r: { ...v2State.r, num: 10 } }, visibility: 'ephemeral', pageSize: 5 },
    );
    expectValidMessage(m);
    const json = JSON.stringify(m);
    expect(json).toContain('Doc 5');
    expect(json).not.toContain('Doc 4"');
    const ids = m.blocks.flatMap((b) => (b.type === 'actions' ? b.elements.map((e) => e.action_id) : []));
    expect(ids.filter((id) => actionIdPattern(ACTION_IDS.searchSummary).test(id ?? ''))).toHaveLength(5);
    expect(ids).toEqual(expect.arrayContaining([ACTION_IDS.searchPrev, ACTION_IDS.searchNext, ACTION_IDS.searchShare]));
    const footer = m.blocks.at(-1);
    const next = footer?.type === 'actions' ? footer.elements.find((e) => e.action_id === ACTION_IDS.searchNext) : undefined;
    expect(decodeSearchState(next?.type === 'button' ? next.value : undefined)).toMatchObject({ k: 'v2', p: 3 });
    expect(m).toMatchSnapshot();
  });

  it('v1 page with the last page having no Next and public results no Share', () => {
    const page = {
      items: [buildDocSummary(), buildDocSummary({ id: 'doc_2', url: 'javascript:alert(1)', title: '<!channel> Buy now' })],
      totalCount: 7,
      totalPages: 2,
      pageNum: 2,
      pageSize: 5,
    };
    const m = renderV1SearchResults(page, {
      state: { k: 'v1', r: { query: '茅台', categories: ['reports'], sort: 'latest' }, p: 2 },
      visibility: 'public',
      pageSize: 5,
    });
    expectValidMessage(m);
    const json = JSON.stringify(m);
    expect(renderedText(m)).not.toContain('<!channel>');
    expect(json).not.toContain('javascript:');
    expect(json).not.toContain(ACTION_IDS.searchNext);
    expect(json).not.toContain(ACTION_IDS.searchShare);
    expect(m).toMatchSnapshot();
  });

  it('empty results explain what to try', () => {
    const m = renderV2SearchResults({ docs: [], totalCount: 0, tookMs: 1 }, { state: v2State, visibility: 'ephemeral', pageSize: 5 });
    expectValidMessage(m);
    expect(JSON.stringify(m)).toContain('No documents matched');
  });

  it('suggests a wider date range only when the search finds something without it', () => {
    const empty = { docs: [], totalCount: 0, tookMs: 1 };
    const ctx = { state: v2State, visibility: 'ephemeral' as const, pageSize: 5 };
    const text = (matchesWithoutDates?: number) =>
      JSON.stringify(renderV2SearchResults(empty, matchesWithoutDates === undefined ? ctx : { ...ctx, matchesWithoutDates }).blocks);
    expect(text()).not.toContain('last:1y');
    expect(text()).not.toContain('date range');
    expect(text(0)).toContain('in this date range or any other');
    expect(text(0)).not.toContain('Drop');
    expect(text(12)).toContain('without it, 12 documents match. Drop `since:`, `until:` or `last:`');
  });

  it('button state survives a round trip and shrinks to fit', () => {
    const parsed = parseResearchArgs(`${'很长的查询 '.repeat(400)} type:news`, new Date());
    expect(parsed.kind).toBe('search');
    if (parsed.kind !== 'search' || parsed.api !== 'v1') return;
    const value = encodeSearchState({ k: 'v1', r: parsed.request, p: 1 });
    expect(value.length).toBeLessThanOrEqual(2000);
    expect(decodeSearchState(value)).toMatchObject({ k: 'v1', p: 1, r: { categories: ['news'] } });
    expect(decodeSearchState('{"k":"v2","p":0,"r":{}}')).toBeNull();
    expect(decodeDocButton('not json')).toBeNull();
  });
});

describe('document cards', () => {
  it('passages with text, table and image chunks', () => {
    const m = renderPassages(
      [
        buildChunk(),
        buildChunk({
          id: 'c2',
          type: 'table',
          content: '| Q | Rev |\n|---|---|\n| Q1 | 44.1 |',
          mediaUrl: 'https://cdn.example.com/t.png',
        }),
        buildChunk({
          id: 'c3',
          type: 'image',
          summary: 'Chart of data-center revenue by quarter',
          mediaUrl: 'https://cdn.example.com/i.png',
        }),
      ],
      { query: 'gross margin' },
    );
    expectValidMessage(m);
    expect(m.blocks.some((b) => (b as { type: string }).type === 'image')).toBe(false);
    expect(m).toMatchSnapshot();
  });

  it('document summary splits long text and offers follow-ups; unfurl is compact', () => {
    const long = '第一段。'.repeat(2000);
    const m = renderDocumentSummary({ summary: { docId: 'doc_1', summary: long }, doc: buildDocSummary() });
    expectValidMessage(m);
    expect(m.blocks.filter((b) => b.type === 'section').length).toBeGreaterThan(1);
    const u = renderUnfurl(buildDocSummary());
    expectValidMessage({ text: 'x', blocks: u.blocks });
    expect(u).toMatchSnapshot();
  });
});

describe('financial cards', () => {
  it('balance sheet: one table, periods as columns, unit caption', () => {
    const m = renderBalanceSheet([buildBalance(2023, 0.9), buildBalance(2024)], { symbol: 'SH:600519', companyName: '贵州茅台' });
    expectValidMessage(m);
    const tables = m.blocks.filter((b) => b.type === 'data_table');
    expect(tables).toHaveLength(1);
    const table = tables[0];
    if (table?.type !== 'data_table') return;
    // What the table holds and its units; the header above names the company (issue 29 §7).
    expect(table.caption).toBe('Balance sheet: amounts in CNY billions');
    expect(table.rows[0]?.map(tableCellText)).toEqual(['Line', 'FY2024', 'FY2023']);
    expect(JSON.stringify(m)).toContain('Amounts in CNY billions');
    const liabilities = table.rows.find((r) => r[0] && tableCellText(r[0]) === 'Total liabilities');
    expect(liabilities?.[1] && tableCellText(liabilities[1])).toBe('-51.0');
    // A figure is a number cell, so Slack sorts the column by value.
    expect(liabilities?.[1]).toMatchObject({ type: 'raw_number', value: expect.any(Number) });
    expect(m).toMatchSnapshot();
  });

  it('cash flow and the empty case', () => {
    expectValidMessage(renderCashFlow([buildCashFlow(2024), buildCashFlow(2023)], { symbol: 'SH:600519' }));
    const empty = renderCashFlow([], { symbol: 'SH:600519' });
    expectValidMessage(empty);
    expect(empty.text).toContain('No cash flow data');
  });

  it('snapshot: key lines, change and revenue mix with one table', () => {
    const m = renderCompanySnapshot({
      symbol: 'SH:600519',
      companyName: '贵州茅台',
      income: [buildIncome(2024), buildIncome(2023, 0.8)],
      balance: [buildBalance(2024), buildBalance(2023, 0.9)],
      cashFlow: [buildCashFlow(2024)],
      revenue: buildRevenue(),
    });
    expectValidMessage(m);
    expect(m.blocks.filter((b) => b.type === 'table')).toHaveLength(1);
    expect(JSON.stringify(m)).toContain('85.2%');
    const table = m.blocks.find((b) => b.type === 'table');
    const row = (label: string) =>
      table?.type === 'table' ? table.rows.find((r) => r[0] && tableCellText(r[0]) === label)?.map(tableCellText) : undefined;
    expect(row('Revenue')).toEqual(['Revenue', '171.2', '137.0', '+25.0%']);
    // Per-share figures are not scaled to the table's unit; a margin changes in percentage points.
    expect(row('EPS (basic)')).toEqual(['EPS (basic)', '68.64', '54.91', '+25.0%']);
    expect(row('Net margin (profit to owners / revenue)')).toEqual(['Net margin (profit to owners / revenue)', '50.4%', '50.4%', '0.0 pp']);
    expect(m).toMatchSnapshot();
  });

  it('revenue breakdown: segments and regions with shares', () => {
    const m = renderRevenueBreakdown(buildRevenue(), { symbol: 'SH:600519' });
    expectValidMessage(m);
    const json = JSON.stringify(m);
    expect(json).toContain('By segment');
    expect(json).toContain('By region');
    expect(json).toContain('97.1%'); // 国内 share computed from revenues
    expect(m).toMatchSnapshot();
  });

  it('index card', () => {
    const m = renderIndexCard(buildIndexItems(30), { code: 'SPX', name: 'S&P 500' });
    expectValidMessage(m);
    expect(m.text).toContain('S&amp;P 500 (SPX) closed at 5,210.00');
    const json = JSON.stringify(m);
    expect(json).toContain('*Dividend yield*\\n1.38%');
    expect(json).toContain('*Market cap*\\n49.00T');
    expect(m).toMatchSnapshot();
  });

  it('index card of a mainland index: its A-share market cap', () => {
    const items = buildIndexItems(3).map((i) => ({ ...i, symbol: '000300', name: '沪深300', marketCap: 5.2e13, marketCapAShare: 4.8e13 }));
    const m = renderIndexCard(items, { code: '000300', name: 'CSI 300' });
    expectValidMessage(m);
    const json = JSON.stringify(m);
    expect(json).toContain('*A-share market cap*\\n48.00T');
    expect(json).not.toContain('52.00T');
    // Without the A-share figure the total stands in, named as what it is.
    const total = JSON.stringify(renderIndexCard(buildIndexItems(3), { code: '000300' }));
    expect(total).toContain('*Market cap*\\n49.00T');
  });
});

describe('concept cards', () => {
  it('list with new badges and an Expand button per concept', () => {
    const m = renderConceptsList([buildConcept(1), buildConcept(0), buildConcept(2)], { top: 10 });
    expectValidMessage(m);
    expect(m.text.startsWith('Trending concepts: 1. 固态电池 (new)')).toBe(true);
    expect(m).toMatchSnapshot();
  });

  it('detail with the stocks table', () => {
    const m = renderConceptDetail(buildConcept(0));
    expectValidMessage(m);
    expect(m).toMatchSnapshot();
  });

  it('digest reports what changed since the previous one', () => {
    const previous = {
      postedAtMs: Date.UTC(2025, 5, 29),
      slot: 's',
      concepts: [
        { conceptId: 'cpt_1', name: 'Concept 1', trendingScore: 7 },
        { conceptId: 'cpt_9', name: 'Gone', trendingScore: 3 },
        { conceptId: 'cpt_2', name: 'Concept 2', trendingScore: 9 },
      ],
    };
    const concepts = [buildConcept(0), buildConcept(1), buildConcept(2)];
    const diff = diffConcepts(concepts, previous);
    expect(diff.changes.get('cpt_0')?.status).toBe('new');
    expect(diff.changes.get('cpt_1')).toMatchObject({ status: 'up', delta: 2 });
    expect(diff.changes.get('cpt_2')).toMatchObject({ status: 'down', delta: -1 });
    expect(diff.dropped).toEqual([{ conceptId: 'cpt_9', name: 'Gone' }]);
    const m = renderDigest({ concepts, previous, top: 10, nowMs: Date.UTC(2025, 5, 30, 1), timeZone: 'Asia/Shanghai' });
    expectValidMessage(m);
    expect(m.text).toContain('1 new, 1 up, 1 down, 1 dropped out');
    expect(m).toMatchSnapshot();
  });
});

describe('help, usage, errors', () => {
  it('help cards', () => {
    for (const m of [renderResearchHelp(), renderFinancialsHelp(), renderConceptsHelp()]) expectValidMessage(m);
    expect(renderResearchHelp()).toMatchSnapshot();
  });

  it('usage names the token and the right form', () => {
    const r = parseResearchArgs('chips typ:news until:2024-02-30', new Date());
    expect(r.kind).toBe('usage');
    if (r.kind !== 'usage') return;
    const m = renderUsage(r);
    expectValidMessage(m);
    expect(m.text).toContain('type:');
    expect(m).toMatchSnapshot();
  });

  it('a refused input is described in our words: never the service’s own text, which may echo a key', () => {
    const echo = 'request api key canary-key; headers {"authorization":"Bearer canary-key"}';
    // As a ServiceError carries them: the service's detail is there, and must not be shown.
    const refusal = {
      kind: 'validation' as const,
      issues: [
        { loc: ['body', 'categories', 0], msg: `Input should be 'filings' (${echo})`, type: 'literal_error' },
        { loc: ['body', 'title'], msg: `too long (${echo})`, type: 'string_too_long' },
        { loc: ['body', `x ${echo}`], msg: echo, type: 'value_error' },
      ],
      serviceDetail: echo,
      status: 422,
    };
    const badRequest = { kind: 'validation' as const, serviceDetail: `Invalid request (${echo})`, status: 400 };
    const cards = [renderServiceError(refusal), renderServiceError(badRequest)];
    for (const card of cards) expect(JSON.stringify(card)).not.toContain('canary-key');
    expect(cards[0]?.text).toContain('document type (type:): is not one of the values the service accepts');
    expect(cards[0]?.text).toContain('title: is too long');
    expect(cards[0]?.text).toContain('input: has a value the service did not accept');
    expect(cards[1]?.text).toContain('The research service did not accept the request (status 400)');
  });

  it('error cards per class', () => {
    const validation = renderServiceError(
      { kind: 'validation', issues: [{ loc: ['body', 'start_date'], msg: 'invalid date format', type: 'value_error' }] },
      { correlationId: 'req-1', action: 'search' },
    );
    expect(validation.text).toContain('start date (since:): has a value the service did not accept');
    const auth = renderServiceError({ kind: 'auth' }, { correlationId: 'req-2' });
    expect(auth.text).toContain('ask a workspace admin');
    const down = renderServiceError({ kind: 'upstream', retryAfterMs: 2500 }, { retryValue: '{"r":1}', correlationId: 'req-3' });
    expect(JSON.stringify(down)).toContain(ACTION_IDS.errorRetry);
    for (const m of [validation, auth, down, renderServiceError({ kind: 'not_found' }), renderServiceError({ kind: 'timeout' })])
      expectValidMessage(m);
    expect(down).toMatchSnapshot();
    // A 413 says what to do with the file and offers no Retry: the same file would be refused again.
    const tooLarge = renderServiceError({ kind: 'too_large' }, { retryValue: '{"r":1}', action: 'adding the file' });
    expect(tooLarge.text).toContain('too large for the research service for adding the file');
    expect(JSON.stringify(tooLarge)).not.toContain(ACTION_IDS.errorRetry);
    expectValidMessage(tooLarge);
  });
});

describe('views and small cards', () => {
  it('financials modal, its submission parser and field errors', () => {
    const view = renderFinancialsModal({ symbol: 'hk:700', statement: 'balance' }, '{"c":"C1"}');
    expectValidView(view);
    expect(view).toMatchSnapshot();
    const values = (symbol: string, statement: string, period?: string) => ({
      fin_symbol: { fin_symbol_input: { type: 'plain_text_input', value: symbol } },
      fin_statement: { fin_statement_select: { type: 'static_select', selected_option: { value: statement } } },
      fin_period: { fin_period_select: { type: 'radio_buttons', selected_option: period ? { value: period } : null } },
    });
    // As the listener does: read the submitted values, parse them, render any field errors.
    const parse = (state: ReturnType<typeof values>) => {
      const parsed = parseFinancialsModal(readFinancialsModal(state));
      return parsed.ok ? parsed : { ok: false, response: financialsModalErrors(parsed.errors) };
    };
    expect(parse(values('hk:700', 'balance', 'quarterly'))).toMatchObject({
      ok: true,
      args: { kind: 'balance', request: { symbol: 'HK:00700', period: 'quarterly' } },
    });
    expect(parse(values('SPX', 'balance'))).toMatchObject({ ok: true, args: { kind: 'index' } });
    expect(parse(values('000001', 'snapshot'))).toMatchObject({
      ok: false,
      response: { response_action: 'errors', errors: { fin_symbol: expect.stringContaining('ambiguous') } },
    });
    expect(parse(values('NVDA', 'prices', 'annual'))).toMatchObject({ ok: true, args: { kind: 'prices', request: { symbol: 'US:NVDA' } } });
    expect(parse(values('NVDA', 'income', 'quarterly'))).toMatchObject({
      ok: true,
      args: { kind: 'income', request: { symbol: 'US:NVDA', period: 'quarterly' } },
    });
    expect(financialsModalErrors({ period: 'x'.repeat(500) }).errors.fin_period?.length).toBeLessThanOrEqual(150);
  });

  it('app home with subscriptions, runs and status', () => {
    const view = renderAppHome({
      subscriptions: [
        buildSubscription(),
        buildSubscription({ channelId: 'C999', paused: true, pausedReason: 'channel_not_found', cadence: 'daily' }),
      ],
      recentRuns: [
        {
          runId: 'r1',
          question: 'How did <!here> Moutai guide?',
          status: 'completed',
          startedAtMs: Date.UTC(2025, 5, 30),
          permalink: 'https://slack.example.com/archives/C1/p1',
        },
      ],
      status: { reachable: true, latencyMs: 87.4, checkedAtMs: Date.UTC(2025, 5, 30, 1, 2) },
    });
    expectValidView(view);
    expect(renderedText(view)).not.toContain('<!here>');
    expect(view).toMatchSnapshot();
  });

  it('app home counts the workspace’s 👍/👎 on agent answers', () => {
    const view = renderAppHome({ subscriptions: [], recentRuns: [], status: { reachable: true }, feedback: { positive: 12, negative: 3 } });
    expectValidView(view);
    expect(renderedText(view)).toContain('Feedback on answers in this workspace: 👍 12 · 👎 3');
  });

  it('folders and subscriptions', () => {
    for (const m of [
      renderFolderCreated({ folderId: 'fld_1' }, 'Q3 <semis>'),
      renderFolderDeleteConfirm('fld_1', 'Q3'),
      renderFolderDeleted({ folderId: 'fld_1', docIds: Array.from({ length: 60 }, (_, i) => `d${i}`) }),
      renderSubscriptionList([buildSubscription(), buildSubscription({ channelId: 'C2', paused: true })]),
      renderSubscriptionList([]),
    ])
      expectValidMessage(m);
    expect(renderSubscriptionList([buildSubscription()])).toMatchSnapshot();
  });
});

describe('the real service’s shapes on cards', () => {
  /** 00:30 on 2024-06-30 in Shanghai is 16:30 UTC on the 29th. */
  const filedAt = Date.parse('2024-06-29T16:30:00Z');

  it('date a Shanghai filing on its own day, whatever zone the card is given', () => {
    const doc = parseShape(documentSummarySchema, {
      doc_id: 'd_sh',
      title: '贵州茅台：2024年半年度报告',
      url: 'https://research.example.com/docs/d_sh',
      published_at: filedAt,
      market: 'cn',
      companies: [{ name: '贵州茅台', stocks: [{ symbol: 'SH:600519', market: 'SH', code: '600519' }] }],
    });
    const page = { items: [doc], totalCount: 1, totalPages: 1, pageNum: 1, pageSize: 5 };
    const m = renderV1SearchResults(page, { state: { k: 'v1', r: { query: '茅台' }, p: 1 }, visibility: 'ephemeral', pageSize: 5 });
    expectValidMessage(m);
    expect(renderedText(m)).toContain('2024-06-30');
    expect(renderedText(m)).not.toContain('2024-06-29');
    // The published form's companies reach the meta line too.
    expect(renderedText(m)).toContain('贵州茅台 (SH:600519)');
    const v2 = parseShape(v2SearchResultSchema, { docs: [{ doc_id: 'd_sh', title: 't', published_at: filedAt, companies: [] }] });
    // No market: the card's zone decides.
    const item = renderV2SearchResults(v2, { state: v2State, visibility: 'ephemeral', pageSize: 5, timeZone: 'Asia/Tokyo' });
    expect(renderedText(item)).toContain('2024-06-30');
  });

  it('show concept stocks as symbols every command accepts, from SH/SZ or cn markets', () => {
    const { items } = parseShape(conceptListSchema, [
      {
        concept_id: 'k1',
        concept_name: '固态电池',
        stocks: [
          { market: 'SZ', code: '300750', name: '宁德时代' },
          { market: 'SH', code: '600519', name: '贵州茅台' },
          { market: 'cn', code: '002594', name: '比亚迪' },
          { market: 'hk', code: '9988', name: '阿里巴巴' },
        ],
      },
    ]);
    const concept = items[0]!;
    const text = renderedText(renderConceptDetail(concept)) + renderedText(renderConceptsList(items, { top: 5 }));
    for (const symbol of ['SZ:300750', 'SH:600519', 'SZ:002594', 'HK:09988']) {
      expect(text).toContain(symbol);
      expect(parseFinancialsArgs(symbol)).toMatchObject({ kind: 'snapshot', symbol: { canonical: symbol } });
      expect(parseResearchArgs(`battery ${symbol}`, new Date())).toMatchObject({ kind: 'search', request: { symbols: [symbol] } });
    }
    expect(text).not.toContain('CN:');
  });

  it('show revenue periods the service labels in Chinese (三季报) in the one period scheme', () => {
    const revenue = parseShape(revenueBreakdownSchema, {
      currency: 'CNY',
      list: [
        { end_date: '2024-09-30', period: '三季报', fiscal_year: 2024, industry: [{ name: '白酒', revenue: 1.1e11 }] },
        { end_date: '2023-09-30', period: '三季报', fiscal_year: 2023, industry: [{ name: '白酒', revenue: 9.9e10 }] },
      ],
    });
    const m = renderRevenueBreakdown(revenue, { symbol: 'SH:600519' });
    expectValidMessage(m);
    // One scheme for every card: the service's 三季报 of fiscal 2024 is Q3 FY2024, compared with Q3 FY2023.
    expect(renderedText(m)).toContain('Q3 FY2024 (to 2024-09-30)');
    expect(renderedText(m)).toContain('Share Q3 FY2023');
  });
});
