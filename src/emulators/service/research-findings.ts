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
import { type IncomeSeries, incomeSeries } from './income-series.js';
import { INDUSTRY_PREFIX, INDUSTRY_TERMS } from './industry-terms.js';
import { buildEntityCatalog, type EntityCatalog, plainQuestion, recognizeEntities } from './question-entities.js';
import { type QuestionFocus, type QuestionReading, resolveFocus } from './question-focus.js';
import { readQuestionIntent } from './question-intent.js';
import { type PinnedPassage, pinnedPassages } from './pinned-documents.js';
import { pickSources } from './research-sources.js';

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
  /** Income statements around the period asked, for margins, growth and risks. */
  income: IncomeSeries;
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
  /**
   * The documents the chat was given, each with the passage quoted (pinned-documents.ts).
   * Absent in runs kept by an emulator from before it read them.
   */
  pinned?: PinnedPassage[];
}

const CJK = /[\u3400-\u9fff]/;
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
      industryTerms: INDUSTRY_TERMS,
    });
    catalogs.set(dataset, catalog);
  }
  return catalog;
}

function readQuestion(question: string, catalog: EntityCatalog): QuestionReading {
  return { entities: recognizeEntities(question, catalog), intent: readQuestionIntent(plainQuestion(question)) };
}

function topicCompanies(dataset: Dataset, code: string): string[] {
  if (code.startsWith(INDUSTRY_PREFIX)) {
    const industry = code.slice(INDUSTRY_PREFIX.length);
    return dataset.companies.filter((c) => c.industryEn === industry).map((c) => c.symbol);
  }
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

/** The index's name in the report's language (the price data names it one way only). */
function indexName(symbol: string, fallback: string, lang: 'zh' | 'en'): string {
  return INDEX_NAMES[symbol]?.find((n) => CJK.test(n) === (lang === 'zh')) ?? fallback;
}

function indexFor(dataset: Dataset, focus: QuestionFocus, first: DemoCompany | undefined, lang: 'zh' | 'en'): FoundIndex | undefined {
  const symbol = focus.indices[0] ?? (first?.market === 'cn' ? '000300' : first?.market === 'hk' ? 'HSI' : 'SPX');
  const prices = dataset.indexPrices.get(symbol) ?? [];
  const last = prices[0];
  const oldest = prices[prices.length - 1];
  if (!last || !oldest) return undefined;
  const changePct = Math.round(((last.stock_price - oldest.stock_price) / oldest.stock_price) * 10_000) / 100;
  return { symbol, name: indexName(symbol, last.name, lang), close: last.stock_price, date: last.date, changePct };
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
  const focus = resolveFocus(
    readQuestion(question, catalog),
    earlierQuestions.map((q) => readQuestion(q, catalog)),
    (code) => topicCompanies(dataset, code),
  );
  const asOf = dataset.indexPrices.get('SPX')?.[0]?.date ?? '';
  const companies = focus.companies.flatMap((symbol): FoundCompany[] => {
    const c = dataset.companies.find((x) => x.symbol === symbol);
    if (!c) return [];
    const figures = companyFigures(dataset, c, focus.period, asOf);
    const kind = focus.period.kind === 'latest' ? 'quarterly' : 'annual';
    const income = incomeSeries(dataset.income.get(symbol) ?? [], kind, figures.latest?.end_date ?? '');
    return [{ symbol, name: lang === 'zh' ? c.nameZh : c.nameEn, currency: c.currency, ...figures, income }];
  });
  // Industries name their companies; only concepts get a topic section.
  const topics = focus.topics.flatMap((code): FoundTopic[] => {
    const t = DEMO_CONCEPTS.find((c) => c.code === code);
    if (!t) return [];
    const names = t.stocks.map((s) => {
      const c = dataset.companies.find((x) => x.code === s.code);
      return c ? (lang === 'zh' ? c.nameZh : c.nameEn) : s.name;
    });
    return [{ code, name: lang === 'zh' ? t.name : t.nameEn, desc: t.desc, companies: names }];
  });
  const pinned = pinnedPassages(dataset, query, docIds);
  const passages = new Map(pinned.map((p) => [p.doc_id, p.passage]));
  const found = (d: DemoDocument): FoundDoc => ({ ...toFound(d), snippet: passages.get(d.id) || toFound(d).snippet });
  const documents = pickSources(dataset, query, focus, docIds, lang);
  const first = dataset.companies.find((c) => c.symbol === companies[0]?.symbol);
  return {
    lang,
    focus,
    asOf,
    companies,
    topics,
    docs: documents.docs.map(found),
    news: documents.news.map(found),
    totalCount: documents.total,
    index: focus.understood ? indexFor(dataset, focus, first, lang) : undefined,
    coverage: focus.uncovered.length > 0 || !focus.understood ? dataset.companies.map((c) => (lang === 'zh' ? c.nameZh : c.nameEn)) : [],
    pinned,
  };
}
