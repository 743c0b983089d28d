/**
 * A comparison as an export: a row per company, metric and period (the long form, so companies
 * with different periods and currencies share one table), or a row per company for prices. Each
 * row names the calendar period it was paired on, the company's own fiscal period and its end
 * ("unknown" when the service gave none), and the fewest months the row's periods share.
 */
import type { ExportCell, ExportTable } from '../../kit/export/export-types.js';
import type { AlignedComparison } from '../compare/align-comparison.js';
import type { CompareMetricDef } from '../compare/compare-card.js';
import type { PriceComparisonRow } from '../compare/compare-prices-card.js';
import { codeOf, num } from './statement-export.js';

export function compareTable(
  symbols: readonly string[],
  subject: string,
  aligned: AlignedComparison,
  metrics: readonly CompareMetricDef[],
): ExportTable {
  const rows: ExportCell[][] = [];
  aligned.companies.forEach((c, ci) => {
    for (const m of metrics) {
      aligned.rows.forEach((r, j) => {
        const v = c.values[m.id]?.[j];
        const period = r.periods[ci];
        if (v === undefined || !period) return;
        rows.push([
          c.name ?? '',
          c.symbol,
          m.label,
          m.kind === 'percent' ? '%' : `${c.currency || 'currency not given'} (units)`,
          r.kind === 'unplaced' ? 'not placed (period end unknown)' : r.label,
          period.label,
          period.endDate ?? 'unknown',
          r.monthsInCommon ?? null,
          v,
        ]);
      });
    }
  });
  return {
    name: `compare-${symbols.map(codeOf).join('-')}-${subject.toLowerCase().replace(/\s+/g, '-')}`,
    title: `Compare · ${subject} · ${symbols.join(', ')}`,
    header: ['Company', 'Symbol', 'Metric', 'Unit', 'Calendar period', 'Fiscal period', 'Period end', 'Months in common', 'Value'],
    rows,
  };
}

export function comparePricesTable(symbols: readonly string[], rows: readonly PriceComparisonRow[]): ExportTable {
  return {
    name: `compare-${symbols.map(codeOf).join('-')}-prices`,
    title: `Compare · Prices · ${symbols.join(', ')}`,
    header: ['Company', 'Symbol', 'Currency', 'Latest close', 'As of', 'Change over window (%)', 'Window from'],
    rows: rows.map((r) => [r.name ?? '', r.symbol, r.currency || null, num(r.close), r.asOf ?? null, num(r.change), r.from ?? null]),
  };
}
