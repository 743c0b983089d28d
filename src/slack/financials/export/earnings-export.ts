/**
 * The earnings calendar's export: a row per scheduled report of the week, as the card lists them,
 * with the timing as the service gave it (before_open / after_close / during_hours), empty when not given.
 */
import type { EarningsCalendarEntry, Market } from '../../../service/types.js';
import { periodLabel } from '../../../periods/period-label.js';
import type { ExportTable } from '../../kit/export/export-types.js';

export interface EarningsExportData {
  kind: 'earnings';
  /** Monday and Sunday of the week, YYYY-MM-DD. */
  startDate: string;
  endDate: string;
  markets: Array<{ market: Market; entries: EarningsCalendarEntry[] }>;
  /** Markets whose calendar the service could not give now: named in the title, never silently left out. */
  missing: Market[];
}

export function earningsTable(data: EarningsExportData): ExportTable {
  const rows = data.markets
    .flatMap((m) => m.entries.map((e) => ({ ...e, market: m.market })))
    .sort((a, b) => a.date.localeCompare(b.date) || a.symbol.localeCompare(b.symbol))
    .map((e) => [
      e.date,
      e.timing?.replace('-', '_') ?? null,
      e.market,
      e.symbol,
      e.name ?? null,
      e.fiscalYear ?? null,
      e.fiscalQuarter ?? null,
      periodLabel({ fiscalYear: e.fiscalYear, fiscalQuarter: e.fiscalQuarter || (e.fiscalYear ? 'FY' : undefined), endDate: e.periodEnd }),
      e.periodEnd ?? null,
    ]);
  const markets = data.markets.map((m) => m.market);
  const without = data.missing.length > 0 ? ` (without ${data.missing.join(', ').toUpperCase()})` : '';
  return {
    name: `earnings-${markets.join('-')}-week-${data.startDate}`,
    title: `Earnings calendar · ${markets.join(', ').toUpperCase()} · ${data.startDate} to ${data.endDate}${without}`,
    header: ['Report date', 'Timing', 'Market', 'Symbol', 'Company', 'Fiscal year', 'Fiscal period', 'Period', 'Period end'],
    rows,
  };
}
