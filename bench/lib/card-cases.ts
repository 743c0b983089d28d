/**
 * Every renderer in src/slack/blocks with representative data (the card tests' fixtures, sized as
 * a command shows them), for the render benchmark. Each case renders once per call.
 */
import { renderAppHome } from '../../src/slack/home/app-home-view.js';
import { renderCompanySnapshot } from '../../src/slack/financials/cards/company-snapshot-card.js';
import { renderConceptDetail, renderConceptsList } from '../../src/slack/concepts/concepts-card.js';
import { renderDigest } from '../../src/slack/concepts/digest/digest-card.js';
import { renderDocumentSummary, renderUnfurl } from '../../src/slack/research/cards/document-card.js';
import { renderEarningsCalendar } from '../../src/slack/financials/cards/earnings-calendar-card.js';
import { renderNotice, renderServiceError } from '../../src/slack/blocks/error-card.js';
import { renderFinancialsModal } from '../../src/slack/financials/modal/financials-modal.js';
import { renderFolderCreated, renderFolderDeleteConfirm, renderFolderDeleted } from '../../src/slack/folders/folder-card.js';
import { renderUsage } from '../../src/slack/kit/help-card.js';
import { renderConceptsHelp } from '../../src/slack/concepts/concepts-help.js';
import { renderFinancialsHelp } from '../../src/slack/financials/financials-help.js';
import { renderResearchHelp } from '../../src/slack/research/research-help.js';
import { renderIndexCard } from '../../src/slack/financials/cards/index-card.js';
import { renderPassages } from '../../src/slack/research/cards/passages-card.js';
import { renderRevenueBreakdown } from '../../src/slack/financials/cards/revenue-card.js';
import { renderV1SearchResults, renderV2SearchResults } from '../../src/slack/research/cards/search-results-card.js';
import { renderBalanceSheet, renderCashFlow, renderIncomeStatement } from '../../src/slack/financials/cards/statement-card.js';
import { renderStockPriceCard } from '../../src/slack/financials/cards/stock-price-card.js';
import { renderSubscribed, renderSubscriptionList } from '../../src/slack/concepts/digest/subscriptions-card.js';
import { renderFinalAnswer } from '../../src/slack/agent/cards/render-final-answer.js';
import { renderReplayList } from '../../src/slack/agent/replay/render-replay-list.js';
import { renderRunProgress } from '../../src/slack/agent/cards/render-run-progress.js';
import { renderAskedQuestion, renderReplayRoot } from '../../src/slack/agent/cards/render-thread-root.js';
import type { AgentRenderContext } from '../../src/slack/agent/cards/agent-render-context.js';
import { reduceRecordedEvents } from '../../src/agent/state/reduce-run.js';
import { initialRunView } from '../../src/agent/state/run-view.js';
import { parseResearchArgs } from '../../src/slack/research/parse-research-args.js';
import type { ConversationMessage } from '../../src/service/types.js';
import { buildRunEvents } from '../../test/fixtures/build-run-events.js';
import {
  buildBalance,
  buildCashFlow,
  buildChunk,
  buildConcept,
  buildDocSummary,
  buildEarningsEntry,
  buildIncome,
  buildIndexItems,
  buildRevenue,
  buildSearchDoc,
  buildStockPrices,
  buildSubscription,
} from '../../test/slack/blocks/fixtures.js';

export interface CardCase {
  name: string;
  render: () => unknown;
}

