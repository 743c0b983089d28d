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
  StatementHeader,
  StockPriceItem,
} from '../../service/types.js';
import { periodLabelOf, type AlignedComparison } from '../blocks/compare/align-comparison.js';
import type { CompareMetricDef } from '../blocks/compare/compare-card.js';
import type { PriceComparisonRow } from '../blocks/compare/compare-prices-card.js';

export type ExportCell = string | number | null;

export interface ExportTable {
  /** What the file holds, for its name: `600519-income`. */
  name: string;
  /** The file's title in Slack. */
  title: string;
  header: string[];
  rows: ExportCell[][];
}

export type ExportData =
  | { kind: 'balance'; symbol: string; name?: string; records: BalanceSheetRecord[] }
  | { kind: 'cashflow'; symbol: string; name?: string; records: CashFlowRecord[] }
  | { kind: 'income'; symbol: string; name?: string; records: IncomeStatementRecord[] }
  | { kind: 'revenue'; symbol: string; breakdown: RevenueBreakdown }
  | { kind: 'prices'; symbol: string; items: StockPriceItem[] }
  | { kind: 'index'; symbol: string; items: IndexPriceItem[] }
  | { kind: 'compare'; symbols: string[]; subject: string; aligned: AlignedComparison; metrics: CompareMetricDef[] }
  | { kind: 'compare_prices'; symbols: string[]; rows: PriceComparisonRow[] };

const num = (v: number | undefined): ExportCell => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The code part of `SH:600519`, for file names. */
const codeOf = (symbol: string): string => symbol.split(':').pop() ?? symbol;

function sectionsOf(kind: 'balance' | 'cashflow' | 'income', r: StatementHeader): Array<[string, Record<string, number>]> {
  if (kind === 'balance') {
    const b = r as BalanceSheetRecord;
    return [
      ['current_assets', b.currentAssets],
      ['non_current_assets', b.nonCurrentAssets],
      ['current_liabilities', b.currentLiabilities],
      ['non_current_liabilities', b.nonCurrentLiabilities],
      ['owners_equity', b.ownersEquity],
    ];
  }
  if (kind === 'cashflow') {
    const c = r as CashFlowRecord;
    return [
      ['operating', c.operating],
      ['investing', c.investing],
      ['financing', c.financing],
    ];
  }
  return [['income_statement', (r as IncomeStatementRecord).lines]];
}

const STATEMENT_TITLES = { balance: 'Balance sheet', cashflow: 'Cash flow', income: 'Income statement' } as const;

/** Lines as rows, periods as columns (newest first, as the card), in the service's line names. */
function statementTable(
  kind: 'balance' | 'cashflow' | 'income',
  symbol: string,
  name: string | undefined,
  records: StatementHeader[],
): ExportTable {
  const periods = [...records].sort((a, b) => String(b.endDate).localeCompare(String(a.endDate)));
  const lines: Array<{ section: string; line: string }> = [];
  const seen = new Set<string>();
  for (const r of periods) {
    for (const [section, values] of sectionsOf(kind, r)) {
      for (const line of Object.keys(values)) {
        const key = `${section}\u0000${line}`;
        if (!seen.has(key)) {
          seen.add(key);
          lines.push({ section, line });
        }
      }
    }
  }
  const column = (r: StatementHeader): string => {
    const fy = String(r.fiscalYear ?? '').trim();
    const q =
      String(r.fiscalQuarter ?? '')
        .trim()
        .toUpperCase() || (/annual/i.test(r.period ?? '') ? 'FY' : '');
    const label = fy && q ? periodLabelOf(fy, q) : fy || r.endDate;
    return `${label} (ends ${r.endDate}; ${r.currency || 'currency not given'}, units)`;
  };
  const value = (r: StatementHeader, section: string, line: string): ExportCell =>
    num(sectionsOf(kind, r).find(([s]) => s === section)?.[1][line]);
  return {
    name: `${codeOf(symbol)}-${kind}`,
    title: `${name ? `${name} (${symbol})` : symbol} · ${STATEMENT_TITLES[kind]}`,
    header: ['Section', 'Line', ...periods.map(column)],
    rows: [
      ['', 'company', ...periods.map(() => (name ? `${name} (${symbol})` : symbol))],
      ['', 'period', ...periods.map((r) => r.period || null)],
      ['', 'filing_date', ...periods.map((r) => r.filingDate ?? null)],
      ...lines.map(({ section, line }) => [section, line, ...periods.map((r) => value(r, section, line))]),
    ],
  };
}

export function exportTableOf(data: ExportData): ExportTable {
  switch (data.kind) {
    case 'balance':
    case 'cashflow':
    case 'income':
      return statementTable(data.kind, data.symbol, data.name, data.records);
    case 'revenue': {
      const currency = data.breakdown.currency || 'currency not given';
      const rows: ExportCell[][] = [];
      for (const p of data.breakdown.periods) {
        for (const dimension of ['industry', 'product', 'area'] as const) {
          for (const s of p[dimension]) {
            const seg: { name: string; revenue?: number; revenuePercentage?: number } = s;
            rows.push([p.fiscalYear, p.period, p.endDate, dimension, seg.name, num(seg.revenue), num(seg.revenuePercentage)]);
          }
        }
      }
      return {
        name: `${codeOf(data.symbol)}-revenue`,
        title: `${data.symbol} · Revenue breakdown`,
        header: ['Fiscal year', 'Period', 'End date', 'Breakdown', 'Segment', `Revenue (${currency}, units)`, 'Share (%)'],
        rows,
      };
    }
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
