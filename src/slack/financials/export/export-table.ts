/**
 * The rows a "Download CSV / XLSX" button exports, from the data the card's command fetched again.
 * Full precision: every number exactly as the service gave it (never rounded, never scaled to a
 * unit), every line the service reported (not only the card's key lines); the header row names
 * the currency and says amounts are in units of it. Text (Chinese names included) is kept as is.
 * Pure: the writers (write-csv.ts, write-xlsx.ts) turn the table into bytes.
 */
import type {
  BalanceSheetRecord,
  CashFlowRecord,
  IncomeStatementRecord,
  IndexPriceItem,
  RevenueBreakdown,
  StockPriceItem,
} from '../../../service/types.js';
import type { AlignedComparison } from '../compare/align-comparison.js';
import type { CompareMetricDef } from '../compare/compare-card.js';
import type { PriceComparisonRow } from '../compare/compare-prices-card.js';
import { earningsTable, type EarningsExportData } from './earnings-export.js';
import type { ExportCell, ExportTable } from '../../kit/export/export-types.js';
import { snapshotSheets, snapshotTable, type SnapshotExportData } from './snapshot-export.js';
import { codeOf, num, revenueTable, statementTable } from './statement-export.js';

export type { ExportCell, ExportTable } from '../../kit/export/export-types.js';

export type ExportData =
  | { kind: 'balance'; symbol: string; name?: string; records: BalanceSheetRecord[] }
  | { kind: 'cashflow'; symbol: string; name?: string; records: CashFlowRecord[] }
  | { kind: 'income'; symbol: string; name?: string; records: IncomeStatementRecord[] }
  | { kind: 'revenue'; symbol: string; breakdown: RevenueBreakdown }
  | { kind: 'prices'; symbol: string; items: StockPriceItem[] }
  | { kind: 'index'; symbol: string; items: IndexPriceItem[] }
  | { kind: 'compare'; symbols: string[]; subject: string; aligned: AlignedComparison; metrics: CompareMetricDef[] }
  | { kind: 'compare_prices'; symbols: string[]; rows: PriceComparisonRow[] }
  | EarningsExportData
  | SnapshotExportData;

export function exportTableOf(data: ExportData): ExportTable {
  switch (data.kind) {
    case 'balance':
    case 'cashflow':
    case 'income':
      return statementTable(data.kind, data.symbol, data.name, data.records);
    case 'revenue':
      return revenueTable(data.symbol, data.breakdown);
    case 'earnings':
      return earningsTable(data);
    case 'snapshot':
      return snapshotTable(data);
    case 'prices':
    case 'index': {
      const items = [...data.items].sort((a, b) => b.date.localeCompare(a.date));
      const currencyOf = (i: StockPriceItem | IndexPriceItem): ExportCell => ('currency' in i && i.currency ? i.currency : null);
      return {
        name: `${codeOf(data.symbol)}-prices`,
        title: `${data.symbol} · Prices`,
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
        rows: items.map((i) => [
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
    case 'compare': {
      const rows: ExportCell[][] = [];
      for (const c of data.aligned.companies) {
        for (const m of data.metrics) {
          data.aligned.periods.forEach((p, j) => {
            const v = c.values[m.id]?.[j];
            if (v === undefined) return;
            rows.push([
              c.name ?? '',
              c.symbol,
              m.label,
              m.kind === 'percent' ? '%' : `${c.currency || 'currency not given'} (units)`,
              p.label,
              v,
            ]);
          });
        }
      }
      return {
        name: `compare-${data.symbols.map(codeOf).join('-')}-${data.subject.toLowerCase().replace(/\s+/g, '-')}`,
        title: `Compare · ${data.subject} · ${data.symbols.join(', ')}`,
        header: ['Company', 'Symbol', 'Metric', 'Unit', 'Period', 'Value'],
        rows,
      };
    }
    case 'compare_prices':
      return {
        name: `compare-${data.symbols.map(codeOf).join('-')}-prices`,
        title: `Compare · Prices · ${data.symbols.join(', ')}`,
        header: ['Company', 'Symbol', 'Currency', 'Latest close', 'As of', 'Change over window (%)', 'Window from'],
        rows: data.rows.map((r) => [
          r.name ?? '',
          r.symbol,
          r.currency || null,
          num(r.close),
          r.asOf ?? null,
          num(r.change),
          r.from ?? null,
        ]),
      };
  }
}

/** The sheets of the XLSX: one per statement for the snapshot, else the one table. */
export function exportSheetsOf(data: ExportData): ExportTable[] {
  if (data.kind !== 'snapshot') return [exportTableOf(data)];
  const sheets = snapshotSheets(data);
  // A workbook needs a sheet: the long table (its header alone) when the service gave no figures.
  return sheets.length > 0 ? sheets : [snapshotTable(data)];
}
