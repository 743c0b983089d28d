/**
 * Fetches what `/financials compare` shows: each company in parallel (its statement, or its
 * prices), then aligns the figures on the calendar (align-comparison.ts). Where the companies'
 * fiscal years end in different months, each company's latest quarters are fetched too, for the
 * trailing-twelve-month and latest-quarter rows; a company whose quarters fail keeps its years and
 * is told why it has no TTM. A company that fails or has no figures is left out and named, with
 * the reason, like the snapshot's missing parts; only when every company fails does it throw. The
 * card, chart and export are made of the result (kinds/compare.ts).
 */
import { lookupCompanyNames } from './company-name.js';
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
import {
  alignComparison,
  fiscalYearsDiffer,
  type AlignedComparison,
  type CompanyFigures,
  type CompanyPeriodFigures,
} from '../compare/align-comparison.js';
import { trailingFigures } from '../compare/sum-quarters.js';
import type { CompareMetricDef } from '../compare/compare-card.js';
import type { CompanyPrices } from '../compare/compare-prices-card.js';
import { BALANCE_LINES, CASH_FLOW_LINES, INCOME_LINES, MARGIN_LABELS } from '../cards/statement-card.js';
import type { StatementLine } from '../../blocks/statement-table.js';
import type { CompareArgs, CompareMetric } from '../args/parse-compare-args.js';
import { partFailureReason } from './part-failure-reason.js';

/** Periods asked of each company: more than are shown, so common periods can be found. */
const COMPARE_FETCH_PERIODS = 8;
/** Quarters asked for the trailing rows: the four a TTM sums (the newest of them is the latest quarter). */
const TRAILING_QUARTERS = 4;
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
  // A net margin on profit to owners where the company reports it, else on net profit: each says its basis.
  income: {
    subject: 'Income',
    lines: pick(INCOME_LINES, [
      'Revenue',
      'Net profit',
      MARGIN_LABELS.gross,
      MARGIN_LABELS.operating,
      MARGIN_LABELS.netToOwners,
      MARGIN_LABELS.net,
    ]),
  },
  // The revenue mix's segments differ per company; its comparable figure is total revenue and its growth drivers.
  revenue: { subject: 'Revenue', lines: pick(INCOME_LINES, ['Revenue', 'Gross profit', MARGIN_LABELS.gross]) },
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

function periodFigures<R extends StatementHeader>(r: R, lines: Array<StatementLine<R>>): CompanyPeriodFigures {
  return {
    fiscalYear: String(r.fiscalYear ?? '').trim() || String(r.endDate).slice(0, 4),
    periodType: String(r.fiscalQuarter ?? '').trim() || (/annual/i.test(r.period ?? '') ? 'FY' : ''),
    // As given: a missing or malformed end is shown as unknown, never filled in (align-comparison.ts).
    endDate: r.endDate,
    values: Object.fromEntries(lines.map((l) => [l.label, l.value(r)])),
  };
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
    periods: records.map((r) => periodFigures(r, lines)),
  };
}

/** A single quarter (Q1…Q4), not a year-to-date or annual record. */
const isSingleQuarter = (r: StatementHeader): boolean => /^Q[1-4]$/i.test(String(r.fiscalQuarter ?? '').trim());

/**
 * Adds the trailing row's figures to each company: for a flow (income, cash flow) the sum of its
 * latest four quarters, for a balance sheet (a position, never summed) its newest one. `quarters`
 * per company: its records when they are quarters already, else fetched now; a failed fetch is
 * the company's reason.
 */
async function withTrailing<R extends StatementHeader>(
  figures: CompanyFigures[],
  symbols: StockSymbol[],
  quarters: (symbol: StockSymbol) => Promise<R[]>,
  lines: Array<StatementLine<R>>,
  flows: boolean,
  log: Logger,
): Promise<CompanyFigures[]> {
  const results = await Promise.allSettled(symbols.map(quarters));
  return figures.map((f, i) => {
    const result = results[i] as PromiseSettledResult<R[]>;
    if (result.status === 'rejected') {
      log.warn('compare quarters failed', { symbol: f.symbol, error: result.reason });
      return flows ? { ...f, ttm: { reason: `its quarters could not be fetched (${partFailureReason(result.reason)})` } } : f;
    }
    const single = result.value.filter(isSingleQuarter);
    const newest = [...single].sort((a, b) => String(b.endDate).localeCompare(String(a.endDate)))[0];
    return {
      ...f,
      ...(flows ? { ttm: trailingFigures(single, lines) } : newest ? { latest: periodFigures(newest, lines) } : {}),
    };
  });
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

/** A name for each company (statements carry none), as every card finds it, with one names call for all; undefined when it fails. */
function namesOf(
  service: ResearchService,
  symbols: StockSymbol[],
  today: string | undefined,
  call: CallOptions,
  log: Logger,
): Promise<Array<string | undefined>> {
  if (!today) return Promise.resolve(symbols.map(() => undefined));
  const nowMs = Date.parse(`${today}T00:00:00Z`);
  return lookupCompanyNames(
    service,
    symbols.map((s) => s.canonical),
    nowMs,
    call,
    log,
  );
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
  const shown = outcomes.flatMap((o, i) =>
    o.result.status === 'fulfilled' && !o.empty ? [{ symbol: o.symbol, records: o.result.value, name: names[i] }] : [],
  );
  let figures = shown.map((c) => figuresOf(c.symbol, c.name, c.records, set.lines));
  const flows = args.metric !== 'balance';
  const quarterly = args.period === 'quarterly';
  // In a quarterly balance sheet comparison the newest calendar row is the latest reported already.
  if (figures.length > 1 && fiscalYearsDiffer(figures) && (flows || !quarterly)) {
    const recordsOf = new Map(shown.map((c) => [c.symbol.canonical, c.records]));
    figures = await withTrailing(
      figures,
      shown.map((c) => c.symbol),
      (s) =>
        quarterly
          ? Promise.resolve(recordsOf.get(s.canonical) ?? [])
          : fetchStatement({ symbol: s.canonical, period: 'quarterly', limit: TRAILING_QUARTERS }, call),
      set.lines,
      flows,
      log,
    );
  }
  const metrics = metricDefs(set.lines);
  const aligned = alignComparison(
    figures,
    metrics.map((m) => m.id),
  );
  return { kind: 'compare', symbols, subject: set.subject, aligned, metrics, missing: missingCompanies(outcomes, log) };
}
