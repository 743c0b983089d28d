/**
 * Canonical shapes of the Financial Research Data Service, after normalisation.
 *
 * The interface documents several namings for the same things (page/page_num/total_num versus
 * page_num/page_size/total_count, folder_id versus id, published_at versus published_date, tags
 * as a map or a single {key, value} pair). The client's normalisers turn every variant into the
 * one shape below, so nothing above `src/service/` ever sees a variant.
 * @see src/emulators/service/ (the service's interface, as its emulator serves it)
 */

export type Market = 'cn' | 'hk' | 'us';
export type SymbolMarket = 'SH' | 'SZ' | 'HK' | 'US';
export type Category = 'financials' | 'transcripts' | 'reports' | 'filings' | 'news' | 'socials' | 'files';
export type SearchMode = 'smart' | 'semantic' | 'keywords';
export type SearchSort = 'smart' | 'latest';
export type TagType = 'industry' | 'company' | 'person' | 'event';
export type ChunkType = 'text' | 'table' | 'image' | 'formula';

/** Tag type → values; the single-pair variant `{key, value}` is folded into this map. */
export type TagMap = Partial<Record<string, string[]>>;
/** Metadata type (period, periods, entities, …) → value(s). */
export type MetadataMap = Record<string, string | string[]>;

export interface StockRef {
  /** Canonical `<MARKET>:<code>`, e.g. `SH:600519`. */
  symbol: string;
  market: string;
  code: string;
}

export interface CompanyLabel {
  name: string;
  logo?: string;
  stocks: StockRef[];
}

/** List form of a document: items of v1 search, documents by tag, and a chunk's `doc`. */
export interface DocumentSummary {
  id: string;
  title: string;
  url?: string;
  fileUrl?: string;
  mediaUrl?: string;
  institution?: string;
  author?: string;
  /** ISO string as sent (YYYY-MM-DDTHH:MM:SS.000Z). */
  publishedAt?: string;
  category?: string;
  type?: string;
  market?: string;
  symbol?: string;
  companyName?: string;
  logo?: string;
  summary?: string;
  tags: TagMap;
  metadatas: MetadataMap;
}

export interface Chunk {
  id?: string;
  type: ChunkType | string;
  mediaUrl?: string;
  content?: string;
  summary?: string;
  metadata?: Record<string, unknown>;
  tags?: TagMap;
  metadatas?: MetadataMap;
  /** Chunk search only: id/title/url, or the full document with include_doc_extra_detail. */
  doc?: DocumentSummary;
}

export interface DocumentDetail {
  docId: string;
  title: string;
  url: string;
  institution?: string;
  author?: string;
  /** Milliseconds epoch when the service sent an integer. */
  publishedAtMs?: number;
  /** YYYY-MM-DD: from published_date, or derived from published_at. */
  publishedDate?: string;
  category?: string;
  type?: string;
  market?: string;
  ticker?: string;
  symbol?: string;
  companyName?: string;
  logo?: string;
  companies: CompanyLabel[];
  tags: TagMap;
  metadatas: MetadataMap;
  reportType?: number;
  channelId?: string;
  channelName?: string;
  fileUrl?: string;
  mediaUrl?: string;
  summary?: string;
  chunks: Chunk[];
}

/** Items of v2 search and v2 news search. */
export interface SearchDocument {
  docId: string;
  title: string;
  url?: string;
  summary?: string;
  category?: string;
  publishedAtMs?: number;
  companies: CompanyLabel[];
  metadata: Record<string, unknown>;
  score?: number;
}

export interface Page<T> {
  items: T[];
  totalCount: number;
  totalPages: number;
  pageNum: number;
  pageSize: number;
}

export interface V2SearchResult {
  docs: SearchDocument[];
  totalCount: number;
  tookMs: number;
}

export interface DocSummaryResult {
  docId: string;
  summary: string;
}

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

// ---------- stock data (snake_case members kept: they are the statement line names) ----------

