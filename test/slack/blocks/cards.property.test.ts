/**
 * Property tests: random service data — long, empty, hostile (`<!channel>`, `<@U123>`,
 * `&lt;!here&gt;`), CJK, huge numbers, NaN — never breaks a Slack limit, is accepted by the
 * Slack emulator's validator, and never shows a mention or broadcast token from the data.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type {
  BalanceSheetRecord,
  CashFlowRecord,
  Chunk,
  Concept,
  DocumentSummary,
  EarningsCalendarEntry,
  IncomeStatementRecord,
  IndexPriceItem,
  RevenueBreakdown,
  SearchDocument,
  StockPriceItem,
} from '../../../src/service/types.js';
import { validateMessageContent } from '../../../src/emulators/slack/validation/message.js';
import { validateView } from '../../../src/emulators/slack/validation/views.js';
import { renderAppHome } from '../../../src/slack/home/app-home-view.js';
import type { HomeView, ModalView } from '@slack/types';
import type { SlackMessage } from '../../../src/slack-api/slack-message.js';
import { renderCompanySnapshot } from '../../../src/slack/financials/cards/company-snapshot-card.js';
import { renderConceptDetail, renderConceptsList } from '../../../src/slack/concepts/concepts-card.js';
import { renderDigest } from '../../../src/slack/concepts/digest/digest-card.js';
import { renderDocumentSummary, renderUnfurl } from '../../../src/slack/research/cards/document-card.js';
import { renderServiceError } from '../../../src/slack/blocks/error-card.js';
import { renderFolderCreated, renderFolderDeleted } from '../../../src/slack/folders/folder-card.js';
import { renderUsage } from '../../../src/slack/kit/help-card.js';
import { renderIndexCard } from '../../../src/slack/financials/cards/index-card.js';
import { findMessageViolations, findViewViolations } from './limit-violations.js';
import { renderPassages } from '../../../src/slack/research/cards/passages-card.js';
import { renderRevenueBreakdown } from '../../../src/slack/financials/cards/revenue-card.js';
import { renderV1SearchResults, renderV2SearchResults } from '../../../src/slack/research/cards/search-results-card.js';
import { renderBalanceSheet, renderCashFlow, renderIncomeStatement } from '../../../src/slack/financials/cards/statement-card.js';
import { renderStockPriceCard } from '../../../src/slack/financials/cards/stock-price-card.js';
import { renderEarningsCalendar } from '../../../src/slack/financials/cards/earnings-calendar-card.js';
import { parseResearchArgs } from '../../../src/slack/research/parse-research-args.js';

const HOSTILE = [
  '<!channel>',
  '<!here>',
  '<!everyone>',
  '<@U123>',
  '<!subteam^S1|@team>',
  '&lt;!here&gt;',
  '&amp;lt;@U1&amp;gt;',
  '<#C1|general>',
  '@here',
  '*ST康美',
  '_x_',
  '`code`',
  '<https://evil.example|click>',
  '\u0000\u0007',
  '\ud800',
  '👨‍👩‍👧‍👦',
  '😀',
];
const text = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE) },
  {
    weight: 2,
    arbitrary: fc
      .array(fc.constantFrom('贵州茅台', '固态电池', '的', '。', ' ', 'AI', '<', '>', '&', '*', ...HOSTILE), { maxLength: 30 })
      .map((a) => a.join('')),
  },
  { weight: 1, arbitrary: fc.string({ minLength: 3000, maxLength: 9000 }) },
  { weight: 1, arbitrary: fc.constant('') },
);
const num = fc.oneof(fc.double(), fc.integer(), fc.constantFrom(Number.NaN, Infinity, -Infinity, 1e300, -1e20, 0, -0));
const optNum = fc.option(num, { nil: undefined });
const url = fc.option(
  fc.oneof(fc.webUrl(), fc.constantFrom('javascript:alert(1)', 'https://x.com/a|b', 'ftp://x', 'https://x.com/<!here>'), text),
  { nil: undefined },
);
const date = fc.oneof(fc.constantFrom('2024-12-31', '2023-06-30', '', 'not-a-date'), text);

const docSummary: fc.Arbitrary<DocumentSummary> = fc.record({
  id: text,
  title: text,
  url,
  institution: fc.option(text, { nil: undefined }),
  publishedAt: fc.option(date, { nil: undefined }),
  category: fc.option(text, { nil: undefined }),
  symbol: fc.option(text, { nil: undefined }),
  companyName: fc.option(text, { nil: undefined }),
  summary: fc.option(text, { nil: undefined }),
  tags: fc.constant({}),
  metadatas: fc.constant({}),
});
const stock = fc.record({ symbol: text, market: text, code: text });
const searchDoc: fc.Arbitrary<SearchDocument> = fc.record({
  docId: text,
  title: text,
  url,
  summary: fc.option(text, { nil: undefined }),
  category: fc.option(text, { nil: undefined }),
  publishedAtMs: optNum,
  companies: fc.array(fc.record({ name: text, stocks: fc.array(stock, { maxLength: 3 }) }), { maxLength: 3 }),
  metadata: fc.constant({}),
  score: optNum,
});
const chunk: fc.Arbitrary<Chunk> = fc.record({
  type: fc.oneof(fc.constantFrom('text', 'table', 'image', 'formula'), text),
  content: fc.option(text, { nil: undefined }),
  summary: fc.option(text, { nil: undefined }),
  mediaUrl: url,
  doc: fc.option(docSummary, { nil: undefined }),
});
const section = fc.dictionary(
  fc.constantFrom(
    'cash_and_cash_equivalents',
    'total_assets',
    'total_liabilities',
    'total_current_assets',
    'net_cash_flows_from_operating_activities',
    'cash_and_cash_equivalents_at_end_of_year',
    'odd_line',
  ),
  num,
);
const header = { currency: text, endDate: date, symbol: text, fiscalYear: text, fiscalQuarter: text, period: text };
const balance: fc.Arbitrary<BalanceSheetRecord> = fc.record({
  ...header,
  currentAssets: section,
  nonCurrentAssets: section,
  currentLiabilities: section,
  nonCurrentLiabilities: section,
  ownersEquity: section,
});
const cashFlow: fc.Arbitrary<CashFlowRecord> = fc.record({ ...header, operating: section, investing: section, financing: section });
const incomeLines = fc.dictionary(
  fc.constantFrom(
    'revenue',
    'cost_of_sales',
    'gross_profit',
    'operating_profit',
    'profit_for_the_period',
    'profit_attributable_to_owners_of_the_parent',
    'basic_earnings_per_share',
    'diluted_earnings_per_share',
    'odd_line',
  ),
  num,
);
const income: fc.Arbitrary<IncomeStatementRecord> = fc.record({ ...header, lines: incomeLines });
const stockPrice: fc.Arbitrary<StockPriceItem> = fc.record({
  date,
  symbol: text,
  name: text,
  currency: fc.option(text, { nil: undefined }),
  open: optNum,
  dayHigh: optNum,
  dayLow: optNum,
  close: optNum,
  changePercent: optNum,
  tradeAmount: optNum,
  volume: optNum,
  marketCap: optNum,
  peTtm: optNum,
  psTtm: optNum,
  pb: optNum,
});
const calendarEntry: fc.Arbitrary<EarningsCalendarEntry> = fc.record({
  date,
  symbol: text,
  name: fc.option(text, { nil: undefined }),
  market: fc.option(text, { nil: undefined }),
  fiscalYear: fc.option(text, { nil: undefined }),
  fiscalQuarter: fc.option(text, { nil: undefined }),
  periodEnd: fc.option(text, { nil: undefined }),
});
const segment = fc.record({ name: text, revenue: optNum, revenuePercentage: optNum });
const revenue: fc.Arbitrary<RevenueBreakdown> = fc.record({
  currency: text,
  periods: fc.array(
    fc.record({
      endDate: date,
      period: text,
      fiscalYear: fc.integer(),
      product: fc.array(segment, { maxLength: 40 }),
      area: fc.array(segment, { maxLength: 5 }),
      industry: fc.array(segment, { maxLength: 40 }),
      industryTotalRevenue: optNum,
    }),
    { maxLength: 4 },
  ),
});
const indexItem: fc.Arbitrary<IndexPriceItem> = fc.record({
  date,
  symbol: text,
  name: text,
  open: optNum,
  dayHigh: optNum,
  dayLow: optNum,
  close: optNum,
  changePercent: optNum,
  tradeAmount: optNum,
  peTtm: optNum,
  pb: optNum,
  dividendYield: optNum,
});
const concept: fc.Arbitrary<Concept> = fc.record({
  conceptId: text,
  name: text,
  description: fc.option(text, { nil: undefined }),
  keywords: fc.array(text, { maxLength: 12 }),
  trendingScore: num,
  firstDetected: fc.boolean(),
  scoredAtMs: optNum,
  publishedAtMs: optNum,
  conceptScore: optNum,
  stocks: fc.array(
    fc.record({ market: text, code: text, name: text, description: fc.option(text, { nil: undefined }), relevance: optNum }),
    { maxLength: 120 },
  ),
  docs: fc.array(fc.record({ docId: text, title: text, url, relevance: optNum }), { maxLength: 30 }),
});

/** Texts Slack displays; `mrkdwn` collects only mrkdwn ones (plus the fallback, which is mrkdwn). */
function rendered(payload: unknown, mrkdwnOnly = false): string {
  const out: string[] = [];
  const walk = (v: unknown, key?: string, parentType?: unknown): void => {
    if (typeof v === 'string') {
      if (key === 'text' && (!mrkdwnOnly || parentType === 'mrkdwn' || parentType === undefined)) out.push(v);
    } else if (Array.isArray(v)) {
      for (const x of v) walk(x);
    } else if (v && typeof v === 'object') {
      const type = (v as { type?: unknown }).type;
      for (const [k, x] of Object.entries(v)) if (k !== 'value' && k !== 'url') walk(x, k, type);
    }
  };
  walk(payload);
  return out.join('\n');
}

