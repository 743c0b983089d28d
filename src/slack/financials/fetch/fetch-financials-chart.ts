/**
 * The data behind a /financials card's Chart button: the same request the card made, run again
 * (the button carries the card's command, never its numbers), turned into ChartData by the pure
 * builders in src/slack/charts/. Null when the card's kind has no chart or the data has no series.
 */
import type { ChartData } from '../../../charts/chart-data.js';
import type { Logger } from '../../../observability/logger.js';
import type { CallOptions, ResearchService } from '../../../service/types.js';
import { buildPriceChart } from '../../../charts/build-price-chart.js';
import { buildRevenueMixChart } from '../charts/build-revenue-mix-chart.js';
import { buildStatementChart } from '../charts/build-statement-chart.js';
import type { FinancialsArgs } from '../args/parse-financials-args.js';
import { fetchComparison } from './fetch-comparison.js';
import type { FinancialsRequest } from './fetch-financials-card.js';

export interface FinancialsChart {
  data: ChartData;
  /** Price history always goes out as an image: many points, read as a shape. */
  preferImage: boolean;
}

/** Kinds of /financials card that offer a Chart button (financials-card-offer.ts). */
export const CHARTED_KINDS: ReadonlySet<string> = new Set(['income', 'balance', 'cashflow', 'revenue', 'prices', 'index', 'compare']);

/** A parsed /financials whose card has a chart (what a Chart button's source must parse to). */
export function isChartedRequest(args: FinancialsArgs): args is FinancialsRequest {
  return CHARTED_KINDS.has(args.kind);
}

export async function fetchFinancialsChart(
  service: ResearchService,
  args: FinancialsRequest,
  options: { correlationId: string; log: Logger },
): Promise<FinancialsChart | null> {
  const call: CallOptions = { correlationId: options.correlationId };
  const table = (data: ChartData | null): FinancialsChart | null => (data ? { data, preferImage: false } : null);
  const image = (data: ChartData | null): FinancialsChart | null => (data ? { data, preferImage: true } : null);
  switch (args.kind) {
    case 'income': {
      const records = await service.incomeStatement(args.request, call);
      return table(buildStatementChart({ kind: 'income', records }, { symbol: args.symbol.canonical }));
    }
    case 'balance': {
      const records = await service.balanceSheet(args.request, call);
      return table(buildStatementChart({ kind: 'balance', records }, { symbol: args.symbol.canonical }));
    }
    case 'cashflow': {
      const records = await service.cashFlow(args.request, call);
      return table(buildStatementChart({ kind: 'cashflow', records }, { symbol: args.symbol.canonical }));
    }
    case 'revenue':
      return table(buildRevenueMixChart(await service.revenueBreakdown(args.request, call), { symbol: args.symbol.canonical }));
    case 'prices': {
      const items = await service.companyPrices(args.request, call);
      const name = items.find((i) => i.name)?.name;
      return image(buildPriceChart(items, { title: name ? `${name} (${args.symbol.canonical})` : args.symbol.canonical }));
    }
    case 'index': {
      const items = await service.indexPrices(args.request, call);
      const name = args.symbol.name || items.find((i) => i.name)?.name;
      return image(buildPriceChart(items, { title: name ? `${name} (${args.symbol.code})` : args.symbol.code, unit: 'Index points' }));
    }
    case 'compare':
      // The comparison's own chart: amounts when every company reports in one currency, else a margin.
      return table((await fetchComparison(service, args, call, options.log)).chart ?? null);
    default:
      return null;
  }
}