const RUN_START = 1_750_000_000_000;
const agentCtx: AgentRenderContext = {
  runId: 'run-42',
  askerUserId: 'U0ASKER',
  conversationUrl: 'https://research.example.com/c/77',
  nowMs: RUN_START + 95_000,
};
const runEvents = buildRunEvents({ startMs: RUN_START });
const finishedRun = reduceRecordedEvents(initialRunView({ startedAtMs: RUN_START }), runEvents);
const runningRun = reduceRecordedEvents(initialRunView({ startedAtMs: RUN_START }), runEvents.slice(0, Math.floor(runEvents.length / 2)));
const usage = parseResearchArgs('chips typ:news until:2024-02-30', new Date(Date.UTC(2025, 5, 30)));
const concepts = Array.from({ length: 10 }, (_, i) => buildConcept(i));
const replayMessages: ConversationMessage[] = Array.from({ length: 10 }, (_, i) => ({
  id: String(20 - i),
  conversationId: '7',
  role: i % 2 === 0 ? 'assistant' : 'user',
  replyToMessageId: i % 2 === 0 ? String(19 - i) : null,
  errorInfo: null,
  assistantMessageId: i % 2 === 0 ? `am_${20 - i}` : null,
  status: 'completed',
  text: i % 2 === 0 ? 'Report on 贵州茅台 margins' : 'How did Moutai guide?',
}));
const searchState = { k: 'v2' as const, r: { query: 'AI capex', num: 10, symbols: ['US:NVDA'] }, p: 1 };
const company = { symbol: 'SH:600519', companyName: '贵州茅台' };

