/**
 * The data behind a /financials table card, fetched again from the card's source command for an
 * export (card-actions.ts: buttons carry the command, never numbers). Returns undefined for a
 * comparison with nothing to compare. Parts of the snapshot or of the earnings calendar that
 * fail are left out and named (the data's `missing`); all failing throws, as the card does.
 */
import type { CallOptions, ResearchService } from '../../../service/types.js';
import { priceComparisonRows } from '../compare/compare-prices-card.js';
import type { ExportData } from '../export/export-table.js';
import { lookupCompanyName } from './company-name.js';
import { fetchComparison } from './fetch-comparison.js';
import { fetchEarningsParts, fetchSnapshotParts, type FinancialsCallOptions, type FinancialsRequest } from './fetch-financials-card.js';

export async function fetchFinancialsData(
  service: ResearchService,
  args: FinancialsRequest,
  options: FinancialsCallOptions & { today?: string },
): Promise<ExportData | undefined> {
  const call: CallOptions = { correlationId: options.correlationId };
  // Statements carry no company name: looked up as the cards do (none when that fails).
  const named = async <T>(records: Promise<T>): Promise<[T, string | undefined]> => {
    if (!('symbol' in args)) return [await records, undefined];
    return Promise.all([records, lookupCompanyName(service, args.symbol.canonical, options.now, call, options.log)]);
  };
  switch (args.kind) {
    case 'balance': {
      const [records, name] = await named(service.balanceSheet(args.request, call));
      return { kind: 'balance', symbol: args.symbol.canonical, records, ...(name ? { name } : {}) };
    }
    case 'cashflow': {
      const [records, name] = await named(service.cashFlow(args.request, call));
      return { kind: 'cashflow', symbol: args.symbol.canonical, records, ...(name ? { name } : {}) };
    }
    case 'income': {
      const [records, name] = await named(service.incomeStatement(args.request, call));
      return { kind: 'income', symbol: args.symbol.canonical, records, ...(name ? { name } : {}) };
    }
    case 'revenue':
      return { kind: 'revenue', symbol: args.symbol.canonical, breakdown: await service.revenueBreakdown(args.request, call) };
    case 'prices':
      return { kind: 'prices', symbol: args.symbol.canonical, items: await service.companyPrices(args.request, call) };
    case 'index':
      return { kind: 'index', symbol: args.symbol.code, items: await service.indexPrices(args.request, call) };
    case 'compare': {
      const symbols = args.symbols.map((s) => s.canonical);
      const comparison = await fetchComparison(service, args, call, options.log);
      if (comparison.prices) return { kind: 'compare_prices', symbols, rows: priceComparisonRows(comparison.prices) };
      if (!comparison.aligned || !comparison.metrics) return undefined;
      return {
        kind: 'compare',
        symbols,
        subject: comparison.subject ?? 'Income',
        aligned: comparison.aligned,
        metrics: comparison.metrics,
      };
    }
    case 'snapshot': {
      const [{ income, balance, cashFlow, revenue, parts }, name] = await named(fetchSnapshotParts(service, args, call));
      const value = <T>(r: PromiseSettledResult<T>, none: T): T => (r.status === 'fulfilled' ? r.value : none);
      for (const p of parts) if (p.result.status === 'rejected') options.log.warn('snapshot export part failed', { part: p.name });
      return {
        kind: 'snapshot',
        symbol: args.symbol.canonical,
        ...(name ? { name } : {}),
        income: value(income, []),
        balance: value(balance, []),
        cashFlow: value(cashFlow, []),
        revenue: value(revenue, null),
        missing: parts.flatMap((p) => (p.result.status === 'rejected' ? [p.name] : [])),
      };
    }
    case 'earnings': {
      const parts = await fetchEarningsParts(service, args, call);
      for (const p of parts) if (p.result.status === 'rejected') options.log.warn('earnings export part failed', { part: p.name });
      return {
        kind: 'earnings',
        startDate: args.startDate,
        endDate: args.endDate,
        markets: parts.flatMap((p) => (p.result.status === 'fulfilled' ? [{ market: p.market, entries: p.result.value }] : [])),
        missing: parts.flatMap((p) => (p.result.status === 'rejected' ? [p.market] : [])),
      };
    }
  }
}
