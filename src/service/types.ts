import type { z } from 'zod';
import type { chunkSchema } from './schemas/chunk-schema.js';
import type { companyLabelSchema } from './schemas/company-label-schema.js';
import type { conceptDocSchema, conceptSchema, conceptStockSchema } from './schemas/concept-schema.js';
import type { conversationMessageSchema } from './schemas/conversation-message-schema.js';
import type { conversationSchema } from './schemas/conversation-schema.js';
import type { cancelResultSchema } from './schemas/cancel-result-schema.js';
import type { docSummaryResultSchema, documentDetailSchema } from './schemas/document-detail-schema.js';
import type { documentSummarySchema } from './schemas/document-summary-schema.js';
import type { folderCreatedSchema, folderDeletedSchema } from './schemas/folder-schemas.js';
import type { indexPriceItemSchema } from './schemas/index-prices-schema.js';
import type { incomeStatementRecordSchema } from './schemas/income-statement-schema.js';
import type { stockPriceItemSchema } from './schemas/stock-price-schema.js';
import type { earningsCalendarSchema } from './schemas/earnings-calendar-schema.js';
import type { revenueBreakdownSchema, revenuePeriodSchema, revenueSegmentSchema } from './schemas/revenue-breakdown-schema.js';
import type { searchDocumentSchema, v2SearchResultSchema } from './schemas/search-document-schema.js';
import type { balanceSheetRecordSchema, cashFlowRecordSchema, statementSectionSchema } from './schemas/statement-schemas.js';
import type { metadataMapSchema, tagMapSchema } from './schemas/tag-map-schema.js';

/**
 * Shapes of the Financial Research Data Service as the app sees them.
 *
 * The interface documents several namings for the same things (page/page_num/total_num versus
 * page_num/page_size/total_count, folder_id versus id, published_at versus published_date, tags
 * as a map or a single {key, value} pair). The response schemas in `schemas/` accept every
 * variant and turn it into one shape; the response types below are inferred from them, so
 * nothing above `src/service/` ever sees a variant. Requests are the app's own, so they are
 * written out here; the search requests that come back in button values are checked against
 * them by the schemas in src/slack/kit/button-values.ts.
 * @see src/emulators/service/ (the service's interface, as its emulator serves it)
 */

export type Market = 'cn' | 'hk' | 'us';
export type SymbolMarket = 'SH' | 'SZ' | 'HK' | 'US';
export type Category = 'financials' | 'transcripts' | 'reports' | 'filings' | 'news' | 'socials' | 'files';
export type SearchMode = 'smart' | 'semantic' | 'keywords';
export type SearchSort = 'smart' | 'latest';
export type TagType = 'industry' | 'company' | 'person' | 'event';
export type ChunkType = 'text' | 'table' | 'image' | 'formula';

// ---------- responses (inferred from the schemas) ----------

/** Tag type → values; the single-pair variant `{key, value}` is folded into this map. */
export type TagMap = z.output<typeof tagMapSchema>;
/** Metadata type (period, periods, entities, …) → value(s). */
export type MetadataMap = z.output<typeof metadataMapSchema>;

export type CompanyLabel = z.output<typeof companyLabelSchema>;
/** A company's stock; `symbol` is canonical `<MARKET>:<code>`, e.g. `SH:600519`. */
export type StockRef = CompanyLabel['stocks'][number];

/** List form of a document: items of v1 search, documents by tag, and a chunk's `doc`. */
export type DocumentSummary = z.output<typeof documentSummarySchema>;
export type Chunk = z.output<typeof chunkSchema>;
export type DocumentDetail = Omit<z.output<typeof documentDetailSchema>, 'skipped'>;
/** Items of v2 search and v2 news search. */
export type SearchDocument = z.output<typeof searchDocumentSchema>;

export interface Page<T> {
  items: T[];
  totalCount: number;
  totalPages: number;
  pageNum: number;
  pageSize: number;
}

/** Unreadable items are left out of lists and logged by the client; callers never see the count. */
export type V2SearchResult = Omit<z.output<typeof v2SearchResultSchema>, 'skipped'>;
/** The id falls back to the one asked for when the answer leaves it out. */
export type DocSummaryResult = z.output<typeof docSummaryResultSchema> & { docId: string };

// ---------- requests (camelCase here; the client maps to the wire names) ----------

export interface V1SearchRequest {
  query?: string;
  mode?: SearchMode;
  sort?: SearchSort;
  folderIds?: string[];
  categories?: Category[];
  markets?: Market[];
  institutions?: string[];
  /** `<MARKET>:<code>` */
  symbols?: string[];
  tags?: TagMap | string[];
  startDate?: string;
  endDate?: string;
  pageNum?: number;
  pageSize?: number;
  minScore?: number;
  shouldHighlight?: boolean;
  language?: 'all' | 'chinese' | 'english';
}

