/**
 * Where this fake departs from (or adds to) the published schema's letter, one line each, with
 * the published source that says so. Everything not listed here is checked against the schema
 * as written.
 */
import type { InterfaceShape } from './interface-shapes.js';

/** `METHOD /path/template`, as the published document writes it. */
export type OperationKey = string;

export interface ResponseRule {
  /** The stock wrapper's `data` is also checked against this shape. */
  data?: InterfaceShape;
  /** `data` is a list (interface document), where StockAPIResponse writes the generic `type: object`. */
  listData?: boolean;
  /** The whole body is also checked against this shape. */
  body?: InterfaceShape;
  /** The published schema for this status is replaced by this shape (the README says otherwise). */
  replaces?: InterfaceShape | 'HTTPValidationError';
}

const AGENT = '/v1/agent/conversations';

/** README: 400 `{"detail":"Invalid conversation_id"}` for an unknown conversation or message. */
const UNKNOWN_CONVERSATION: Record<string, ResponseRule> = { '400': { replaces: 'detailMessage' } };
/** README: validation errors are FastAPI's plain 422 on every route, stock routes included. */
const PLAIN_422: Record<string, ResponseRule> = { '422': { replaces: 'HTTPValidationError' } };

export const RESPONSE_RULES: Record<OperationKey, Record<string, ResponseRule>> = {
  'POST /v1/stock/company-balance-sheet': { '200': { data: 'balanceSheetList', listData: true } },
  'POST /v1/stock/company-cashflow-statement': { '200': { data: 'cashFlowList', listData: true } },
  'POST /v1/stock/company-income-statement': { '200': { data: 'incomeStatementList', listData: true } },
  'POST /v1/stock/company-revenue-breakdown': { '200': { data: 'revenueBreakdown' } },
  'POST /v1/stock/index-prices': { '200': { data: 'indexPrices' } },
  'POST /v1/stock/index-quote': { '200': { data: 'indexPrices' } },
  'POST /v1/stock/company-prices': { '200': { data: 'stockPrices' } },
  'POST /v1/stock/stock-quote': { '200': { data: 'stockPrices' } },
  'POST /v1/stock/earnings-calendar': { '200': { data: 'earningsCalendar', listData: true }, ...PLAIN_422 },
  'GET /v1/concepts/latest': { '200': { body: 'conceptList' } },
  [`GET ${AGENT}/{conversation_id}`]: UNKNOWN_CONVERSATION,
  [`POST ${AGENT}/{conversation_id}/chat`]: UNKNOWN_CONVERSATION,
  [`GET ${AGENT}/{conversation_id}/messages`]: UNKNOWN_CONVERSATION,
  [`GET ${AGENT}/{conversation_id}/messages/{assistant_message_id}`]: UNKNOWN_CONVERSATION,
  [`POST ${AGENT}/{conversation_id}/messages/{assistant_message_id}/cancel`]: UNKNOWN_CONVERSATION,
};

/**
 * Request fields the published schema does not declare but the client sends on purpose. FastAPI
 * ignores undeclared fields, so any other one is reported: the service would silently drop it.
 */
export const DELIBERATE_EXTRA_FIELDS: Record<OperationKey, Record<string, string>> = {
  'POST /v1/search/chunks': {
    include_doc_extra_detail: "the interface document's spelling, sent alongside the schema's include_doc_extra_details",
  },
};
