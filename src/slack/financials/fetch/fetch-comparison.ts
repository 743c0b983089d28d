/**
 * Fetches what `/financials compare` needs: each company in parallel (its statement, or its prices),
 * then aligns the figures (align-comparison.ts). A company that fails or has no figures is left
 * out and named in a notice with the reason, like the snapshot's missing parts; only when every
 * company fails does it throw. Also returns the chart the comparison offers.
 */
import { lookupCompanyName } from './company-name.js';
import type { ChartData } from '../../../charts/chart-data.js';
import { isServiceError } from '../../../service/errors/service-error.js';
import type { Logger } from '../../../observability/logger.js';
import type {
  BalanceSheetRecord,
  CallOptions,
  CashFlowRecord,
  IncomeStatementRecord,
  ResearchService,
  StatementHeader,
  StockPriceItem,
} from '../../../service/types.js';
import type { StockSymbol } from '../../../service/symbols.js';
import type { SlackMessage } from '../../../slack-api/slack-message.js';
import { alignComparison, type AlignedComparison, type CompanyFigures } from '../compare/align-comparison.js';
import { renderCompareCard, type CompareMetricDef } from '../compare/compare-card.js';
import { compareChartData } from '../compare/compare-chart-data.js';
import { renderPriceCompareCard, type CompanyPrices } from '../compare/compare-prices-card.js';
import { renderNotice } from '../../blocks/error-card.js';
import { clampMessage } from '../../blocks/limits.js';
import { BALANCE_LINES, CASH_FLOW_LINES, INCOME_LINES } from '../cards/statement-card.js';
import type { StatementLine } from '../../blocks/statement-table.js';
import type { CompareArgs, CompareMetric } from '../args/parse-compare-args.js';
import { partFailureReason } from './part-failure-reason.js';

/** Periods asked of each company: more than are shown, so common periods can be found. */
const COMPARE_FETCH_PERIODS = 8;
/** Days of prices in the default window (the service's own default is shorter). */
const PRICE_WINDOW_DAYS = 90;

type StatementKind = Exclude<CompareMetric, 'prices'>;

interface MetricSet<R> {
  subject: string;
  lines: Array<StatementLine<R>>;
}

/** The lines each comparison shows, by their statement-card labels (one source of truth for the values). */
function pick<R>(lines: Array<StatementLine<R>>, labels: string[]): Array<StatementLine<R>> {
  return labels.flatMap((label) => lines.filter((l) => l.label === label));
}

const METRICS: {
  [K in StatementKind]: MetricSet<K extends 'balance' ? BalanceSheetRecord : K extends 'cashflow' ? CashFlowRecord : IncomeStatementRecord>;
} = {
  income: { subject: 'Income', lines: pick(INCOME_LINES, ['Revenue', 'Net profit', 'Gross margin', 'Operating margin', 'Net margin']) },
  // The revenue mix's segments differ per company; its comparable figure is total revenue and its growth drivers.
  revenue: { subject: 'Revenue', lines: pick(INCOME_LINES, ['Revenue', 'Gross profit', 'Gross margin']) },
  balance: {
    subject: 'Balance sheet',
    lines: pick(BALANCE_LINES, ['Total assets', 'Total liabilities', 'Total shareholders’ equity', 'Cash & equivalents']),
  },
  cashflow: {
    subject: 'Cash flow',
    lines: pick(CASH_FLOW_LINES, ['Operating cash flow', 'Investing cash flow', 'Financing cash flow', 'Net change in cash']),
  },
};

export interface Comparison {
  card: SlackMessage;
  /** What the chart renderers draw for this comparison (undefined when no chart fits). */
  chart: ChartData | undefined;
  /** The aligned figures (statement comparisons), for exports. */
  aligned?: AlignedComparison;
  metrics?: CompareMetricDef[];
  /** "Income", "Balance sheet"…: what the statement comparison compares. */
  subject?: string;
  prices?: CompanyPrices[];
}

interface Outcome<T> {
  symbol: StockSymbol;
  result: PromiseSettledResult<T>;
  /** Set when the service answered but had nothing for this company. */
  empty: boolean;
}

function metricDefs<R>(lines: Array<StatementLine<R>>): CompareMetricDef[] {
  return lines.map((l) => ({ id: l.label, label: l.label, ...(l.kind ? { kind: l.kind } : {}) }));
}

function figuresOf<R extends StatementHeader>(
  symbol: StockSymbol,
  name: string | undefined,
  records: R[],
  lines: Array<StatementLine<R>>,
): CompanyFigures {
  return {
    symbol: symbol.canonical,
    ...(name ? { name } : {}),
    currency: records.find((r) => r.currency)?.currency ?? '',
    periods: records.map((r) => ({
      fiscalYear: String(r.fiscalYear ?? '').trim() || String(r.endDate).slice(0, 4),
      periodType: String(r.fiscalQuarter ?? '').trim() || (/annual/i.test(r.period ?? '') ? 'FY' : String(r.endDate)),
      values: Object.fromEntries(lines.map((l) => [l.label, l.value(r)])),
    })),
  };
}