export interface V2SearchRequest {
  query: string;
  num?: number;
  symbols?: string[];
  industries?: string[];
  channelIds?: string[];
  /** YYYY-MM-DD or YYYY-MM-DD HH:MM:SS */
  startDatetime?: string;
  endDatetime?: string;
}

export type NewsSearchRequest = Omit<V2SearchRequest, 'industries'>;

export interface ChunkSearchRequest {
  query: string;
  docIds?: string[];
  categories?: Category[];
  markets?: Market[];
  institutions?: string[];
  symbols?: string[];
  startDate?: string;
  endDate?: string;
  num?: number;
  includeDocExtraDetail?: boolean;
}

export interface DocsByTagRequest {
  tags: string[];
  categories?: Category[];
  markets?: Market[];
  startDate?: string;
  endDate?: string;
  pageNum?: number;
  pageSize?: number;
}

export type StatementPeriod = 'annual' | 'quarterly' | 'cumulative quarterly';

export interface StatementRequest {
  symbol: string;
  period?: StatementPeriod;
  limit?: number;
  startDate?: string;
  endDate?: string;
  calendar?: 'calendar' | 'fiscal';
  fiscalYear?: string;
  fiscalQuarter?: string;
}

export interface RevenueBreakdownRequest {
  symbol: string;
  period?: string;
  limit?: number;
  startDate?: string;
  endDate?: string;
  fiscalYear?: string;
}

export interface IndexPricesRequest {
  symbol: string;
  startDate?: string;
  endDate?: string;
}

/** A company's daily prices (company-prices, or stock-quote in the 2026-04 schema). */
export interface CompanyPricesRequest {
  /** `<MARKET>:<code>` */
  symbol: string;
  startDate?: string;
  endDate?: string;
}

/** Reports scheduled in a date range of one market (both dates required by the service). */
export interface EarningsCalendarRequest {
  market: Market;
  /** YYYY-MM-DD */
  startDate: string;
  /** YYYY-MM-DD */
  endDate: string;
  symbol?: string;
}

// ---------- stock data (statement line names keep the interface's snake_case) ----------

export type BalanceSheetRecord = z.output<typeof balanceSheetRecordSchema>;
export type CashFlowRecord = z.output<typeof cashFlowRecordSchema>;
/** Fields every statement record has; `filingDate` is the wire's filling_date. */
export type StatementHeader = Omit<CashFlowRecord, 'operating' | 'investing' | 'financing'>;
/** Line name → amount; names as in the interface (e.g. total_current_assets). */
export type StatementSection = z.output<typeof statementSectionSchema>;
export type RevenueSegment = z.output<typeof revenueSegmentSchema>;
export type RevenuePeriod = z.output<typeof revenuePeriodSchema>;
export type RevenueBreakdown = z.output<typeof revenueBreakdownSchema>;
export type IndexPriceItem = z.output<typeof indexPriceItemSchema>;
/** An income statement: the header of every statement, and its lines by wire name (e.g. gross_profit). */
export type IncomeStatementRecord = z.output<typeof incomeStatementRecordSchema>;
export type StockPriceItem = z.output<typeof stockPriceItemSchema>;
export type EarningsCalendarEntry = z.output<typeof earningsCalendarSchema>[number];

// ---------- concepts ----------

export type ConceptStock = z.output<typeof conceptStockSchema>;
export type ConceptDoc = z.output<typeof conceptDocSchema>;
export type Concept = z.output<typeof conceptSchema>;

// ---------- folders ----------

export type FolderCreated = z.output<typeof folderCreatedSchema>;
/** The folder id falls back to the one asked for when the answer leaves it out. */
export type FolderDeleted = z.output<typeof folderDeletedSchema> & { folderId: string };

// ---------- agent ----------

export type Conversation = z.output<typeof conversationSchema>;

export interface CreateConversationRequest {
  /** Decimal text (real agent ids pass 2^53); unset, the client's configured agent or the service's default. */
  agentId?: string;
  title?: string;
  conversationType?: 'agent_chat' | 'task_chat' | 'debug_chat' | 'bot_chat';
  meta?: Record<string, unknown>;
}

export interface ChatDocumentRef {
  docId: string;
  docTitle: string;
  fileType?: string;
}

export interface ChatRequest {
  /** Service ids are decimal text: the real service's pass 2^53. */
  conversationId: string;
  message: string;
  documents?: ChatDocumentRef[];
}

export type ConversationMessage = z.output<typeof conversationMessageSchema>;

