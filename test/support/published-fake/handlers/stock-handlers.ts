/**
 * Stock operations, answered in the StockAPIResponse wrapper. Both schema versions' routes are
 * here (index-prices and company-prices in 2025-12, index-quote and stock-quote in 2026-04); the
 * fake answers only the routes its version's document has, so a client that calls a route of
 * the other version gets the 404 a real deployment would give.
 */
import { companyBySymbol, FAKE_COMPANIES, type FakeCompany } from '../fixtures/companies.js';
import { companyPriceItems, earningsEntries, indexPriceItems, revenueBreakdown, selectRevenuePeriods } from '../fixtures/market-data.js';
import { FAKE_STATEMENTS, type StatementHeader, type StatementQuery, selectStatements } from '../fixtures/statements.js';
import { type Handler, type HandlerContext, int, stockOk, str } from './handler-types.js';

const today = (ctx: HandlerContext): string => new Date(ctx.state.now()).toISOString().slice(0, 10);

function statementQuery(body: Record<string, unknown>): StatementQuery {
  const q: StatementQuery = {};
  const set = <K extends keyof StatementQuery>(k: K, v: StatementQuery[K] | undefined) => {
    if (v !== undefined) q[k] = v;
  };
  set('period', str(body.period));
  set('limit', int(body.limit));
  set('startDate', str(body.start_date));
  set('endDate', str(body.end_date));
  set('fiscalYear', str(body.fiscal_year));
  set('fiscalQuarter', str(body.fiscal_quarter));
  return q;
}

const statements =
  (pick: 'balanceSheets' | 'cashFlows' | 'incomeStatements'): Handler =>
  ({ body }) => {
    const c = companyBySymbol(str(body.symbol) ?? '');
    const all: readonly StatementHeader[] = c ? (FAKE_STATEMENTS.get(c.symbol)?.[pick] ?? []) : [];
    return stockOk(selectStatements(all, statementQuery(body)));
  };

const indexPrices: Handler = (ctx) =>
  stockOk({ items: indexPriceItems(str(ctx.body.symbol) ?? '', str(ctx.body.start_date), str(ctx.body.end_date), today(ctx)) });

const companyPrices: Handler = (ctx) =>
  stockOk({ items: companyPriceItems(str(ctx.body.symbol) ?? '', str(ctx.body.start_date), str(ctx.body.end_date), today(ctx)) });

export const stockHandlers: Record<string, Handler> = {
  'POST /v1/stock/company-balance-sheet': statements('balanceSheets'),
  'POST /v1/stock/company-cashflow-statement': statements('cashFlows'),
  'POST /v1/stock/company-income-statement': statements('incomeStatements'),

  'POST /v1/stock/company-revenue-breakdown': ({ body }) => {
    const c = companyBySymbol(str(body.symbol) ?? '');
    if (!c) return stockOk({ currency: '', list: [] });
    const breakdown = revenueBreakdown(c);
    return stockOk({ ...breakdown, list: selectRevenuePeriods(breakdown.list, str(body.period), str(body.fiscal_year), int(body.limit)) });
  },

  'POST /v1/stock/index-prices': indexPrices,
  'POST /v1/stock/index-quote': indexPrices,
  'POST /v1/stock/company-prices': companyPrices,
  'POST /v1/stock/stock-quote': companyPrices,

  // CompanyOverviewInput: one `symbol` in 2025-12, comma-separated `symbols` and `names` in 2026-04.
  // StockAPIResponse's data is an object: one company (2025-12) or `{items}`; the fixtures' CompanyLabel name only.
  'POST /v1/stock/company-overview': ({ body, version }) => {
    const overview = (c: FakeCompany) => ({ symbol: c.symbol, name: c.name, industry: c.industry });
    if (version === '2025-12') {
      const c = companyBySymbol(str(body.symbol) ?? '');
      return stockOk(c ? overview(c) : {});
    }
    const list = (field: unknown) =>
      (str(field) ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    const bySymbol = list(body.symbols).map(companyBySymbol);
    const byName = list(body.names).flatMap((n) => FAKE_COMPANIES.filter((c) => c.aliases.includes(n.toLowerCase()) || c.name.includes(n)));
    const found = [...bySymbol, ...byName].filter((c): c is FakeCompany => c !== undefined);
    return stockOk({ items: [...new Set(found)].map(overview) });
  },

  // The market is `area` in the 2025-12 schema, `market` in 2026-04 (each requires its own).
  'POST /v1/stock/earnings-calendar': ({ body }) =>
    stockOk(
      earningsEntries(str(body.market) ?? str(body.area) ?? '', str(body.start_date) ?? '', str(body.end_date) ?? '', str(body.symbol)),
    ),
};
