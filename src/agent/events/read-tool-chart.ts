/**
 * The chartable series in a data tool's output, as ChartData built by the same pure builders the
 * cards use (src/charts): a price tool's daily closes (`data[].items`: date, stock_price or close,
 * the price routes' fields) or an income tool's periods (`data[].records`, the income-statement
 * route's sections). Every company of the output is charted: several companies' prices on one
 * chart, rebased to 100; income trends one chart each (four lines a company fill a chart), as
 * many as a message holds. Untrusted input: anything malformed yields no chart, never an exception.
 */
import { buildAmountTrendChart } from '../../charts/build-amount-trend-chart.js';
import { buildPriceChart, type PriceDay } from '../../charts/build-price-chart.js';
import { buildRebasedPriceChart, type CompanyPrices } from '../../charts/build-rebased-price-chart.js';
import type { ChartData } from '../../charts/chart-data.js';
import { type ChartCompany, companiesChartTitle, companyLabel } from '../../charts/companies-chart-title.js';
import { sampleSeriesChart } from '../../charts/sample-series-chart.js';
import { periodLabel } from '../../periods/period-label.js';
import { isObject, parseJsonLoose, pickNumber, pickString, type JsonObject } from './event-fields.js';

/** Which kind of series a chart shows; a price chart is the more relevant for a report. */
export type ToolChartSource = 'price' | 'income';

export interface ToolChart {
  source: ToolChartSource;
  /** The chart (all companies' prices, or the first company's income trend). */
  data: ChartData;
  /** One chart each for the further companies' income trends, at most REPORT_CHARTS - 1. */
  others?: ChartData[];
}

/** Charts a report attaches at most: Slack shows two data_visualization blocks a message (slack-facts §8). */
export const REPORT_CHARTS = 2;

/**
 * Points a chart of the report keeps: what Slack's native `data_visualization` block holds per
 * series (SLACK_LIMITS.dataVizPointsPerSeries, slack-facts §8; src/agent may not import
 * src/slack, a test keeps the two equal). A daily series is thinned to this many dated closes.
 */
export const REPORT_CHART_POINTS = 20;

/** A statement's periods shown at most (the service lists newest first). */
const MAX_PERIODS = 8;

export function readToolChart(output: unknown): ToolChart | undefined {
  if (!isObject(output)) return undefined;
  const parsed = parseJsonLoose(output.content);
  const rows = isObject(parsed) && Array.isArray(parsed.data) ? parsed.data.filter(isObject) : [];
  const prices = rows.flatMap((row) => {
    const days = priceDays(row);
    return days ? [{ company: companyOf(row), days }] : [];
  });
  const price = pricesChart(prices);
  if (price) return { source: 'price', data: sampleSeriesChart(price, REPORT_CHART_POINTS) };
  const [income, ...others] = rows.flatMap((row) => incomeChart(row) ?? []).slice(0, REPORT_CHARTS);
  if (income) return { source: 'income', data: income, ...(others.length > 0 ? { others } : {}) };
  return undefined;
}

/** All companies rebased on one chart; one company (or no day in common) as its own closes. */
function pricesChart(prices: CompanyPrices[]): ChartData | null {
  const charted = prices.flatMap((p) => {
    const chart = buildPriceChart(p.days, { title: companyLabel(p.company) });
    return chart ? [{ p, chart }] : [];
  });
  if (charted.length > 1) {
    const rebased = buildRebasedPriceChart(charted.map((c) => c.p));
    if (rebased) return rebased;
  }
  return charted[0]?.chart ?? null;
}

/** The more relevant of two charts: a price series beats an income trend; the first of a kind stays. */
export function moreRelevantChart(current: ToolChart | undefined, found: ToolChart | undefined): ToolChart | undefined {
  if (!found) return current;
  if (!current) return found;
  return current.source === 'income' && found.source === 'price' ? found : current;
}

function companyOf(row: JsonObject): ChartCompany {
  const name = pickString(row, ['name', 'company_name'])?.trim();
  const symbol = pickString(row, ['symbol'])?.trim() || name || 'Company';
  return { symbol, ...(name ? { name } : {}) };
}

function priceDays(row: JsonObject): PriceDay[] | null {
  if (!Array.isArray(row.items)) return null;
  const currency = pickString(row, ['currency']);
  return row.items.filter(isObject).flatMap((item) => {
    const date = pickString(item, ['date', 'trade_date']);
    const close = pickNumber(item, ['stock_price', 'close']);
    return date !== undefined && close !== undefined ? [{ date, close, ...(currency ? { currency } : {}) }] : [];
  });
}

const section = (record: JsonObject, name: string, line: string): number | null => {
  const s = record[name];
  return isObject(s) ? (pickNumber(s, [line]) ?? null) : null;
};

/** The income card's key lines (build-statement-chart.ts), read from the service's record sections. */
const INCOME_LINES: ReadonlyArray<{ name: string; read: (r: JsonObject) => number | null }> = [
  { name: 'Revenue', read: (r) => section(r, 'revenue_and_costs', 'revenue') },
  { name: 'Gross profit', read: (r) => section(r, 'revenue_and_costs', 'gross_profit') },
  { name: 'Operating profit', read: (r) => section(r, 'operating_results', 'operating_profit') },
  { name: 'Net profit', read: (r) => section(r, 'profit', 'profit_attributable_to_owners_of_the_parent') },
];

function incomeChart(row: JsonObject): ChartData | null {
  if (!Array.isArray(row.records)) return null;
  const newestFirst = row.records
    .filter(isObject)
    .filter((r) => pickString(r, ['end_date']) !== undefined)
    .sort((a, b) => String(b.end_date).localeCompare(String(a.end_date)));
  // One currency: the newest period's (periods in another are left out rather than mixed).
  const currency = pickString(newestFirst[0], ['currency']) ?? pickString(row, ['currency']) ?? '';
  const periods = newestFirst
    .filter((r) => (pickString(r, ['currency']) ?? currency) === currency)
    .slice(0, MAX_PERIODS)
    .reverse();
  // One period is no trend.
  if (periods.length < 2) return null;
  return buildAmountTrendChart({
    title: companiesChartTitle([companyOf(row)], 'income statement'),
    categories: periods.map((r) =>
      periodLabel({
        fiscalYear: pickString(r, ['fiscal_year']),
        fiscalQuarter: pickString(r, ['fiscal_quarter']),
        period: pickString(r, ['period']),
        endDate: pickString(r, ['end_date']),
      }),
    ),
    lines: INCOME_LINES.map((l) => ({ name: l.name, values: periods.map(l.read) })),
    currency,
  });
}
