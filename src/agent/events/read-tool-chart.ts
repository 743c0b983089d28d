/**
 * The chartable series in a data tool's output, as ChartData built by the same pure builders the
 * cards use (src/charts): a price tool's daily closes (`data[].items`: date, stock_price or close,
 * the price routes' fields) or an income tool's periods (`data[].records`, the income-statement
 * route's sections). Every company of the output is charted: several companies' prices on one
 * chart, rebased to 100; income trends one chart each (four lines a company fill a chart), as
 * many as a message holds. Each chart is built in every answer language (titles, legends, period
 * labels, units), since the answer's language is chosen when the answer is drawn. Untrusted
 * input: anything malformed yields no chart, never an exception.
 */
import { buildAmountTrendChart } from '../../charts/build-amount-trend-chart.js';
import { buildPriceChart, type PriceDay } from '../../charts/build-price-chart.js';
import { buildRebasedPriceChart, type CompanyPrices } from '../../charts/build-rebased-price-chart.js';
import type { ChartData } from '../../charts/chart-data.js';
import { type ChartCompany, companiesChartTitle, companyLabel } from '../../charts/companies-chart-title.js';
import { sampleSeriesChart } from '../../charts/sample-series-chart.js';
import type { AnswerLanguage } from '../../language/answer-language.js';
import { isObject, parseJsonLoose, pickNumber, pickString, type JsonObject } from './event-fields.js';
import { REPORT_CHART_LANGUAGES, reportChartWords, type ReportChartWords } from './report-chart-words.js';

/** Which kind of series a chart shows; a price chart is the more relevant for a report. */
export type ToolChartSource = 'price' | 'income';

export interface ToolChart {
  source: ToolChartSource;
  /** The first chart, in English (for readers that take one chart). */
  data: ChartData;
  /** Every chart of the report in each answer language, in order: REPORT_CHARTS at most. */
  byLanguage: Record<AnswerLanguage, ChartData[]>;
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
  const charts = (build: (w: ReportChartWords) => ChartData[]) =>
    Object.fromEntries(REPORT_CHART_LANGUAGES.map((lang) => [lang, build(reportChartWords(lang))])) as Record<AnswerLanguage, ChartData[]>;
  const prices = rows.flatMap((row) => {
    const days = priceDays(row);
    return days ? [{ row, days }] : [];
  });
  const price = charts((w) => {
    const chart = pricesChart(prices, w);
    return chart ? [sampleSeriesChart(chart, REPORT_CHART_POINTS)] : [];
  });
  const income = charts((w) => rows.flatMap((row) => incomeChart(row, w) ?? []).slice(0, REPORT_CHARTS));
  for (const [source, byLanguage] of [
    ['price', price],
    ['income', income],
  ] as const) {
    const first = byLanguage.en[0];
    if (first) return { source, data: first, byLanguage };
  }
  return undefined;
}

/** All companies rebased on one chart; one company (or no day in common) as its own closes. */
function pricesChart(prices: Array<{ row: JsonObject; days: PriceDay[] }>, w: ReportChartWords): ChartData | null {
  const charted = prices.flatMap(({ row, days }) => {
    const company = companyOf(row, w);
    const chart = buildPriceChart(days, {
      title: companyLabel(company),
      what: w.dailyClose,
      seriesName: w.close,
      unit: w.perShare(days[0]?.currency),
    });
    return chart ? [{ p: { company, days } satisfies CompanyPrices, chart: { ...chart, axisNote: w.axisNote } }] : [];
  });
  if (charted.length > 1) {
    const rebased = buildRebasedPriceChart(
      charted.map((c) => c.p),
      { what: w.sharePrice, axisTitle: w.rebasedAxis, axisNote: w.axisNote, join: w.join },
    );
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

/** The company with its name in the chart's language (the glossary's pick among the names given). */
function companyOf(row: JsonObject, w: ReportChartWords): ChartCompany {
  const names = [pickString(row, ['name']), pickString(row, ['company_name'])];
  const symbol = pickString(row, ['symbol'])?.trim() || names.find((n) => n?.trim())?.trim() || 'Company';
  const name = w.g.companyName({ symbol, names });
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
const INCOME_LINES: ReadonlyArray<{
  word: 'revenue' | 'grossProfit' | 'operatingProfit' | 'netProfit';
  read: (r: JsonObject) => number | null;
}> = [
  { word: 'revenue', read: (r) => section(r, 'revenue_and_costs', 'revenue') },
  { word: 'grossProfit', read: (r) => section(r, 'revenue_and_costs', 'gross_profit') },
  { word: 'operatingProfit', read: (r) => section(r, 'operating_results', 'operating_profit') },
  { word: 'netProfit', read: (r) => section(r, 'profit', 'profit_attributable_to_owners_of_the_parent') },
];

function incomeChart(row: JsonObject, w: ReportChartWords): ChartData | null {
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
    title: companiesChartTitle([companyOf(row, w)], w.incomeStatement),
    categories: periods.map((r) =>
      w.g.periodLabel({
        fiscalYear: pickString(r, ['fiscal_year']),
        fiscalQuarter: pickString(r, ['fiscal_quarter']),
        period: pickString(r, ['period']),
        endDate: pickString(r, ['end_date']),
      }),
    ),
    lines: INCOME_LINES.map((l) => ({ name: w.g.words[l.word], values: periods.map(l.read) })),
    currency,
    // English keeps the cards' unit rule (billions or millions); Chinese counts in 亿.
    ...(w.g.lang === 'en' ? {} : { unit: { divisor: w.g.amountDivisor, label: w.g.amountUnit(currency || undefined) } }),
    axisNote: w.axisNote,
  });
}
