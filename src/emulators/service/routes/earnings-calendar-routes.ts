/**
 * `/v1/stock/earnings-calendar` (StockEarningsCalendarInput): reports of one market between two
 * dates. The market field is `market` in the 2026-04 schema and `area` in 2025-12; each variant
 * requires its own name, as the real service's versions would.
 *
 * The published schema names only "fiscal year, quarter, and filing dates": the published variant
 * answers just those, so the app is tried on a calendar without a time of day. The other variants
 * add `report_time` (before_open / after_close), the emulator's sample of the timing an earnings
 * calendar commonly carries; the app reads it when given and says "not given" otherwise.
 */
import type { DemoMarket } from '../data/companies.js';
import { earningsCalendar } from '../data/earnings-calendar.js';
import { route, type Route, type RouteContext } from '../routing.js';
import { FieldReader } from '../validation.js';
import { speaksApril2026Stock } from '../variants.js';
import { wrap } from './stock-routes.js';

const MARKETS = ['cn', 'hk', 'us'] as const;

function calendar(ctx: RouteContext) {
  const r = FieldReader.forBody(ctx.body, { required: true });
  const field = speaksApril2026Stock(ctx.state.variant) ? 'market' : 'area';
  const market = r.string(field, { required: true, enum: MARKETS }) as DemoMarket | undefined;
  const symbol = r.string('symbol', { minLength: 1 });
  const startDate = r.date('start_date', { required: true });
  const endDate = r.date('end_date', { required: true });
  r.range('start_date', startDate, 'end_date', endDate);
  r.done();
  const entries = earningsCalendar(ctx.state.dataset.companies, {
    market: market ?? 'cn',
    startDate: startDate ?? '',
    endDate: endDate ?? '',
    ...(symbol ? { symbol } : {}),
  });
  return wrap(ctx.state.variant === 'published' ? entries.map(({ report_time: _, ...documented }) => documented) : entries);
}

export function earningsCalendarRoutes(): Route[] {
  return [route('POST', '/v1/stock/earnings-calendar', calendar, { stock: true })];
}
