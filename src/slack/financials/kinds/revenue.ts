/**
 * `/financials <SYMBOL> revenue [annual|q:Q3|三季报] [fy:] [limit:N]`: the revenue mix by segment,
 * product and region, its latest period as a pie, and every segment in the export.
 */
import type { StockSymbol } from '../../../service/symbols.js';
import type { RevenueBreakdown, RevenueBreakdownRequest } from '../../../service/types.js';
import { renderRevenueBreakdown } from '../cards/revenue-card.js';
import { buildRevenueMixChart } from '../charts/build-revenue-mix-chart.js';
import { revenueTable } from '../export/statement-export.js';
import { lookupCompanyName } from '../fetch/company-name.js';
import type { FinancialsKind } from './financials-kind.js';

export interface RevenueArgs {
  kind: 'revenue';
  symbol: StockSymbol;
  request: RevenueBreakdownRequest;
}

export interface RevenueData {
  kind: 'revenue';
  symbol: string;
  /** Looked up for the card's and the chart's titles: the file is titled by the symbol. */
  name?: string;
  breakdown: RevenueBreakdown;
}

export const revenueKind: FinancialsKind<RevenueArgs, RevenueData> = {
  id: 'revenue',
  words: {
    grammar: 'symbol',
    of: 'company',
    words: ['revenue', 'rev', 'segments', 'breakdown', '营收', '收入'],
    request(symbol, o) {
      const request: RevenueBreakdownRequest = { symbol: symbol.canonical };
      // The service names revenue periods by their quarter (FY for the year).
      const period = o.fiscalQuarter ?? (o.period === 'annual' ? 'FY' : undefined);
      if (period) request.period = period;
      if (o.limit) request.limit = o.limit;
      if (o.fiscalYear) request.fiscalYear = o.fiscalYear;
      if (o.startDate) request.startDate = o.startDate;
      if (o.endDate) request.endDate = o.endDate;
      return { kind: 'revenue', symbol, request };
    },
  },
  help: { word: 'revenue', examples: ['/financials $NVDA revenue fy:2024'] },
  modal: { label: 'Revenue breakdown', periods: true },
  describe: (args) => `the revenue breakdown of ${args.symbol.canonical}`,
  async fetch(args, ctx) {
    const symbol = args.symbol.canonical;
    const [name, breakdown] = await Promise.all([
      ctx.purpose === 'export' ? undefined : lookupCompanyName(ctx.service, symbol, ctx.now, ctx.call, ctx.log),
      ctx.service.revenueBreakdown(args.request, ctx.call),
    ]);
    return { kind: 'revenue', symbol, breakdown, ...(name ? { name } : {}) };
  },
  card: (data) => renderRevenueBreakdown(data.breakdown, { symbol: data.symbol, ...(data.name ? { companyName: data.name } : {}) }),
  chart(data) {
    const chart = buildRevenueMixChart(data.breakdown, { symbol: data.symbol, ...(data.name ? { companyName: data.name } : {}) });
    return chart ? { data: chart, preferImage: false } : null;
  },
  export: (data) => ({ table: revenueTable(data.symbol, data.breakdown, data.name) }),
};
