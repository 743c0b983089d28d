/**
 * `/v1/stock/index-constituents` (2026-04 schema, IndexConstituentsInput: `symbol`, an index
 * such as 000300, SPX or HSI): the stocks of an index, "symbols and market areas". The demo's
 * indices hold the demo companies of their market (the US indices the US ones, the Hang Seng the
 * Hong Kong ones, CSI 300 the Shanghai and Shenzhen ones, the SSE and SZSE indices their own
 * exchange's). The published variant answers as the schema's description says, codes with their
 * market area and no names; the others give `<MARKET>:<code>` symbols with names. Not served by
 * the 2025-12 variants, as the route did not exist then. An unknown index: 404 in the wrapper,
 * an empty list in the published variant (as the other stock routes).
 */
import type { DemoCompany } from '../data/companies.js';
import { findIndex } from '../data/indices.js';
import { StockError } from '../http-errors.js';
import { route, type Route, type RouteContext } from '../routing.js';
import { FieldReader } from '../validation.js';
import { speaksApril2026Stock } from '../variants.js';
import { wrap } from './stock-routes.js';

const AREA: Record<DemoCompany['exchange'], string> = { SH: 'cn', SZ: 'cn', HK: 'hk', US: 'us' };

/** The exchanges whose companies an index holds in the demo. */
function exchangesOf(indexSymbol: string): ReadonlyArray<DemoCompany['exchange']> {
  if (/^\d{6}$/.test(indexSymbol)) {
    if (indexSymbol === '000300') return ['SH', 'SZ'];
    return indexSymbol.startsWith('399') ? ['SZ'] : ['SH'];
  }
  return indexSymbol.startsWith('HS') ? ['HK'] : ['US'];
}

function constituents(ctx: RouteContext) {
  const r = FieldReader.forBody(ctx.body, { required: true });
  const symbol = r.string('symbol', { required: true, minLength: 1 }) ?? '';
  r.done();
  const index = findIndex(symbol);
  if (!index) {
    if (ctx.state.variant === 'published') return wrap([]);
    throw new StockError(404, 40402, `Unknown index ${symbol}`);
  }
  const exchanges = exchangesOf(index.symbol);
  const members = ctx.state.dataset.stockCompanies.filter((c) => exchanges.includes(c.exchange));
  return wrap(
    members.map((c) =>
      ctx.state.variant === 'published'
        ? { symbol: c.code, market: AREA[c.exchange] }
        : { symbol: c.symbol, name: c.nameEn, name_zh: c.nameZh, market: AREA[c.exchange] },
    ),
  );
}

export function indexConstituentsRoutes(): Route[] {
  return [route('POST', '/v1/stock/index-constituents', constituents, { stock: true, servedIn: speaksApril2026Stock })];
}
