/**
 * What an emulated agent run "found" for a question: the companies, indices and topics it names
 * (or, for a follow-up, those of the conversation's earlier questions), their figures from the
 * demo data, and their demo documents. Deterministic: the same dataset and inputs (question,
 * pinned doc ids, earlier questions — plain data a restarted emulator still has) give the same
 * findings.
 */
import { type CompanyFigures, companyFigures } from './company-figures.js';
import type { DemoCompany } from './data/companies.js';
import { DEMO_CONCEPTS } from './data/concepts.js';
import type { Dataset } from './data/dataset.js';
import type { DemoDocument } from './data/documents.js';
import { INDEX_NAMES } from './data/index-names.js';
import { DEMO_INDICES } from './data/indices.js';
import { UNCOVERED_COMPANIES } from './data/uncovered-companies.js';
import { filterDocs, rankDocs } from './doc-query.js';
import { buildEntityCatalog, type EntityCatalog, plainQuestion, recognizeEntities } from './question-entities.js';
import { type QuestionFocus, type QuestionReading, resolveFocus } from './question-focus.js';
import { readQuestionIntent } from './question-intent.js';

export interface FoundDoc {
  doc_id: string;
  title: string;
  url: string;
  published_at: string;
  snippet: string;
}

export interface FoundCompany extends CompanyFigures {
  symbol: string;
  name: string;
  currency: string;
}

export interface FoundTopic {
  code: string;
  name: string;
  desc: string;
  /** Names of the concept's companies, most relevant first. */
  companies: string[];
}

export interface FoundIndex {
  symbol: string;
  name: string;
  close: number;
  date: string;
  /** Percent change over the year of history. */
  changePct: number;
}

export interface ResearchFindings {
  lang: 'zh' | 'en';
  focus: QuestionFocus;
  /** The newest trading day of the demo data: prices are read up to it. */
  asOf: string;
  companies: FoundCompany[];
  topics: FoundTopic[];
  docs: FoundDoc[];
  news: FoundDoc[];
  totalCount: number;
  index: FoundIndex | undefined;
  /** Names of the demo companies, when the question names some the data does not cover. */
  coverage: string[];
}

const CJK = /[\u3400-\u9fff]/;
const SEARCHABLE = ['financials', 'transcripts', 'reports', 'filings', 'news', 'socials'] as const;
const catalogs = new WeakMap<Dataset, EntityCatalog>();

function catalogOf(dataset: Dataset): EntityCatalog {
  let catalog = catalogs.get(dataset);
  if (!catalog) {
    catalog = buildEntityCatalog({
      companies: dataset.companies,
      indices: DEMO_INDICES,
      indexNames: INDEX_NAMES,
      concepts: DEMO_CONCEPTS,
      uncovered: UNCOVERED_COMPANIES,
    });
    catalogs.set(dataset, catalog);
  }
  return catalog;
}

function readQuestion(question: string, catalog: EntityCatalog): QuestionReading {
  return { entities: recognizeEntities(question, catalog), intent: readQuestionIntent(plainQuestion(question)) };
}

function topicCompanies(dataset: Dataset, code: string): string[] {
  const concept = DEMO_CONCEPTS.find((c) => c.code === code);
  return (concept?.stocks ?? []).flatMap((s) => dataset.companies.filter((c) => c.code === s.code).map((c) => c.symbol));
}

const toFound = (d: DemoDocument): FoundDoc => ({
  doc_id: d.id,
  title: d.title,
  url: d.url,
  published_at: new Date(d.publishedAtMs).toISOString(),
  snippet: d.chunks.find((c) => c.type === 'text')?.content ?? '',
});

/** The best `count` documents of the categories for the query, topped up with the newest. */
function bestDocs(dataset: Dataset, query: string, categories: readonly string[], symbols: string[], count: number) {
  const allowed = filterDocs(dataset, { defaultCategories: categories, ...(symbols.length > 0 ? { symbols } : {}) });
  const ranked = rankDocs(dataset, query, 'smart', allowed).map((r) => r.doc);
  const newest = symbols.length > 0 ? rankDocs(dataset, '', 'smart', allowed).map((r) => r.doc) : [];
  const picked = [...new Set([...ranked, ...newest])].slice(0, count);
  return { picked, total: ranked.length };
}

