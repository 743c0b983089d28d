/**
 * The analyst's data tools in an emulated run: which it calls for the figures a question asks
 * for (one per kind of statement or market data; none without a company the demo data has), and
 * what each returns: the figures the report then uses.
 */
import type { Metric } from './question-intent.js';
import { OVERVIEW_METRICS } from './report-figures.js';
import type { FoundCompany, ResearchFindings } from './research-findings.js';

export type DataTool =
  | 'get_balance_sheet'
  | 'get_cash_flow_statement'
  | 'get_income_statement'
  | 'get_revenue_breakdown'
  | 'get_stock_prices';

/** Margins are explained by the income statement's cost lines and the revenue mix; risks read every statement. */
const TOOLS_OF_METRIC: Record<Metric, DataTool[]> = {
  cash: ['get_balance_sheet'],
  balance: ['get_balance_sheet'],
  cash_flow: ['get_cash_flow_statement'],
  revenue: ['get_income_statement'],
  margins: ['get_income_statement', 'get_revenue_breakdown'],
  earnings: ['get_income_statement'],
  mix: ['get_revenue_breakdown'],
  price: ['get_stock_prices'],
  valuation: ['get_stock_prices'],
  risks: ['get_income_statement', 'get_balance_sheet', 'get_cash_flow_statement', 'get_revenue_breakdown', 'get_stock_prices'],
};

export const TOOL_QUERY: Record<DataTool, { en: string; zh: string }> = {
  get_balance_sheet: { en: 'balance sheet', zh: '资产负债表' },
  get_cash_flow_statement: { en: 'cash flow statement', zh: '现金流量表' },
  get_income_statement: { en: 'income statement', zh: '利润表' },
  get_revenue_breakdown: { en: 'revenue breakdown', zh: '主营构成' },
  get_stock_prices: { en: 'share prices', zh: '股价' },
};

/**
 * What each data tool returns for a company: the figures the report uses (the latest period,
 * flat) and, as a real data tool does, the short series behind them in the service's own shapes:
 * the income statement's last periods as `records` (fields of /v1/stock/income-statement) and the
 * daily closes over about three months as `items` (fields of the price routes), newest first.
 */
export function toolData(name: DataTool, c: FoundCompany): Record<string, unknown> {
  const f = c.latest;
  switch (name) {
    case 'get_balance_sheet':
      return {
        symbol: c.symbol,
        name: c.name,
        end_date: f?.end_date,
        label: f?.label,
        total_assets: f?.total_assets,
        total_liabilities: f?.total_liabilities,
        total_shareholders_equity: f?.total_shareholders_equity,
        cash: f?.cash,
      };
    case 'get_cash_flow_statement':
      return {
        symbol: c.symbol,
        name: c.name,
        end_date: f?.end_date,
        label: f?.label,
        operating_cash_flow: f?.operating_cash_flow,
        cash: f?.cash,
      };
    case 'get_income_statement':
      return {
        symbol: c.symbol,
        name: c.name,
        end_date: f?.end_date,
        label: f?.label,
        revenue: f?.revenue,
        gross_margin: f?.gross_margin,
        operating_margin: f?.operating_margin,
        net_margin: f?.net_margin,
        net_profit: f?.net_profit,
        ...(c.incomeTrend ? { currency: c.currency, records: c.incomeTrend } : {}),
      };
    case 'get_revenue_breakdown': {
      // `ref` is the report's own way to name the period, no field of the service.
      const { ref: _ref, ...mix } = c.mix ?? { ref: undefined };
      return { symbol: c.symbol, name: c.name, ...mix };
    }
    case 'get_stock_prices':
      return { symbol: c.symbol, name: c.name, ...c.price, ...(c.priceSeries ? { items: c.priceSeries } : {}) };
  }
}

/** The data tools the analyst calls: one per kind of figure asked, none without a company. */
export function dataTools(f: ResearchFindings): DataTool[] {
  if (f.companies.length === 0) return [];
  const metrics = f.focus.metrics.length > 0 ? f.focus.metrics : OVERVIEW_METRICS;
  return [...new Set(metrics.flatMap((m) => TOOLS_OF_METRIC[m]))];
}