// The workflow event and its stream live with the stream reader (schema-checked there).
import type { EventStreamStats } from './event-stream/event-stream-stats.js';
import type { ChatStreamOptions, ReadEventsOptions } from './event-stream/read-events-options.js';
import type { WorkflowStreamEvent } from './event-stream/workflow-event-schema.js';

export type { EventCursor } from './event-stream/event-cursor.js';
export type { EventStreamStats } from './event-stream/event-stream-stats.js';
export type { ChatStreamOptions, ReadEventsOptions, StreamObserverOptions } from './event-stream/read-events-options.js';
export { RUN_ENDING_EVENT_TYPES, type WorkflowEventType, type WorkflowStreamEvent } from './event-stream/workflow-event-schema.js';

export interface ChatStarted {
  /** From the `X-<SERVICE>-ASSISTANT-MESSAGE-ID` response header. */
  assistantMessageId: string;
  /** The live events of the run, deduplicated and in offset order. */
  events: AsyncIterable<WorkflowStreamEvent>;
  /** Live counters of `events` (the HTTP client always sets it). */
  stats?: Readonly<EventStreamStats>;
}

export type CancelResult = z.output<typeof cancelResultSchema>;

export interface CallOptions {
  signal?: AbortSignal;
  /** Correlation id carried into log lines. */
  correlationId?: string;
}

/**
 * Everything the app asks of the service. `src/service/research-client.ts` implements it over
 * HTTP; Slack listeners, the agent relay and the scheduler depend only on this interface.
 */
export interface ResearchService {
  searchDocuments(req: V1SearchRequest, opts?: CallOptions): Promise<Page<DocumentSummary>>;
  searchV2(req: V2SearchRequest, opts?: CallOptions): Promise<V2SearchResult>;
  searchNews(req: NewsSearchRequest, opts?: CallOptions): Promise<V2SearchResult>;
  searchChunks(req: ChunkSearchRequest, opts?: CallOptions): Promise<Chunk[]>;
  getDocument(docId: string, opts?: CallOptions): Promise<DocumentDetail>;
  getDocumentSummary(docId: string, opts?: CallOptions): Promise<DocSummaryResult>;
  docsByTag(req: DocsByTagRequest, opts?: CallOptions): Promise<Page<DocumentSummary>>;
  balanceSheet(req: StatementRequest, opts?: CallOptions): Promise<BalanceSheetRecord[]>;
  cashFlow(req: StatementRequest, opts?: CallOptions): Promise<CashFlowRecord[]>;
  revenueBreakdown(req: RevenueBreakdownRequest, opts?: CallOptions): Promise<RevenueBreakdown>;
  /** Index quotes: index-quote (2026-04 schema), falling back to index-prices. */
  indexPrices(req: IndexPricesRequest, opts?: CallOptions): Promise<IndexPriceItem[]>;
  incomeStatement(req: StatementRequest, opts?: CallOptions): Promise<IncomeStatementRecord[]>;
  /** A company's daily prices: stock-quote (2026-04 schema), falling back to company-prices. */
  companyPrices(req: CompanyPricesRequest, opts?: CallOptions): Promise<StockPriceItem[]>;
  earningsCalendar(req: EarningsCalendarRequest, opts?: CallOptions): Promise<EarningsCalendarEntry[]>;
  latestConcepts(opts?: CallOptions & { includeDocs?: boolean }): Promise<Concept[]>;
  createFolder(name: string, opts?: CallOptions): Promise<FolderCreated>;
  deleteFolder(folderId: string, opts?: CallOptions): Promise<FolderDeleted>;
  createConversation(req: CreateConversationRequest, opts?: CallOptions): Promise<Conversation>;
  getConversation(conversationId: string, opts?: CallOptions): Promise<Conversation>;
  listMessages(
    conversationId: string,
    page?: { limit?: number; beforeMessageId?: string },
    opts?: CallOptions,
  ): Promise<ConversationMessage[]>;
  /** Starts a run (stream=true) and returns its id and live events. */
  chat(req: ChatRequest, opts?: CallOptions & ChatStreamOptions): Promise<ChatStarted>;
  /** Endpoint 15, stream=true: follows a run (reconnecting from the last offset) until it ends. */
  streamEvents(
    conversationId: string,
    assistantMessageId: string,
    opts?: ReadEventsOptions & CallOptions,
  ): AsyncIterable<WorkflowStreamEvent>;
  /** Endpoint 15, stream=false: every event from fromOffset at once. */
  listEvents(conversationId: string, assistantMessageId: string, opts?: ReadEventsOptions & CallOptions): Promise<WorkflowStreamEvent[]>;
  cancelRun(conversationId: string, assistantMessageId: string, opts?: CallOptions): Promise<CancelResult>;
}