/** Documents about the focus: each company's own, or a search over everything for a topic or a bare question. */
function documentsFor(dataset: Dataset, query: string, focus: QuestionFocus, pinnedIds: string[]) {
  const pinned = pinnedIds.flatMap((id) => {
    const d = dataset.docsById.get(id);
    return d ? [d] : [];
  });
  const searchAll = focus.companySource === 'search' || focus.companySource === 'topic' || focus.companies.length === 0;
  const groups = searchAll ? [[] as string[]] : focus.companies.map((s) => [s]);
  const perGroup = (full: number): number => Math.max(2, Math.ceil(full / Math.max(1, groups.length)));
  let total = 0;
  const docs: DemoDocument[] = [];
  const news: DemoDocument[] = [];
  for (const symbols of groups) {
    const found = bestDocs(dataset, query, SEARCHABLE, symbols, perGroup(6));
    total += found.total;
    docs.push(...found.picked);
    news.push(...bestDocs(dataset, query, ['news'], symbols, perGroup(4)).picked);
  }
  const pinnedSet = new Set(pinnedIds);
  return {
    docs: [...pinned, ...docs.filter((d) => !pinnedSet.has(d.id))].slice(0, Math.max(6, pinned.length)),
    news: news.slice(0, 4),
    total,
  };
}

/** A question naming nothing we know is about the companies of the best matching documents. */
function withSearchedCompanies(dataset: Dataset, query: string, focus: QuestionFocus): QuestionFocus {
  if (focus.companySource !== 'search') return focus;
  const found = bestDocs(dataset, query, SEARCHABLE, [], 3).picked;
  const companies = [...new Set(found.flatMap((d) => d.symbols))].slice(0, 3);
  if (companies.length === 0) return { ...focus, companySource: 'none' };
  return { ...focus, companies, comparison: focus.comparison || companies.length > 1 };
}

function indexFor(dataset: Dataset, focus: QuestionFocus, first: DemoCompany | undefined): FoundIndex | undefined {
  const symbol = focus.indices[0] ?? (first?.market === 'cn' ? '000300' : first?.market === 'hk' ? 'HSI' : 'SPX');
  const prices = dataset.indexPrices.get(symbol) ?? [];
  const last = prices[0];
  const oldest = prices[prices.length - 1];
  if (!last || !oldest) return undefined;
  const changePct = Math.round(((last.stock_price - oldest.stock_price) / oldest.stock_price) * 10_000) / 100;
  return { symbol, name: last.name, close: last.stock_price, date: last.date, changePct };
}

export function findResearch(
  dataset: Dataset,
  question: string,
  docIds: string[] = [],
  /** The conversation's earlier questions, oldest first (follow-ups take their companies). */
  earlierQuestions: readonly string[] = [],
): ResearchFindings {
  const lang = CJK.test(question) ? 'zh' : 'en';
  const catalog = catalogOf(dataset);
  const query = plainQuestion(question).trim();
  const focus = withSearchedCompanies(
    dataset,
    query,
    resolveFocus(
      readQuestion(question, catalog),
      earlierQuestions.map((q) => readQuestion(q, catalog)),
      (code) => topicCompanies(dataset, code),
    ),
  );
  const asOf = dataset.indexPrices.get('SPX')?.[0]?.date ?? '';
  const companies = focus.companies.flatMap((symbol): FoundCompany[] => {
    const c = dataset.companies.find((x) => x.symbol === symbol);
    if (!c) return [];
    return [{ symbol, name: lang === 'zh' ? c.nameZh : c.nameEn, currency: c.currency, ...companyFigures(dataset, c, focus.period, asOf) }];
  });
  const topics = focus.topics.flatMap((code): FoundTopic[] => {
    const t = DEMO_CONCEPTS.find((c) => c.code === code);
    if (!t) return [];
    const names = t.stocks.map((s) => {
      const c = dataset.companies.find((x) => x.code === s.code);
      return c ? (lang === 'zh' ? c.nameZh : c.nameEn) : s.name;
    });
    return [{ code, name: lang === 'zh' ? t.name : t.nameEn, desc: t.desc, companies: names }];
  });
  const documents =
    focus.companySource === 'none' && focus.topics.length === 0
      ? { docs: docIds.flatMap((id) => (dataset.docsById.get(id) ? [dataset.docsById.get(id) as DemoDocument] : [])), news: [], total: 0 }
      : documentsFor(dataset, query, focus, docIds);
  const first = dataset.companies.find((c) => c.symbol === companies[0]?.symbol);
  return {
    lang,
    focus,
    asOf,
    companies,
    topics,
    docs: documents.docs.map(toFound),
    news: documents.news.map(toFound),
    totalCount: documents.total,
    index: indexFor(dataset, focus, first),
    coverage: focus.uncovered.length > 0 ? dataset.companies.map((c) => (lang === 'zh' ? c.nameZh : c.nameEn)) : [],
  };
}
