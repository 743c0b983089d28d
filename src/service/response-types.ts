import type { z } from 'zod';
import type { cancelResultSchema } from './schemas/cancel-result-schema.js';
import type { chunkSchema } from './schemas/chunk-schema.js';
import type { companyLabelSchema } from './schemas/company-label-schema.js';
import type { conceptDocSchema, conceptSchema, conceptStockSchema } from './schemas/concept-schema.js';
import type { conversationMessageSchema } from './schemas/conversation-message-schema.js';
import type { conversationSchema } from './schemas/conversation-schema.js';
import type { docSummaryResultSchema, documentDetailSchema } from './schemas/document-detail-schema.js';
import type { documentSummarySchema } from './schemas/document-summary-schema.js';
import type { earningsCalendarSchema } from './schemas/earnings-calendar-schema.js';
import type { folderCreatedSchema, folderDeletedSchema } from './schemas/folder-schemas.js';
import type { incomeStatementRecordSchema } from './schemas/income-statement-schema.js';
import type { indexPriceItemSchema } from './schemas/index-prices-schema.js';
import type { revenueBreakdownSchema, revenuePeriodSchema, revenueSegmentSchema } from './schemas/revenue-breakdown-schema.js';
import type { searchDocumentSchema, v2SearchResultSchema } from './schemas/search-document-schema.js';
import type { balanceSheetRecordSchema, cashFlowRecordSchema, statementSectionSchema } from './schemas/statement-schemas.js';
import type { stockPriceItemSchema } from './schemas/stock-price-schema.js';
import type { metadataMapSchema, tagMapSchema } from './schemas/tag-map-schema.js';

/**
 * What the service answers, as the app sees it: each type is inferred from the response schema
 * in `schemas/` that folds the interface's variants into one shape, so nothing above
 * `src/service/` ever sees a variant. `types.ts` re-exports them next to the requests.
 */

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
export type ConversationMessage = z.output<typeof conversationMessageSchema>;
export type CancelResult = z.output<typeof cancelResultSchema>;
