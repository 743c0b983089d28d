/**
 * The three statements, `/financials <SYMBOL> income|balance|cashflow [annual|quarterly|cumulative]
 * [limit:N] [fy:] [q:] [since:] [until:]`: periods as columns, a trend chart of the key lines, and
 * every line at full precision in the export. One factory, three descriptors.
 */
import type { StockSymbol } from '../../../service/symbols.js';
import type {
  BalanceSheetRecord,
  CallOptions,
  CashFlowRecord,
  IncomeStatementRecord,
  ResearchService,
  StatementHeader,
  StatementRequest,
} from '../../../service/types.js';
import type { SlackMessage } from '../../../slack-api/slack-message.js';
import type { ChartData } from '../../../charts/chart-data.js';
import { buildStatementChart } from '../charts/build-statement-chart.js';
import { renderBalanceSheet, renderCashFlow, renderIncomeStatement, type CompanyContext } from '../cards/statement-card.js';
import { statementTable } from '../export/statement-export.js';
import { lookupCompanyName } from '../fetch/company-name.js';
import type { FinancialsKind, KindModalChoice, SymbolOptions } from './financials-kind.js';

type StatementKindId = 'balance' | 'cashflow' | 'income';

export interface StatementArgs<K extends StatementKindId> {
  kind: K;
  symbol: StockSymbol;
  request: StatementRequest;
}

/** What the card, chart and export read; the export's input as export-table.ts names it. */
export interface StatementData<K extends StatementKindId, R extends StatementHeader> {
  kind: K;
  symbol: string;
  /** The company's name (the statements carry none); looked up for the card, the chart's title and the file. */
  name?: string;
  records: R[];
}

/** Periods shown when no limit:N is given (the service's own default is 8): five fit a Slack table without sideways scrolling. */
const DEFAULT_STATEMENT_PERIODS = 5;

interface StatementDef<K extends StatementKindId, R extends StatementHeader> {
  id: K;
  words: readonly string[];
  /** "the balance sheet" */
  what: string;
  cumulative: boolean;
  modal: KindModalChoice;
  example?: string;
  records(service: ResearchService, request: StatementRequest, call: CallOptions): Promise<R[]>;
  render(records: R[], ctx: CompanyContext): SlackMessage;
  chart(records: R[], ctx: CompanyContext): ChartData | null;
}

function statementRequest(symbol: StockSymbol, o: SymbolOptions): StatementRequest {
  const request: StatementRequest = { symbol: symbol.canonical, limit: o.limit ?? DEFAULT_STATEMENT_PERIODS };
  if (o.period) request.period = o.period;
  if (o.fiscalYear) request.fiscalYear = o.fiscalYear;
  if (o.fiscalQuarter) request.fiscalQuarter = o.fiscalQuarter;
  if (o.startDate) request.startDate = o.startDate;
  if (o.endDate) request.endDate = o.endDate;
  return request;
}

function statementKind<K extends StatementKindId, R extends StatementHeader>(
  def: StatementDef<K, R>,
): FinancialsKind<StatementArgs<K>, StatementData<K, R>> {
  const company = (data: StatementData<K, R>): CompanyContext => ({
    symbol: data.symbol,
    ...(data.name ? { companyName: data.name } : {}),
  });
  return {
    id: def.id,
    words: {
      grammar: 'symbol',
      of: 'company',
      words: def.words,
      cumulative: def.cumulative,
      request: (symbol, options) => ({ kind: def.id, symbol, request: statementRequest(symbol, options) }),
    },
    help: { word: def.id, examples: def.example ? [def.example] : [] },
    modal: def.modal,
    describe: (args) => `${def.what} of ${args.symbol.canonical}`,
    async fetch(args, ctx) {
      const symbol = args.symbol.canonical;
      const [name, records] = await Promise.all([
        lookupCompanyName(ctx.service, symbol, ctx.now, ctx.call, ctx.log),
        def.records(ctx.service, args.request, ctx.call),
      ]);
      return { kind: def.id, symbol, records, ...(name ? { name } : {}) };
    },
    card: (data) => def.render(data.records, company(data)),
    chart(data) {
      const chart = def.chart(data.records, company(data));
      return chart ? { data: chart, preferImage: false } : null;
    },
    export: (data) => ({ table: statementTable(def.id, data.symbol, data.name, data.records) }),
    canvas: true,
  };
}

export const incomeKind = statementKind<'income', IncomeStatementRecord>({
  id: 'income',
  words: ['income', 'income-statement', 'incomestatement', 'p&l', 'profit', '利润表'],
  what: 'the income statement',
  cumulative: true,
  modal: { label: 'Income statement', periods: true },
  example: '/financials 600519 income annual limit:4',
  records: (service, request, call) => service.incomeStatement(request, call),
  render: renderIncomeStatement,
  chart: (records, ctx) => buildStatementChart({ kind: 'income', records }, ctx),
});

export const balanceKind = statementKind<'balance', BalanceSheetRecord>({
  id: 'balance',
  words: ['balance', 'balance-sheet', 'balancesheet', 'bs', '资产负债表'],
  what: 'the balance sheet',
  cumulative: false,
  modal: { label: 'Balance sheet', periods: true },
  example: '/financials hk:700 balance quarterly limit:4',
  records: (service, request, call) => service.balanceSheet(request, call),
  render: renderBalanceSheet,
  chart: (records, ctx) => buildStatementChart({ kind: 'balance', records }, ctx),
});

export const cashflowKind = statementKind<'cashflow', CashFlowRecord>({
  id: 'cashflow',
  words: ['cashflow', 'cash-flow', 'cf', 'cash', '现金流量表', '现金流'],
  what: 'the cash-flow statement',
  cumulative: true,
  modal: { label: 'Cash flow', periods: true },
  records: (service, request, call) => service.cashFlow(request, call),
  render: renderCashFlow,
  chart: (records, ctx) => buildStatementChart({ kind: 'cashflow', records }, ctx),
});
