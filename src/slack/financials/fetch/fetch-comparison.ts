/**
 * Fetches what `/financials compare` shows: each company in parallel (its statement, or its
 * prices), then aligns the figures (align-comparison.ts). A company that fails or has no figures is
 * left out and named, with the reason, like the snapshot's missing parts; only when every company
 * fails does it throw. The card, chart and export are made of the result (kinds/compare.ts).
 */
import { lookupCompanyName } from './company-name.js';
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
import { alignComparison, type AlignedComparison, type CompanyFigures } from '../compare/align-comparison.js';
import type { CompareMetricDef } from '../compare/compare-card.js';
import type { CompanyPrices } from '../compare/compare-prices-card.js';
import { BALANCE_LINES, CASH_FLOW_LINES, INCOME_LINES } from '../cards/statement-card.js';
import type { StatementLine } from '../../blocks/statement-table.js';
import type { CompareArgs, CompareMetric } from '../args/parse-compare-args.js';
import { partFailureReason } from './part-failure-reason.js';

/** Periods asked of each company: more than are shown, so common periods can be found. */
const COMPARE_FETCH_PERIODS = 8;
/** Days of prices in the default window (the service's own default is shorter). */
export const PRICE_WINDOW_DAYS = 90;

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

/** A company left out of a comparison, and why in the user's words. */
export interface MissingCompany {
  symbol: string;
  reason: string;
}

/** What a comparison shows, and its export's input (export-table.ts). */
export type ComparisonData =
  | {
      kind: 'compare';
      symbols: string[];
      /** "Income", "Balance sheet"…: what the statement comparison compares. */
      subject: string;
      aligned: AlignedComparison;
      metrics: CompareMetricDef[];
      missing?: MissingCompany[];
    }
  | { kind: 'compare'; symbols: string[]; prices: CompanyPrices[]; missing?: MissingCompany[] };

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

/** Each company that is not shown, and why (each failure logged). */
function missingCompanies<T>(outcomes: Array<Outcome<T>>, log: Logger): MissingCompany[] {
  return outcomes.flatMap((o) => {
    if (o.result.status === 'rejected') {
      log.warn('compare company failed', {
        symbol: o.symbol.canonical,
        kind: isServiceError(o.result.reason) ? o.result.reason.kind : 'unknown',
        error: o.result.reason,
      });
      return [{ symbol: o.symbol.canonical, reason: partFailureReason(o.result.reason) }];
    }
    return o.empty
      ? [{ symbol: o.symbol.canonical, reason: 'the service has no figures for it — check the symbol, e.g. SH:600519, HK:00700, US:NVDA' }]
      : [];
  });
}

function throwWhenNoneShown<T>(outcomes: Array<Outcome<T>>): void {
  if (outcomes.some((o) => o.result.status === 'fulfilled' && !o.empty)) return;
  const rejected = outcomes.flatMap((o) => (o.result.status === 'rejected' ? [o.result.reason] : []));
  if (rejected.length > 0) throw rejected.find((e) => isServiceError(e) && e.kind === 'auth') ?? rejected[0];
}

export async function fetchComparison(
  service: ResearchService,
  args: CompareArgs,
  call: CallOptions,
  log: Logger,
): Promise<ComparisonData> {
  const today = args.today;
  const symbols = args.symbols.map((s) => s.canonical);
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
    return { kind: 'compare', symbols, prices, missing: missingCompanies(outcomes, log) };
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
  return { kind: 'compare', symbols, subject: set.subject, aligned, metrics, missing: missingCompanies(outcomes, log) };
}
