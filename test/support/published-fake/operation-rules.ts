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
  /** The published schema, or else this shape (an answer the schema leaves undocumented). */
  orShape?: InterfaceShape;
}

const AGENT = '/v1/agent/conversations';

/** README: 400 `{"detail":"Invalid conversation_id"}` for an unknown conversation or message. */
const UNKNOWN_CONVERSATION: Record<string, ResponseRule> = { '400': { replaces: 'detailMessage' } };
/** README: validation errors are FastAPI's plain 422 on every route, stock routes included. */
const PLAIN_422: Record<string, ResponseRule> = { '422': { replaces: 'HTTPValidationError' } };

/**
 * The upload routes document 200 and 422 only. The service's other refusals are FastAPI's
 * HTTPException `{"detail": "..."}` (what the emulator answers, see the preamble of issue 31):
 * 400 for a type it cannot read, 404 for an unknown folder or document, 413 for a file over its limit.
 */
const DETAIL_REFUSALS: Record<string, ResponseRule> = {
  '400': { replaces: 'detailMessage' },
  '404': { replaces: 'detailMessage' },
  '413': { replaces: 'detailMessage' },
};

export const RESPONSE_RULES: Record<OperationKey, Record<string, ResponseRule>> = {
  'POST /v1/docs/upload/form': DETAIL_REFUSALS,
  // DocsUploadStatusEnum has no failure; the service's is undocumented: `{id, status, message}` with another status.
  'GET /v1/docs/{doc_id}/upload/status': { ...DETAIL_REFUSALS, '200': { orShape: 'uploadStatusFailure' } },
  'GET /v1/docs/{doc_id}/raw-content': DETAIL_REFUSALS,
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

/** A form field the operation's description says is a JSON string: what it must hold, and where that is said. */
export interface FormJsonRule {
  source: string;
  /** A problem with the field's text, or undefined when it is the JSON the service reads. */
  check(text: string): string | undefined;
}

const parsedJson = (text: string): { value: unknown } | undefined => {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
};
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export const FORM_JSON_FIELDS: Record<OperationKey, Record<string, FormJsonRule>> = {
  'POST /v1/docs/upload/form': {
    tags: {
      source: 'the schema: "Document tag list, json string, example: {"key": ["value1", "value2"]}"',
      check(text) {
        const parsed = parsedJson(text);
        if (!parsed) return 'not JSON';
        if (!isObject(parsed.value)) return 'not a JSON object';
        const bad = Object.entries(parsed.value).find(([, v]) => !Array.isArray(v) || v.some((x) => typeof x !== 'string'));
        return bad ? `tag type ${bad[0]} is not a list of strings` : undefined;
      },
    },
    metadatas: {
      source: 'the schema: "metadatas json string, example: {"period": "2023Q4", …}"',
      check(text) {
        const parsed = parsedJson(text);
        if (!parsed) return 'not JSON';
        return isObject(parsed.value) ? undefined : 'not a JSON object';
      },
    },
  },
};
