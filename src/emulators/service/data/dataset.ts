/**
 * The emulator's data: built once per emulator instance (deterministic), with the little
 * mutable state the interface allows (folders created and deleted).
 */
import { DEMO_COMPANIES, type DemoCompany } from './companies.js';
import { STOCK_ONLY_COMPANIES } from './stock-only-companies.js';
import { DEMO_CONCEPTS } from './concepts.js';
import { datasetCalendar, type DatasetCalendar } from './dataset-calendar.js';
import { buildDocuments, seedFolders, type DemoDocument, type DemoFolder } from './documents.js';
import { buildCompanyFinancials, type CompanyFinancials } from './financials.js';
import { buildIndexHistory, DEMO_INDICES, type IndexPriceItem } from './indices.js';
import { buildCompanyRevenue, type CompanyRevenue } from './revenue.js';
import { buildCompanyIncome, type IncomeStatementRecord } from './income.js';
import { createStockPriceHistory, type StockPriceHistory } from './stock-prices.js';
import { SearchIndex } from '../search-index.js';
import { CANONICAL_LINKS, type DemoLinks } from '../demo-links.js';
import type { UploadRecord } from '../uploads/upload-record.js';

export interface ConceptRecord {
  concept_id: string;
  concept_code: string;
  concept_name: string;
  concept_desc: string;
  concept_keywords: string[];
  concept_score: number;
  trending_score: number;
  scored_at: number;
  published_at: number;
  first_detected: boolean;
  stocks: Array<{ market: string; code: string; name: string; description: string; relevance: number }>;
  docs: Array<{ doc_id: string; title: string; url: string; relevance: number }>;
}

export interface Dataset {
  /** Where the data sit in time (dates, fiscal quarters), from the anchor it was built for. */
  calendar: DatasetCalendar;
  companies: readonly DemoCompany[];
  /** Every company with stock data: the document companies, then those with stock data only. */
  stockCompanies: readonly DemoCompany[];
  documents: DemoDocument[];
  docsById: Map<string, DemoDocument>;
  /** Document-level index (title, summary, chunk text). */
  docIndex: SearchIndex;
  /** Chunk-level index; keys are chunk ids. */
  chunkIndex: SearchIndex;
  chunkOwner: Map<string, DemoDocument>;
  financials: Map<string, CompanyFinancials>;
  revenue: Map<string, CompanyRevenue>;
  /** Quarterly, cumulative and annual income statements, newest first. */
  income: Map<string, IncomeStatementRecord[]>;
  /** Daily share prices, built on demand up to the day asked for. */
  stockPrices: StockPriceHistory;
  indexPrices: Map<string, IndexPriceItem[]>;
  concepts: ConceptRecord[];
  folders: Map<string, DemoFolder>;
  /** Documents removed with their folder or by the delete route. */
  deletedDocIds: Set<string>;
  /** Where document and file links point (uploaded documents get theirs when added). */
  links: DemoLinks;
  /** Documents clients uploaded that still exist, by id (uploads/uploaded-docs.ts). */
  uploads: Map<string, UploadRecord>;
  /** Numbers uploaded documents (doc_up000000001, …). */
  uploadSeq: number;
}

export interface DatasetOptions {
  /**
   * The instant the data end at (ms epoch): the newest documents, concept scores and index
   * closes fall just before it. Default: the base end, 2025-06-30 (dataset-calendar.ts).
   */
  anchorMs?: number;
  /** Where document, file and media URLs point (the playground's own pages, or made-up hosts). */
  links?: DemoLinks;
}

export function buildDataset(options: DatasetOptions = {}): Dataset {
  const calendar = datasetCalendar(options.anchorMs);
  const companies = DEMO_COMPANIES;
  const stockCompanies = [...DEMO_COMPANIES, ...STOCK_ONLY_COMPANIES];
  const links = options.links ?? CANONICAL_LINKS;
  const documents = buildDocuments(companies, calendar, links);
  const docsById = new Map(documents.map((d) => [d.id, d]));
  const docIndex = new SearchIndex(
    documents.map((d) => ({
      key: d.id,
      fields: [
        { text: d.title, weight: 3 },
        { text: d.summary, weight: 1 },
        { text: d.chunks.map((c) => `${c.content} ${c.summary}`).join('\n'), weight: 1 },
        { text: `${d.company_name} ${d.symbols.join(' ')} ${d.institution} ${d.author}`, weight: 1 },
      ],
    })),
  );
  const chunkOwner = new Map<string, DemoDocument>();
  for (const d of documents) for (const c of d.chunks) chunkOwner.set(c.id, d);
  const chunkIndex = new SearchIndex(
    documents.flatMap((d) =>
      d.chunks.map((c) => ({
        key: c.id,
        fields: [
          { text: `${c.content} ${c.summary}`, weight: 2 },
          { text: d.title, weight: 1 },
        ],
      })),
    ),
  );
  const financials = new Map(stockCompanies.map((c) => [c.symbol, buildCompanyFinancials(c, calendar)]));
  const revenue = new Map(stockCompanies.map((c) => [c.symbol, buildCompanyRevenue(c, calendar)]));
  const income = new Map(
    stockCompanies.map((c) => {
      const accounts = financials.get(c.symbol) ?? { balanceSheets: [], cashFlows: [] };
      const mix = revenue.get(c.symbol) ?? { currency: c.currency, list: [] };
      return [c.symbol, buildCompanyIncome(c, calendar, accounts, mix)];
    }),
  );
  const indexPrices = new Map(DEMO_INDICES.map((i) => [i.symbol, buildIndexHistory(i, calendar)]));

  const concepts: ConceptRecord[] = DEMO_CONCEPTS.map((def, i) => {
    const hits = docIndex.bm25(`${def.name} ${def.keywords.join(' ')}`).slice(0, 5);
    const top = hits[0]?.score ?? 1;
    const scoredAt = calendar.endMs - i * 3_600_000;
    return {
      concept_id: `cpt_${String(i + 1).padStart(4, '0')}`,
      concept_code: def.code,
      concept_name: def.name,
      concept_desc: def.desc,
      concept_keywords: [...def.keywords],
      concept_score: def.conceptScore,
      trending_score: def.trendingScore,
      scored_at: scoredAt,
      published_at: scoredAt - 86_400_000 * (def.firstDetected ? 1 : 30),
      first_detected: def.firstDetected,
      stocks: def.stocks.map((s) => ({ ...s })),
      docs: hits.flatMap((h) => {
        const d = docsById.get(h.key);
        return d ? [{ doc_id: d.id, title: d.title, url: d.url, relevance: Math.round((h.score / top) * 100) / 100 }] : [];
      }),
    };
  }).sort((a, b) => b.trending_score - a.trending_score);

  return {
    calendar,
    companies,
    stockCompanies,
    documents,
    docsById,
    docIndex,
    chunkIndex,
    chunkOwner,
    financials,
    revenue,
    income,
    stockPrices: createStockPriceHistory(income, financials, calendar),
    indexPrices,
    concepts,
    folders: new Map(seedFolders(calendar).map((f) => [f.id, f])),
    deletedDocIds: new Set(),
    links,
    uploads: new Map(),
    uploadSeq: 0,
  };
}