export interface StatementHeader {
  currency: string;
  endDate: string;
  symbol: string;
  fiscalYear: string;
  fiscalQuarter: string;
  period: string;
  /** The wire spells it filling_date. */
  filingDate?: string;
}

/** Line name → amount; names as in the interface (e.g. total_current_assets). */
export type StatementSection = Record<string, number>;

export interface BalanceSheetRecord extends StatementHeader {
  currentAssets: StatementSection;
  nonCurrentAssets: StatementSection;
  currentLiabilities: StatementSection;
  nonCurrentLiabilities: StatementSection;
  ownersEquity: StatementSection;
}

export interface CashFlowRecord extends StatementHeader {
  operating: StatementSection;
  investing: StatementSection;
  financing: StatementSection;
}

export interface RevenueSegment {
  name: string;
  revenue?: number;
  revenuePercentage?: number;
}

export interface RevenuePeriod {
  endDate: string;
  period: string;
  fiscalYear: number;
  product: RevenueSegment[];
  area: RevenueSegment[];
  industry: RevenueSegment[];
  industryTotalRevenue?: number;
}

export interface RevenueBreakdown {
  currency: string;
  periods: RevenuePeriod[];
}

export interface IndexPriceItem {
  date: string;
  symbol: string;
  name: string;
  open?: number;
  dayHigh?: number;
  dayLow?: number;
  close?: number;
  changePercent?: number;
  tradeAmount?: number;
  psTtm?: number;
  pb?: number;
  peTtm?: number;
  dividendYield?: number;
  marketCap?: number;
  marketCapAShare?: number;
}

// ---------- concepts ----------

export interface ConceptStock {
  market: string;
  code: string;
  name: string;
  description?: string;
  relevance?: number;
}

export interface ConceptDoc {
  docId: string;
  title: string;
  url?: string;
  relevance?: number;
}

export interface Concept {
  conceptId: string;
  code?: string;
  name: string;
  description?: string;
  keywords: string[];
  conceptScore?: number;
  trendingScore: number;
  scoredAtMs?: number;
  publishedAtMs?: number;
  firstDetected: boolean;
  stocks: ConceptStock[];
  docs: ConceptDoc[];
}

// ---------- folders ----------

export interface FolderCreated {
  folderId: string;
}

export interface FolderDeleted {
  folderId: string;
  docIds: string[];
}

// ---------- agent ----------

export interface Conversation {
  id: number;
  userId?: number;
  agentId?: number;
  type?: string;
  title?: string;
  status?: string;
  url?: string;
  sharedUrl?: string;
  createdAtMs?: number;
  updatedAtMs?: number;
  meta?: Record<string, unknown>;
}

export interface CreateConversationRequest {
  agentId?: number;
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
  conversationId: number;
  message: string;
  documents?: ChatDocumentRef[];
}

export interface ConversationMessage {
  id: number;
  userId?: number;
  conversationId: number;
  turnId?: number;
  role: 'user' | 'assistant' | string;
  replyToMessageId: number | null;
  text?: string;
  status?: string;
  errorInfo: Record<string, unknown> | null;
  assistantMessageId: string | null;
  createdAtMs?: number;
  updatedAtMs?: number;
}

export type WorkflowEventType =
  | 'init'
  | 'workflow_start'
  | 'workflow_end'
  | 'node_start'
  | 'node_end'
  | 'agent_start'
  | 'agent_end'
  | 'tool_start'
  | 'tool_end'
  | 'stream_start'
  | 'streaming'
  | 'stream_end'
  | 'usage'
  | 'cancel'
  | 'error';

