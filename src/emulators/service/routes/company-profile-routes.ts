/**
 * `/v1/stock/company-overview` and `/v1/stock/company-shareholders` (data/company-profiles.ts).
 * The overview's input is CompanyOverviewInput: `symbols` and `names`, each several values
 * separated by commas, in the 2026-04 schema (answered with a list, one company per match; a name
 * matches in part and in any case);
 * `symbol` (required) and `name` in 2025-12 (answered with the one company). Each variant requires
 * its own names, as the real service's versions would. Shareholders (CompanyShareholdersInput) are
 * the same in both: `symbol`, `type` 'shareholders' or 'outstanding_shareholders', `limit`
 * (default 10). An unknown symbol is a 404 in the wrapper, or an empty answer in the published
 * variant (stock-routes.ts, companyOf).
 */
import type { DemoCompany } from '../data/companies.js';
import { companyOverview, topShareholders } from '../data/company-profiles.js';
import { route, type Route, type RouteContext } from '../routing.js';
import { FieldReader, isValidSymbol } from '../validation.js';
import { speaksApril2026Stock } from '../variants.js';
import { companyOf, wrap } from './stock-routes.js';

const HOLDER_TYPES = ['shareholders', 'outstanding_shareholders'] as const;
const DEFAULT_HOLDERS = 10;

const listOf = (text: string | undefined): string[] =>
  (text ?? '')
    .split(/[,，]/)
    .map((s) => s.trim())
    .filter(Boolean);

/** 2026-04: every company one of the symbols or names names, in the order asked. */
function overviewsOf(ctx: RouteContext) {
  const r = FieldReader.forBody(ctx.body, { required: true });
  const symbols = listOf(
    r.string('symbols', {
      check: (v) =>
        listOf(v).every(isValidSymbol)
          ? undefined
          : 'Value error, symbols are <MARKET>:<code> separated by commas, market one of SH, SZ, HK, US',
    }),
  );
  const names = listOf(r.string('names'));
  r.done();
  // A search, as the service describes it: a name given in part (茅台 for 贵州茅台) finds the company too.
  const byName = (name: string): DemoCompany[] =>
    ctx.state.dataset.stockCompanies.filter((c) => [c.nameZh, c.nameEn].some((n) => n.toLowerCase().includes(name.toLowerCase())));
  const found = [
    ...symbols.map((s) =>
      ctx.state.dataset.stockCompanies.find((c) => c.symbol === s || (c.exchange === 'HK' && s === `HK:${c.code.replace(/^0/, '')}`)),
    ),
    ...names.flatMap(byName),
  ].filter((c): c is DemoCompany => c !== undefined);
  return wrap([...new Set(found)].map(companyOverview));
}

/** 2025-12: the one company of `symbol`. */
function overviewOf(ctx: RouteContext) {
  const r = FieldReader.forBody(ctx.body, { required: true });
  const symbol = r.symbol('symbol', { required: true }) ?? '';
  r.string('name');
  r.done();
  const company = companyOf(ctx, symbol);
  return wrap(company ? companyOverview(company) : null);
}

function shareholders(ctx: RouteContext) {
  const r = FieldReader.forBody(ctx.body, { required: true });
  const symbol = r.symbol('symbol', { required: true }) ?? '';
  // Demo data: the holders of tradable shares are taken to be the holders of all shares.
  r.string('type', { enum: HOLDER_TYPES });
  const limit = r.integer('limit', { min: 1 }) ?? DEFAULT_HOLDERS;
  r.done();
  const company = companyOf(ctx, symbol);
  return wrap(company ? topShareholders(company, ctx.state.dataset.calendar, limit) : []);
}

export function companyProfileRoutes(): Route[] {
  return [
    route('POST', '/v1/stock/company-overview', (ctx) => (speaksApril2026Stock(ctx.state.variant) ? overviewsOf(ctx) : overviewOf(ctx)), {
      stock: true,
    }),
    route('POST', '/v1/stock/company-shareholders', shareholders, { stock: true }),
  ];
}
