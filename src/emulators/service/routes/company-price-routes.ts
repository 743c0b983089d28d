/**
 * A company's daily prices: `/v1/stock/company-prices` (2025-12 schema, CompanyStockPricesInput)
 * and its 2026-04 name `/v1/stock/stock-quote` (StockQuoteInput), the same request and answer.
 * Without dates the last year up to today (the emulator's clock) is returned; there are no
 * prices after today.
 */
import { addDays } from '../data/add-days.js';
import { route, type Route, type RouteContext } from '../routing.js';
import { FieldReader } from '../validation.js';
import { speaksApril2026Stock } from '../variants.js';
import { companyOf, wrap } from './stock-routes.js';

const DEFAULT_WINDOW_DAYS = 365;

function companyPrices(ctx: RouteContext) {
  const r = FieldReader.forBody(ctx.body, { required: true });
  const symbol = r.symbol('symbol', { required: true }) ?? '';
  const startDate = r.date('start_date');
  const endDate = r.date('end_date');
  r.range('start_date', startDate, 'end_date', endDate);
  r.done();
  const company = companyOf(ctx, symbol);
  if (!company) return wrap({ items: [] });
  const today = new Date(ctx.state.clock()).toISOString().slice(0, 10);
  const until = endDate && endDate < today ? endDate : today;
  const from = startDate ?? addDays(until, -DEFAULT_WINDOW_DAYS);
  const items = ctx.state.dataset.stockPrices
    .upTo(company, until)
    .filter((i) => i.date >= from)
    .reverse();
  return wrap({ items });
}

export function companyPriceRoutes(): Route[] {
  return [
    route('POST', '/v1/stock/company-prices', companyPrices, { stock: true }),
    route('POST', '/v1/stock/stock-quote', companyPrices, { stock: true, servedIn: speaksApril2026Stock }),
  ];
}
