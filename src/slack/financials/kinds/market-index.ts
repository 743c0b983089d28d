/**
 * `/financials <INDEX> [last:6m] [since:] [until:]` (SPX, HSI, 000300): an index's close,
 * valuation and range over a window, drawn as an image, every day in the export.
 */
import { buildPriceChart } from '../../../charts/build-price-chart.js';
import type { StockSymbol } from '../../../service/symbols.js';
import type { IndexPriceItem, IndexPricesRequest } from '../../../service/types.js';
import { renderIndexCard } from '../cards/index-card.js';
import { pricesTable } from '../export/price-export.js';
import type { FinancialsKind } from './financials-kind.js';
import { PRICE_WORDS } from './price-words.js';

export interface IndexArgs {
  kind: 'index';
  symbol: StockSymbol;
  request: IndexPricesRequest;
}

export interface IndexData {
  kind: 'index';
  /** The index code as asked (SPX, 000300). */
  symbol: string;
  items: IndexPriceItem[];
}

export const indexKind: FinancialsKind<IndexArgs, IndexData> = {
  id: 'index',
  words: {
    grammar: 'symbol',
    of: 'index',
    words: PRICE_WORDS,
    isDefault: true,
    request(symbol, o) {
      const request: IndexPricesRequest = { symbol: symbol.code };
      if (o.startDate) request.startDate = o.startDate;
      if (o.endDate) request.endDate = o.endDate;
      return { kind: 'index', symbol, request };
    },
  },
  help: { examples: ['/financials SPX last:6m'], note: 'indices (SPX, HSI, 000300) show prices and valuation' },
  describe: (args) => `the index prices of ${args.symbol.canonical}`,
  async fetch(args, ctx) {
    return { kind: 'index', symbol: args.symbol.code, items: await ctx.service.indexPrices(args.request, ctx.call) };
  },
  card: (data, args) => renderIndexCard(data.items, { code: data.symbol, ...(args.symbol.name ? { name: args.symbol.name } : {}) }),
  chart(data, args) {
    const name = args.symbol.name || data.items.find((i) => i.name)?.name;
    const chart = buildPriceChart(data.items, { title: name ? `${name} (${data.symbol})` : data.symbol, unit: 'Index points' });
    return chart ? { data: chart, preferImage: true } : null;
  },
  export: (data) => ({ table: pricesTable(data.symbol, data.items) }),
};
