/**
 * The data behind a /financials table card, fetched again from the card's source command for an
 * export (card-actions.ts: buttons carry the command, never numbers). Returns undefined for cards
 * that have no single table to export (the snapshot, the earnings calendar).
 */
import type { CallOptions, ResearchService } from '../../../service/types.js';
import { priceComparisonRows } from '../../blocks/compare/compare-prices-card.js';
import type { ExportData } from '../../export/export-table.js';
import { fetchComparison } from './fetch-comparison.js';
import type { FinancialsCallOptions, FinancialsRequest } from './fetch-financials-card.js';

export async function fetchFinancialsData(
  service: ResearchService,
  args: FinancialsRequest,
  options: FinancialsCallOptions,
): Promise<ExportData | undefined> {
  const call: CallOptions = { correlationId: options.correlationId };
  switch (args.kind) {
    case 'balance':
      return { kind: 'balance', symbol: args.symbol.canonical, records: await service.balanceSheet(args.request, call) };
    case 'cashflow':
      return { kind: 'cashflow', symbol: args.symbol.canonical, records: await service.cashFlow(args.request, call) };
    case 'income':
      return { kind: 'income', symbol: args.symbol.canonical, records: await service.incomeStatement(args.request, call) };
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
    default:
      return undefined;
  }
}