/** One workflow stream event, as on the wire (snake_case kept: it is recorded and replayed). */
export interface WorkflowStreamEvent {
  event_id: string;
  event_type: WorkflowEventType | string;
  timestamp: number;
  response_id: string;
  workflow_id?: string;
  execution_id?: string;
  run_id?: string;
  node_id?: string;
  node_name?: string;
  node_type?: string;
  agent_id?: string;
  agent_name?: string;
  agent_type?: string;
  tool_id?: string;
  tool_name?: string;
  input?: Record<string, unknown>;
  output?: Record<string, unknown>;
  content?: string;
  error?: Record<string, unknown>;
  offset?: number;
  /** Anything else the service adds (e.g. usage figures) is kept. */
  [extra: string]: unknown;
}

/** Event types after which the service sends nothing more for a run. */
export const TERMINAL_EVENT_TYPES: ReadonlySet<string> = new Set(['workflow_end', 'cancel', 'error']);

/**
 * Counters of one event stream (or one stream=false read). Malformed events are skipped, never
 * fatal; this is where they show up.
 */
export interface EventStreamStats {
  /** Events handed to the consumer. */
  delivered: number;
  /** `data:` payloads (or JSON list items) that were not JSON or not a workflow stream event. */
  malformed: number;
  /** Events dropped: offset at or below one already delivered, or a repeated event_id without offset. */
  duplicates: number;
  /** Comment lines (`: ping`) and empty or named heartbeat events. */
  heartbeats: number;
  /** SSE lines the parser could not read (unknown fields, bad retry values). */
  ignoredLines: number;
  /** HTTP connections opened (including the chat response itself). */
  connections: number;
  /** Connections opened after the first. */
  reconnects: number;
}

export interface StreamObserverOptions {
  /** Called with a snapshot of the counters whenever one changes, and once when the stream ends. */
  onStats?: (stats: Readonly<EventStreamStats>) => void;
}

export interface ChatStarted {
  /** From the `X-<SERVICE>-ASSISTANT-MESSAGE-ID` response header. */
  assistantMessageId: string;
  /** The live events of the run, deduplicated and in offset order. */
  events: AsyncIterable<WorkflowStreamEvent>;
  /** Live counters of `events` (the HTTP client always sets it). */
  stats?: Readonly<EventStreamStats>;
}

export interface ReadEventsOptions extends StreamObserverOptions {
  /** Events at or after this offset are returned (the service's from_offset). */
  fromOffset?: number;
  /** Drop anything at or below this offset even if the service repeats it. */
  afterOffset?: number;
  signal?: AbortSignal;
}

export interface CancelResult {
  responseId: string;
  status: string;
}

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
  indexPrices(req: IndexPricesRequest, opts?: CallOptions): Promise<IndexPriceItem[]>;
  latestConcepts(opts?: CallOptions & { includeDocs?: boolean }): Promise<Concept[]>;
  createFolder(name: string, opts?: CallOptions): Promise<FolderCreated>;
  deleteFolder(folderId: string, opts?: CallOptions): Promise<FolderDeleted>;
  createConversation(req: CreateConversationRequest, opts?: CallOptions): Promise<Conversation>;
  getConversation(conversationId: number, opts?: CallOptions): Promise<Conversation>;
  listMessages(
    conversationId: number,
    page?: { limit?: number; beforeMessageId?: number },
    opts?: CallOptions,
  ): Promise<ConversationMessage[]>;
  /** Starts a run (stream=true) and returns its id and live events. */
  chat(req: ChatRequest, opts?: CallOptions & StreamObserverOptions): Promise<ChatStarted>;
  /** Endpoint 15, stream=true: follows a run (reconnecting from the last offset) until it ends. */
  streamEvents(
    conversationId: number,
    assistantMessageId: string,
    opts?: ReadEventsOptions & CallOptions,
  ): AsyncIterable<WorkflowStreamEvent>;
  /** Endpoint 15, stream=false: every event from fromOffset at once. */
  listEvents(conversationId: number, assistantMessageId: string, opts?: ReadEventsOptions & CallOptions): Promise<WorkflowStreamEvent[]>;
  cancelRun(conversationId: number, assistantMessageId: string, opts?: CallOptions): Promise<CancelResult>;
}
