/**
 * What the published schema leaves loose, pinned down from the other published material:
 * - the interface document (/work/shared/spec/000_b44ffb11a382c681.txt) types the stock routes'
 *   `data` (StockAPIResponse says only `type: object`, "structure varies by endpoint") and the
 *   concept list (the schema's response is `{}`);
 * - the spec README (/work/shared/spec/README.md) gives the agent routes' 400 body
 *   (`{"detail":"Invalid conversation_id"}`, a string, where the schema names
 *   HTTPValidationError) and says every route answers validation errors as FastAPI's plain 422.
 * The fake's answers on those routes are checked against these schemas as well as against the
 * published one (minus the part these replace). Three `data` shapes are in neither document
 * (income statement, company prices, earnings calendar): they are the fake's ASSUMPTION, kept
 * here so they are checked for consistency, and listed as such by `assumed: true`.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type { SchemaIssue } from './published-spec.js';

type JsonSchema = Record<string, unknown>;

const numbers = (names: string[]): JsonSchema => ({
  type: 'object',
  propertyNames: { enum: names },
  additionalProperties: { type: 'number' },
});

const DATE = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' };

/** Top-level fields of a statement record (interface document, "Balance sheet record"). */
const STATEMENT_HEADER: Record<string, JsonSchema> = {
  currency: { type: 'string' },
  end_date: DATE,
  symbol: { type: 'string' },
  fiscal_year: { type: 'string' },
  fiscal_quarter: { type: 'string' },
  period: { type: 'string' },
  filling_date: DATE,
};

const statementRecord = (sections: Record<string, JsonSchema>): JsonSchema => ({
  type: 'object',
  required: [...Object.keys(STATEMENT_HEADER), ...Object.keys(sections)],
  properties: { ...STATEMENT_HEADER, ...sections },
});

const balanceSheetRecord = statementRecord({
  current_assets: numbers([
    'cash_and_cash_equivalents',
    'restricted_cash_and_cash_equivalents',
    'inventories',
    'accounts_receivable',
    'financial_investments_at_fair_value_through_profit_or_loss_current',
    'financial_investments_at_fair_value_through_other_comprehensive_income_current',
    'prepayments_deposits_other_receivables_current',
    'total_current_assets',
  ]),
  non_current_assets: numbers([
    'time_deposits_non_current',
    'property_plant_and_equipment',
    'land_use_rights',
    'right_of_use_asset',
    'construction_in_progress',
    'investment_property',
    'interests_in_associates_and_joint_ventures',
    'investments_in_associates',
    'investments_in_joint_ventures',
    'intangible_assets',
    'deferred_tax_assets',
    'financial_investments_at_fair_value_through_profit_or_loss_non_current',
    'financial_investments_at_fair_value_through_other_comprehensive_income_non_current',
    'prepayments_deposits_other_receivables_non_current',
    'total_non_current_assets',
    'total_assets',
  ]),
  current_liabilities: numbers([
    'short_term_borrowings',
    'taxes_payable',
    'other_tax_liabilities',
    'notes_payable',
    'accounts_payable',
    'current_portion_of_deferred_income',
    'lease_liabilities_current',
    'receipts_in_advance_deposits_received_accrued_expenses_other_payables_and_other_liabilities_current',
    'total_current_liabilities',
  ]),
  non_current_liabilities: numbers([
    'long_term_borrowings',
    'deferred_tax_liabilities',
    'deferred_income_non_current',
    'lease_liabilities_non_current',
    'total_non_current_liabilities',
    'total_liabilities',
  ]),
  owners_equity: numbers([
    'share_premium',
    'treasury_shares',
    'other_reserve',
    'retained_earnings',
    'shares_held_for_share_award_scheme',
    'total_equity_attributable_to_shareholders_and_other_equity_holders',
    'total_equity_attributable_to_ordinary_shareholders',
    'non_controlling_interests',
    'total_shareholders_equity',
  ]),
});

const cashFlowRecord = statementRecord({
  cash_flows_from_operating_activities: numbers(['net_cash_flows_from_operating_activities']),
  cash_flows_from_investing_activities: numbers(['net_cash_flows_from_investing_activities']),
  cash_flows_from_financing_activities: numbers([
    'net_cash_flows_from_financing_activities',
    'effect_of_exchange_rate_changes_on_cash_and_cash_equivalents',
    'net_increase_in_cash_and_cash_equivalents',
    'cash_and_cash_equivalents_at_beginning_of_year',
    'cash_and_cash_equivalents_at_end_of_year',
  ]),
});

const revenueLine: JsonSchema = {
  type: 'object',
  required: ['name'],
  properties: { name: { type: 'string' }, revenue: { type: 'number' }, revenue_percentage: { type: 'number' } },
};

const revenueBreakdown: JsonSchema = {
  type: 'object',
  required: ['currency', 'list'],
  properties: {
    currency: { type: 'string' },
    list: {
      type: 'array',
      items: {
        type: 'object',
        required: ['end_date', 'period', 'fiscal_year', 'product', 'area', 'industry', 'industry_total_revenue'],
        properties: {
          end_date: DATE,
          period: { type: 'string' },
          fiscal_year: { type: 'integer' },
          product: { type: 'array' },
          area: { type: 'array', items: revenueLine },
          industry: { type: 'array', items: { ...revenueLine, required: ['name', 'revenue', 'revenue_percentage'] } },
          industry_total_revenue: { type: 'number' },
        },
      },
    },
  },
};

const INDEX_NUMBERS = [
  'stock_open',
  'day_high',
  'day_low',
  'stock_price',
  'stock_change_percent',
  'trade_amount',
  'ps_ttm',
  'pb',
  'pe_ttm',
  'dividend_yield',
  'market_capitalization',
];

