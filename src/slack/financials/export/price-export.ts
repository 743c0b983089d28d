/** The daily prices of a company or an index as an export: a row per day, newest first, every field the service gave. */
import type { IndexPriceItem, StockPriceItem } from '../../../service/types.js';
import type { ExportCell, ExportTable } from '../../kit/export/export-types.js';
import { codeOf, num } from './statement-export.js';

export function pricesTable(symbol: string, items: ReadonlyArray<StockPriceItem | IndexPriceItem>): ExportTable {
  const newestFirst = [...items].sort((a, b) => b.date.localeCompare(a.date));
  // Index items carry no trading currency.
  const currencyOf = (i: StockPriceItem | IndexPriceItem): ExportCell => ('currency' in i && i.currency ? i.currency : null);
  return {
    name: `${codeOf(symbol)}-prices`,
    title: `${symbol} · Prices`,
    header: [
      'Date',
      'Currency',
      'Open',
      'High',
      'Low',
      'Close',
      'Change (%)',
      'Turnover',
      'Market cap',
      'P/E (TTM)',
      'P/S (TTM)',
      'P/B',
      'Dividend yield (fraction)',
    ],
    rows: newestFirst.map((i) => [
      i.date,
      currencyOf(i),
      num(i.open),
      num(i.dayHigh),
      num(i.dayLow),
      num(i.close),
      num(i.changePercent),
      num(i.tradeAmount),
      num(i.marketCap),
      num(i.peTtm),
      num(i.psTtm),
      num(i.pb),
      num(i.dividendYield),
    ]),
  };
}