export const CARD_CASES: CardCase[] = [
  {
    name: 'v2 search results (10 docs)',
    render: () =>
      renderV2SearchResults(
        { docs: Array.from({ length: 10 }, (_, i) => buildSearchDoc({ docId: `v2_${i}`, title: `Doc ${i}` })), totalCount: 42, tookMs: 12 },
        { state: searchState, visibility: 'ephemeral', pageSize: 5 },
      ),
  },
  {
    name: 'v1 search results (5 docs)',
    render: () =>
      renderV1SearchResults(
        {
          items: Array.from({ length: 5 }, (_, i) => buildDocSummary({ id: `doc_${i}` })),
          totalCount: 12,
          totalPages: 3,
          pageNum: 1,
          pageSize: 5,
        },
        { state: { k: 'v1', r: { query: '茅台', categories: ['reports'], sort: 'latest' }, p: 1 }, visibility: 'ephemeral', pageSize: 5 },
      ),
  },
  {
    name: 'passages (3 chunks)',
    render: () =>
      renderPassages(
        [
          buildChunk(),
          buildChunk({ id: 'c2', type: 'table', content: '| Q | Rev |\n|---|---|\n| Q1 | 44.1 |' }),
          buildChunk({ id: 'c3', type: 'image', summary: 'Chart of data-center revenue', mediaUrl: 'https://cdn.example.com/i.png' }),
        ],
        { query: 'gross margin' },
      ),
  },
  {
    name: 'document summary',
    render: () => renderDocumentSummary({ summary: { docId: 'doc_1', summary: '第一段。'.repeat(300) }, doc: buildDocSummary() }),
  },
  { name: 'unfurl', render: () => renderUnfurl(buildDocSummary()) },
  { name: 'balance sheet (2 years)', render: () => renderBalanceSheet([buildBalance(2024), buildBalance(2023, 0.9)], company) },
  { name: 'cash flow (2 years)', render: () => renderCashFlow([buildCashFlow(2024), buildCashFlow(2023)], company) },
  { name: 'income statement (2 years)', render: () => renderIncomeStatement([buildIncome(2024), buildIncome(2023, 0.8)], company) },
  {
    name: 'company snapshot',
    render: () =>
      renderCompanySnapshot({
        ...company,
        income: [buildIncome(2024), buildIncome(2023, 0.8)],
        balance: [buildBalance(2024), buildBalance(2023, 0.9)],
        cashFlow: [buildCashFlow(2024)],
        revenue: buildRevenue(),
      }),
  },
  { name: 'revenue breakdown', render: () => renderRevenueBreakdown(buildRevenue(), company) },
  { name: 'stock prices (30 days)', render: () => renderStockPriceCard(buildStockPrices(30), { symbol: 'US:AAPL' }) },
  { name: 'index (30 days)', render: () => renderIndexCard(buildIndexItems(30), { code: 'SPX', name: 'S&P 500' }) },
  {
    name: 'earnings calendar',
    render: () =>
      renderEarningsCalendar({
        startDate: '2026-11-23',
        endDate: '2026-11-29',
        markets: [{ market: 'us', entries: Array.from({ length: 8 }, (_, i) => buildEarningsEntry({ symbol: `S${i}` })) }],
      }),
  },
  { name: 'concepts list (10)', render: () => renderConceptsList(concepts, { top: 10 }) },
  { name: 'concept detail', render: () => renderConceptDetail(buildConcept(0)) },
  {
    name: 'digest (10 concepts)',
    render: () => renderDigest({ concepts, previous: null, top: 10, nowMs: Date.UTC(2025, 5, 30, 1), timeZone: 'Asia/Shanghai' }),
  },
  { name: 'research help', render: () => renderResearchHelp() },
  { name: 'financials help', render: () => renderFinancialsHelp() },
  { name: 'concepts help', render: () => renderConceptsHelp() },
  { name: 'usage', render: () => (usage.kind === 'usage' ? renderUsage(usage) : renderResearchHelp()) },
  {
    name: 'service error (validation)',
    render: () =>
      renderServiceError(
        { kind: 'validation', issues: [{ loc: ['body', 'start_date'], msg: 'invalid date format', type: 'value_error' }] },
        { correlationId: 'req-1', action: 'search' },
      ),
  },
  { name: 'notice', render: () => renderNotice('Subscribed this channel to the weekly digest.') },
  { name: 'financials modal', render: () => renderFinancialsModal({ symbol: 'hk:700', statement: 'balance' }, '{"c":"C1"}') },
  {
    name: 'app home',
    render: () =>
      renderAppHome({
        subscriptions: [buildSubscription(), buildSubscription({ channelId: 'C999', paused: true, cadence: 'daily' })],
        recentRuns: Array.from({ length: 10 }, (_, i) => ({
          runId: `r${i}`,
          question: 'How did Moutai guide?',
          status: 'completed',
          startedAtMs: Date.UTC(2025, 5, 30) - i * 3_600_000,
          permalink: 'https://slack.example.com/archives/C1/p1',
        })),
        status: { reachable: true, latencyMs: 87.4, checkedAtMs: Date.UTC(2025, 5, 30, 1, 2) },
      }),
  },
  { name: 'folder created', render: () => renderFolderCreated({ folderId: 'fld_1' }, 'Q3 semis') },
  { name: 'folder delete confirm', render: () => renderFolderDeleteConfirm('fld_1', 'Q3') },
  {
    name: 'folder deleted (60 docs)',
    render: () => renderFolderDeleted({ folderId: 'fld_1', docIds: Array.from({ length: 60 }, (_, i) => `d${i}`) }),
  },
  { name: 'subscription list (2)', render: () => renderSubscriptionList([buildSubscription(), buildSubscription({ channelId: 'C2' })]) },
  { name: 'subscribed', render: () => renderSubscribed(buildSubscription()) },
  { name: 'agent: asked question', render: () => renderAskedQuestion('U0ASKER', 'How did Moutai guide for 2025?') },
  { name: 'agent: run progress (mid-run)', render: () => renderRunProgress(runningRun, agentCtx) },
  { name: 'agent: final answer (short report)', render: () => renderFinalAnswer(finishedRun, agentCtx) },
  {
    name: 'agent: replay list (10 messages)',
    render: () => renderReplayList({ conversationId: '7', messages: replayMessages, hasOlder: true, isOlderPage: false }),
  },
  {
    name: 'agent: replay root',
    render: () =>
      renderReplayRoot({ userId: 'U0ASKER', conversationId: '7', assistantMessageId: 'am_4', question: 'Margins?', stillRunning: false }),
  },
];