function statementOf(service: ResearchService, kind: StatementKind) {
  return (req: Parameters<ResearchService['incomeStatement']>[0], call: CallOptions): Promise<StatementHeader[]> => {
    if (kind === 'balance') return service.balanceSheet(req, call);
    if (kind === 'cashflow') return service.cashFlow(req, call);
    return service.incomeStatement(req, call);
  };
}

/** The window ending `today` (the service's default window when the parser had no clock). */
function windowOf(today: string | undefined, days: number): { startDate?: string; endDate?: string } {
  if (!today) return {};
  return { startDate: new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10), endDate: today };
}

/** A name for each company (statements carry none), as every card finds it; undefined when it fails. */
function namesOf(
  service: ResearchService,
  symbols: StockSymbol[],
  today: string | undefined,
  call: CallOptions,
  log: Logger,
): Promise<Array<string | undefined>> {
  if (!today) return Promise.resolve(symbols.map(() => undefined));
  const nowMs = Date.parse(`${today}T00:00:00Z`);
  return Promise.all(symbols.map((s) => lookupCompanyName(service, s.canonical, nowMs, call, log)));
}

/** The card followed by a notice naming each company that is not shown, and why (each logged). */
function withMissingCompanies<T>(card: SlackMessage, outcomes: Array<Outcome<T>>, log: Logger): SlackMessage {
  const missing = outcomes.flatMap((o) => {
    if (o.result.status === 'rejected') {
      log.warn('compare company failed', {
        symbol: o.symbol.canonical,
        kind: isServiceError(o.result.reason) ? o.result.reason.kind : 'unknown',
        error: o.result.reason,
      });
      return [`${o.symbol.canonical} (${partFailureReason(o.result.reason)})`];
    }
    return o.empty
      ? [`${o.symbol.canonical} (the service has no figures for it — check the symbol, e.g. SH:600519, HK:00700, US:NVDA)`]
      : [];
  });
  if (missing.length === 0) return card;
  const notice = renderNotice(`Not shown: ${missing.join(' and ')}.`, ':warning:');
  return clampMessage({ text: `${card.text}\n${notice.text}`, blocks: [...card.blocks, ...notice.blocks] });
}

function throwWhenNoneShown<T>(outcomes: Array<Outcome<T>>): void {
  if (outcomes.some((o) => o.result.status === 'fulfilled' && !o.empty)) return;
  const rejected = outcomes.flatMap((o) => (o.result.status === 'rejected' ? [o.result.reason] : []));
  if (rejected.length > 0) throw rejected.find((e) => isServiceError(e) && e.kind === 'auth') ?? rejected[0];
}

export async function fetchComparison(service: ResearchService, args: CompareArgs, call: CallOptions, log: Logger): Promise<Comparison> {
  const today = args.today;
  if (args.metric === 'prices') {
    const window = windowOf(today, PRICE_WINDOW_DAYS);
    const results = await Promise.allSettled(args.symbols.map((s) => service.companyPrices({ symbol: s.canonical, ...window }, call)));
    const outcomes: Array<Outcome<StockPriceItem[]>> = args.symbols.map((symbol, i) => {
      const result = results[i] as PromiseSettledResult<StockPriceItem[]>;
      return { symbol, result, empty: result.status === 'fulfilled' && result.value.length === 0 };
    });
    throwWhenNoneShown(outcomes);
    const prices = outcomes.flatMap((o) =>
      o.result.status === 'fulfilled' && !o.empty ? [{ symbol: o.symbol.canonical, items: o.result.value }] : [],
    );
    const card =
      prices.length > 0 ? renderPriceCompareCard(prices) : renderNotice('None of these companies has prices in the last 90 days.');
    return { card: withMissingCompanies(card, outcomes, log), chart: undefined, prices };
  }
  const set = METRICS[args.metric] as MetricSet<StatementHeader>;
  const fetchStatement = statementOf(service, args.metric);
  const [results, names] = await Promise.all([
    Promise.allSettled(
      args.symbols.map((s) => fetchStatement({ symbol: s.canonical, period: args.period, limit: COMPARE_FETCH_PERIODS }, call)),
    ),
    namesOf(service, args.symbols, today, call, log),
  ]);
  const outcomes: Array<Outcome<StatementHeader[]>> = args.symbols.map((symbol, i) => {
    const result = results[i] as PromiseSettledResult<StatementHeader[]>;
    return { symbol, result, empty: result.status === 'fulfilled' && result.value.length === 0 };
  });
  throwWhenNoneShown(outcomes);
  const figures = outcomes.flatMap((o, i) =>
    o.result.status === 'fulfilled' && !o.empty ? [figuresOf(o.symbol, names[i], o.result.value, set.lines)] : [],
  );
  const metrics = metricDefs(set.lines);
  const aligned = alignComparison(
    figures,
    metrics.map((m) => m.id),
  );
  const card = renderCompareCard({ subject: set.subject, aligned, metrics });
  return {
    card: withMissingCompanies(card, outcomes, log),
    chart: compareChartData(aligned, metrics, set.subject),
    aligned,
    metrics,
    subject: set.subject,
  };
}
