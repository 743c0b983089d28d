/**
 * `/financials <SYMBOL> prices [last:6m] [since:] [until:]`: a company's share prices over a
 * window (the service's default when none is given), drawn as an image, every day in the export.
 */
import { buildPriceChart } from '../../../charts/build-price-chart.js';
import type { StockSymbol } from '../../../service/symbols.js';
import type { CompanyPricesRequest, StockPriceItem } from '../../../service/types.js';
import { renderStockPriceCard } from '../cards/stock-price-card.js';
import { pricesTable } from '../export/price-export.js';
import type { FinancialsKind } from './financials-kind.js';
import { PRICE_WORDS } from './price-words.js';

export interface PricesArgs {
  kind: 'prices';
  symbol: StockSymbol;
  request: CompanyPricesRequest;
}

/** The card names the company from its own items: no name to look up. */
export interface PricesData {
  kind: 'prices';
  symbol: string;
  items: StockPriceItem[];
}

export const pricesKind: FinancialsKind<PricesArgs, PricesData> = {
  id: 'prices',
  words: {
    grammar: 'symbol',
    of: 'company',
    words: PRICE_WORDS,
    problems(symbol, o) {
      if (!(o.period || o.limit || o.fiscalYear || o.fiscalQuarter)) return [];
      return [
        {
          token: 'prices',
          message: 'Prices take a window of dates (last:, since:, until:), not periods, limit:, fy: or q:.',
          example: `/financials ${symbol.canonical} prices last:6m`,
        },
      ];
    },
    request(symbol, o) {
      const request: CompanyPricesRequest = { symbol: symbol.canonical };
      if (o.startDate) request.startDate = o.startDate;
      if (o.endDate) request.endDate = o.endDate;
      return { kind: 'prices', symbol, request };
    },
  },
  help: {
    word: 'prices',
    examples: ['/financials AAPL prices last:6m'],
    note: '`prices` takes `last:`, `since:` and `until:` (a year by default)',
  },
  modal: { label: 'Prices (last year)', periods: false },
  describe: (args) => `the share prices of ${args.symbol.canonical}`,
  async fetch(args, ctx) {
    return { kind: 'prices', symbol: args.symbol.canonical, items: await ctx.service.companyPrices(args.request, ctx.call) };
  },
  card: (data) => renderStockPriceCard(data.items, { symbol: data.symbol }),
  chart(data) {
    const name = data.items.find((i) => i.name)?.name;
    const chart = buildPriceChart(data.items, { title: name ? `${name} (${data.symbol})` : data.symbol });
    return chart ? { data: chart, preferImage: true } : null;
  },
  export: (data) => ({ table: pricesTable(data.symbol, data.items) }),
};