const indexPrices: JsonSchema = {
  type: 'object',
  required: ['items'],
  properties: {
    items: {
      type: 'array',
      items: {
        type: 'object',
        required: ['date', 'symbol', 'name', ...INDEX_NUMBERS],
        properties: {
          date: DATE,
          // Plain index symbols in the published samples (HSI), not `<MARKET>:<code>`.
          symbol: { type: 'string', pattern: '^[A-Z0-9]+$' },
          name: { type: 'string' },
          ...Object.fromEntries(INDEX_NUMBERS.map((n) => [n, { type: 'number' }])),
          // A fraction in the published samples (0.0343), not a percentage.
          dividend_yield: { type: 'number', minimum: 0, maximum: 1 },
          market_capitalization_a_share: { type: 'number' },
        },
      },
    },
  },
};

const conceptList: JsonSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: [
      'concept_id',
      'concept_code',
      'concept_name',
      'concept_desc',
      'concept_keywords',
      'concept_score',
      'trending_score',
      'scored_at',
      'published_at',
      'first_detected',
      'stocks',
    ],
    properties: {
      concept_id: { type: 'string' },
      concept_code: { type: 'string' },
      concept_name: { type: 'string' },
      concept_desc: { type: 'string' },
      concept_keywords: { type: 'array', items: { type: 'string' } },
      concept_score: { type: 'number' },
      trending_score: { type: 'number' },
      scored_at: { type: 'integer' },
      published_at: { type: 'integer' },
      first_detected: { type: 'boolean' },
      stocks: {
        type: 'array',
        items: {
          type: 'object',
          required: ['market', 'code', 'name', 'description', 'relevance'],
          properties: {
            // The published samples: SH/SZ markets and bare codes.
            market: { type: 'string', enum: ['SH', 'SZ', 'HK', 'US'] },
            code: { type: 'string' },
            name: { type: 'string' },
            description: { type: 'string' },
            relevance: { type: 'number' },
          },
        },
      },
      docs: {
        type: 'array',
        items: {
          type: 'object',
          required: ['doc_id', 'title', 'url', 'relevance'],
          properties: { doc_id: { type: 'string' }, title: { type: 'string' }, url: { type: 'string' }, relevance: { type: 'number' } },
        },
      },
    },
  },
};

/** README: agent routes answer an unknown conversation or message with 400 and a string detail. */
const detailMessage: JsonSchema = { type: 'object', required: ['detail'], properties: { detail: { type: 'string' } } };
/** The upload status route's undocumented failure: a status outside DocsUploadStatusEnum, with the service's words. */
const uploadStatusFailure: JsonSchema = {
  type: 'object',
  required: ['id', 'status', 'message'],
  properties: {
    id: { type: 'string' },
    status: { type: 'string', not: { enum: ['pending', 'processing', 'completed'] } },
    message: { type: 'string' },
  },
};

// ---------- assumptions: in neither document ----------

const incomeStatementRecord = statementRecord({
  revenue_and_costs: {
    type: 'object',
    required: ['revenue'],
    properties: { revenue: { type: 'number' } },
    additionalProperties: { type: 'number' },
  },
  operating_results: { type: 'object', additionalProperties: { type: 'number' } },
  profit: { type: 'object', additionalProperties: { type: 'number' } },
  earnings_per_share: { type: 'object', additionalProperties: { type: 'number' } },
});

const stockPrices: JsonSchema = {
  type: 'object',
  required: ['items'],
  properties: {
    items: {
      type: 'array',
      items: {
        type: 'object',
        required: ['date', 'symbol', 'stock_price'],
        properties: { date: DATE, symbol: { type: 'string' }, stock_price: { type: 'number' } },
      },
    },
  },
};

const earningsCalendar: JsonSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['symbol', 'fiscal_year', 'fiscal_quarter', 'filling_date'],
    properties: {
      symbol: { type: 'string' },
      fiscal_year: { type: 'string' },
      fiscal_quarter: { type: 'string' },
      filling_date: DATE,
      end_date: DATE,
    },
  },
};

export const INTERFACE_SHAPES = {
  balanceSheetList: { schema: { type: 'array', items: balanceSheetRecord }, assumed: false },
  cashFlowList: { schema: { type: 'array', items: cashFlowRecord }, assumed: false },
  revenueBreakdown: { schema: revenueBreakdown, assumed: false },
  indexPrices: { schema: indexPrices, assumed: false },
  conceptList: { schema: conceptList, assumed: false },
  detailMessage: { schema: detailMessage, assumed: false },
  uploadStatusFailure: { schema: uploadStatusFailure, assumed: true },
  incomeStatementList: { schema: { type: 'array', items: incomeStatementRecord }, assumed: true },
  stockPrices: { schema: stockPrices, assumed: true },
  earningsCalendar: { schema: earningsCalendar, assumed: true },
} satisfies Record<string, { schema: JsonSchema; assumed: boolean }>;

export type InterfaceShape = keyof typeof INTERFACE_SHAPES;

const ajv = new Ajv2020({ strict: true, allErrors: true });
const validators = new Map<InterfaceShape, ValidateFunction>();

export function checkInterfaceShape(shape: InterfaceShape, value: unknown): SchemaIssue[] {
  let v = validators.get(shape);
  if (!v) {
    v = ajv.compile(INTERFACE_SHAPES[shape].schema);
    validators.set(shape, v);
  }
  if (v(value)) return [];
  return (v.errors ?? []).map((e) => ({
    loc: e.instancePath
      .split('/')
      .slice(1)
      .map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
    msg: `${e.message ?? e.keyword}${e.keyword === 'propertyNames' || e.keyword === 'enum' ? ` (${JSON.stringify(e.params)})` : ''}`,
    type: e.keyword,
  }));
}
