/**
 * `/financials compare <SYMBOL> <SYMBOL> [more] [income|balance|cashflow|revenue|prices]
 * [annual|quarterly]` (parse-compare-args.ts): 2 to 5 companies side by side, fetched by
 * fetch-comparison.ts. A company that cannot be shown is named under the card.
 */
import { renderNotice } from '../../blocks/error-card.js';
import { COMPARE_WORDS, parseCompareArgs, type CompareArgs } from '../args/parse-compare-args.js';
import { withNotShown } from '../cards/with-not-shown.js';
import { renderCompareCard } from '../compare/compare-card.js';
import { compareChartData } from '../compare/compare-chart-data.js';
import { priceComparisonRows, renderPriceCompareCard } from '../compare/compare-prices-card.js';
import { comparePricesTable, compareTable } from '../export/compare-export.js';
import { fetchComparison, PRICE_WINDOW_DAYS, type ComparisonData } from '../fetch/fetch-comparison.js';
import type { FinancialsKind } from './financials-kind.js';

export const compareKind: FinancialsKind<CompareArgs, ComparisonData> = {
  id: 'compare',
  words: { grammar: 'lead', words: COMPARE_WORDS, parse: parseCompareArgs },
  help: {
    section: {
      title: 'Compare 2 to 5 companies',
      form: '/financials compare <SYMBOL1> <SYMBOL2> [more] [income|balance|cashflow|revenue|prices] [annual|quarterly]',
      note: 'Rows are calendar periods: fiscal years sit side by side when they share at least 9 months, each with its end date; TTM rows where fiscal years end in different months. Each company keeps its own currency (never converted). Income (revenue, net profit, margins) by default.',
    },
    examples: [
      '/financials compare 600519 000858 NVDA',
      '/financials compare HK:00700 US:AAPL balance quarterly',
      '/financials compare 600519 0700.HK AAPL prices',
    ],
  },
  describe: (args) => `the comparison of ${args.symbols.map((s) => s.canonical).join(', ')}`,
  fetch: (args, ctx) => fetchComparison(ctx.service, args, ctx.call, ctx.log),
  card(data) {
    const card =
      'prices' in data
        ? data.prices.length > 0
          ? renderPriceCompareCard(data.prices)
          : renderNotice(`None of these companies has prices in the last ${PRICE_WINDOW_DAYS} days.`)
        : renderCompareCard({ subject: data.subject, aligned: data.aligned, metrics: data.metrics });
    return withNotShown(
      card,
      (data.missing ?? []).map((m) => `${m.symbol} (${m.reason})`),
    );
  },
  chart(data) {
    // Amounts when every company reports in one currency, else a margin; prices have no comparison chart.
    const chart = 'prices' in data ? undefined : compareChartData(data.aligned, data.metrics);
    return chart ? { data: chart, preferImage: false } : null;
  },
  export: (data) => ({
    table:
      'prices' in data
        ? comparePricesTable(data.symbols, priceComparisonRows(data.prices))
        : compareTable(data.symbols, data.subject, data.aligned, data.metrics),
  }),
  canvas: true,
};
