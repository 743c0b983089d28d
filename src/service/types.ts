import type {
  DocumentRawContent,
  DocumentsDeleted,
  DocumentUpload,
  DocumentUploadStatus,
  UploadedDocument,
} from './document-upload-types.js';
import type {
  BalanceSheetRecord,
  CancelResult,
  CashFlowRecord,
  Chunk,
  Concept,
  Conversation,
  ConversationMessage,
  DocSummaryResult,
  DocumentDetail,
  DocumentSummary,
  EarningsCalendarEntry,
  FolderCreated,
  FolderDeleted,
  IncomeStatementRecord,
  IndexPriceItem,
  Page,
  RevenueBreakdown,
  StockPriceItem,
  TagMap,
  V2SearchResult,
} from './response-types.js';
import type { z } from 'zod';

/**
 * Shapes of the Financial Research Data Service as the app sees them.
 *
 * The interface documents several namings for the same things (page/page_num/total_num versus
 * page_num/page_size/total_count, folder_id versus id, published_at versus published_date, tags
 * as a map or a single {key, value} pair). The response schemas in `schemas/` accept every
 * variant and turn it into one shape; the response types (response-types.ts, re-exported here)
 * are inferred from them, so nothing above `src/service/` ever sees a variant. Requests are the app's own, so they are
 * written out here; the search requests that come back in button values are checked against
 * them by the schemas in src/slack/kit/button-values.ts.
 * @see src/emulators/service/ (the service's interface, as its emulator serves it)
 */

export type Market = 'cn' | 'hk' | 'us';
export type Category = 'financials' | 'transcripts' | 'reports' | 'filings' | 'news' | 'socials' | 'files';
export type SearchMode = 'smart' | 'semantic' | 'keywords';
export type SearchSort = 'smart' | 'latest';
export type TagType = 'industry' | 'company' | 'person' | 'event';
export type ChunkType = 'text' | 'table' | 'image' | 'formula';
export type { SymbolMarket } from './symbol-market.js';

export type * from './response-types.js';

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
  /** Research folders to search in (OAISearchChunksRequest.folder_ids): the user's uploaded files. */
  folderIds?: string[];
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

// ---------- agent ----------

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

// Files added to research folders (the upload routes): their own module, re-exported here.
export type {
  DocumentRawContent,
  DocumentsDeleted,
  DocumentUpload,
  DocumentUploadState,
  DocumentUploadStatus,
  UploadedDocument,
} from './document-upload-types.js';
export interface ChatRequest {
  /** Service ids are decimal text: the real service's pass 2^53. */
  conversationId: string;
  message: string;
  documents?: ChatDocumentRef[];
}

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

/** A stock route of the service (`/v1/stock/company-overview`): POSTed queries answered in the stock wrapper. */
export type StockRoute = `/v1/stock/${string}`;

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
  /**
   * Any stock route through the one call path the stock methods above bind (its wrapper checked,
   * its `data` parsed by `dataSchema`): a feature that reads a route of its own brings the route,
   * the body and the schema, so a new route needs no binding here.
   */
  stockQuery<S extends z.ZodType>(
    route: StockRoute,
    body: Record<string, unknown>,
    dataSchema: S,
    opts?: CallOptions,
  ): Promise<z.output<S>>;
  latestConcepts(opts?: CallOptions & { includeDocs?: boolean }): Promise<Concept[]>;
  createFolder(name: string, opts?: CallOptions): Promise<FolderCreated>;
  deleteFolder(folderId: string, opts?: CallOptions): Promise<FolderDeleted>;
  /** Multipart upload of one file into a folder; never retried (a resend could add it twice). */
  uploadDocument(upload: DocumentUpload, opts?: CallOptions): Promise<UploadedDocument>;
  /** `/v1/docs/{doc_id}/upload/status`. */
  documentUploadStatus(docId: string, opts?: CallOptions): Promise<DocumentUploadStatus>;
  /** `/v1/docs/delete`: the ids the service says it deleted. */
  deleteDocuments(docIds: readonly string[], opts?: CallOptions): Promise<DocumentsDeleted>;
  /** `/v1/docs/{doc_id}/raw-content`. */
  documentRawContent(docId: string, opts?: CallOptions): Promise<DocumentRawContent>;
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