function check(m: SlackMessage): boolean {
  const violations = findMessageViolations(m);
  if (violations.length) throw new Error(violations.join('; '));
  validateMessageContent({ text: m.text, blocks: JSON.stringify(m.blocks) }, 'chat.postMessage');
  const shown = rendered(m);
  if (/<[!@#]/.test(shown)) throw new Error(`token in rendered text: ${shown.match(/.{0,20}<[!@#].{0,20}/)?.[0]}`);
  // In mrkdwn every remaining `<` must open one of our own http(s) links.
  const mrkdwn = rendered(m, true);
  for (const at of mrkdwn.matchAll(/</g)) {
    if (!/^<https?:\/\/[^\s<>|]+\|[^<>]*>/.test(mrkdwn.slice(at.index ?? 0)))
      throw new Error(`stray < in mrkdwn: ${mrkdwn.slice(at.index ?? 0, (at.index ?? 0) + 40)}`);
  }
  return true;
}

function checkView(v: ModalView | HomeView): boolean {
  const violations = findViewViolations(v);
  if (violations.length) throw new Error(violations.join('; '));
  validateView(JSON.stringify(v), v.type);
  if (/<[!@]/.test(rendered(v))) throw new Error('token in view');
  return true;
}

const RUNS = { numRuns: 60 };
const state = { k: 'v2' as const, r: { query: 'q', num: 10 }, p: 1 };

describe('cards with random hostile service data', () => {
  it('search results (v1, v2) and passages', () => {
    fc.assert(
      fc.property(
        fc.array(docSummary, { maxLength: 12 }),
        fc.array(searchDoc, { maxLength: 12 }),
        fc.array(chunk, { maxLength: 12 }),
        text,
        fc.integer({ min: 1, max: 30 }),
        (v1, v2, chunks, q, p) => {
          check(
            renderV1SearchResults(
              { items: v1, totalCount: v1.length * 3, totalPages: 3, pageNum: p % 4, pageSize: 5 },
              { state: { k: 'v1', r: { query: q }, p }, visibility: 'ephemeral', pageSize: 5 },
            ),
          );
          check(
            renderV2SearchResults(
              { docs: v2, totalCount: 500, tookMs: 1 },
              { state: { ...state, p, r: { query: q } }, visibility: 'public', pageSize: 5 },
            ),
          );
          return check(renderPassages(chunks, { query: q, docTitle: q }));
        },
      ),
      RUNS,
    );
  });

  it('document summary and unfurl', () => {
    fc.assert(
      fc.property(docSummary, searchDoc, text, (d, s, summary) => {
        check(renderDocumentSummary({ summary: { docId: d.id, summary }, doc: d }));
        check(renderDocumentSummary({ summary: { docId: s.docId, summary }, doc: s }));
        return check({ text: 'unfurl', blocks: renderUnfurl(d).blocks });
      }),
      RUNS,
    );
  });

  it('statements, snapshot, revenue, index', () => {
    fc.assert(
      fc.property(
        fc.array(balance, { maxLength: 25 }),
        fc.array(cashFlow, { maxLength: 25 }),
        revenue,
        fc.array(indexItem, { maxLength: 60 }),
        text,
        (b, c, r, idx, name) => {
          const ctx = { symbol: 'SH:600519', companyName: name };
          check(renderBalanceSheet(b, ctx));
          check(renderCashFlow(c, ctx));
          check(renderCompanySnapshot({ ...ctx, balance: b, cashFlow: c, revenue: r }));
          check(renderRevenueBreakdown(r, ctx));
          return check(renderIndexCard(idx, { code: 'SPX', name }));
        },
      ),
      RUNS,
    );
  });

  it('income statement, snapshot with income, share prices, earnings calendar', () => {
    fc.assert(
      fc.property(
        fc.array(income, { maxLength: 25 }),
        fc.array(stockPrice, { maxLength: 60 }),
        fc.array(calendarEntry, { maxLength: 150 }),
        fc.subarray(['cn', 'hk', 'us'] as const, { minLength: 1 }),
        text,
        (inc, prices, entries, markets, name) => {
          const ctx = { symbol: 'US:AAPL', companyName: name };
          check(renderIncomeStatement(inc, ctx));
          check(renderCompanySnapshot({ ...ctx, income: inc, balance: [], cashFlow: [] }));
          check(renderStockPriceCard(prices, ctx));
          return check(
            renderEarningsCalendar({
              startDate: '2026-11-23',
              endDate: '2026-11-29',
              markets: markets.map((market, i) => ({ market, entries: i === 0 ? entries : entries.slice(0, 3) })),
            }),
          );
        },
      ),
      RUNS,
    );
  });

  it('concepts, detail and digest', () => {
    fc.assert(
      fc.property(fc.array(concept, { maxLength: 25 }), fc.integer({ min: -5, max: 60 }), (cs, top) => {
        check(renderConceptsList(cs, { top }));
        if (cs[0]) check(renderConceptDetail(cs[0]));
        return check(
          renderDigest({
            concepts: cs,
            previous: {
              postedAtMs: 0,
              slot: 's',
              concepts: cs.slice(2).map((c) => ({ conceptId: c.conceptId, name: c.name, trendingScore: 1 })),
            },
            top,
            nowMs: Date.now(),
            timeZone: 'Asia/Shanghai',
          }),
        );
      }),
      RUNS,
    );
  });

  it('errors, usage, folders, home', () => {
    fc.assert(
      fc.property(
        text,
        fc.array(fc.string(), { maxLength: 60 }),
        fc.constantFrom('validation', 'auth', 'not_found', 'upstream', 'timeout', 'network', 'bad_response', 'cancelled', 'rate_limited'),
        (t, ids, kind) => {
          check(
            renderServiceError(
              { kind, issues: [{ loc: ['body', t], msg: t, type: 'x' }], status: 422 },
              { correlationId: t, action: t, retryValue: '{}' },
            ),
          );
          const usage = parseResearchArgs(`${t} typ:${t}`, new Date());
          if (usage.kind === 'usage') check(renderUsage(usage));
          check(renderFolderCreated({ folderId: t }, t));
          check(renderFolderDeleted({ folderId: t, docIds: ids }, t));
          return checkView(
            renderAppHome({
              subscriptions: [],
              recentRuns: [{ runId: t, question: t, status: 'completed', startedAtMs: 0, permalink: t }],
              status: { reachable: false, lastError: t },
            }),
          );
        },
      ),
      RUNS,
    );
  });
});

describe('the checker itself', () => {
  it('flags a raw broadcast token', () => {
    expect(() => check({ text: 'x', blocks: [{ type: 'section', text: { type: 'mrkdwn', text: '<!channel>' } }] })).toThrow(/token/);
  });
});
