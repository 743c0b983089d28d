/**
 * The documents an emulated run cites: only documents about what was asked. For companies, each
 * company's own documents (a theme piece only when the question names its theme), those matching
 * the question and the metrics asked first, topped up with the newest; for a topic, its theme
 * pieces and its companies' documents that match the question; for an industry, its companies'
 * documents. Nothing for an index alone, a company the data does not cover or a question not
 * understood: none rather than unrelated ones. Documents the caller pinned always come first.
 */
import { DEMO_CONCEPTS } from './data/concepts.js';
import type { Dataset } from './data/dataset.js';
import type { DemoDocument } from './data/documents.js';
import { filterDocs, rankDocs } from './doc-query.js';
import { INDUSTRY_PREFIX } from './industry-terms.js';
import type { QuestionFocus } from './question-focus.js';
import type { Metric } from './question-intent.js';

export interface PickedSources {
  docs: DemoDocument[];
  news: DemoDocument[];
  /** How many documents matched the search. */
  total: number;
}

const SEARCHABLE = ['financials', 'transcripts', 'reports', 'filings', 'news', 'socials'] as const;
const DOCS = 6;
const NEWS = 4;

/** Words the documents use for each metric, so a margins question finds the statements and calls on margins. */
const METRIC_WORDS: Record<Metric, string> = {
  cash: 'cash 现金',
  cash_flow: 'cash flow 现金流',
  balance: 'balance sheet debt 负债',
  revenue: 'revenue growth 营收 收入',
  mix: 'revenue segment 业务 收入',
  margins: 'margin margins gross profit 毛利率 利润率',
  earnings: 'profit earnings 净利润',
  price: 'shares price 股价',
  valuation: 'valuation 估值',
  risks: 'risk risks 风险',
};

/** A theme piece names its concept in its title (document-text.ts). */
function themeOf(doc: DemoDocument): string | undefined {
  if (doc.report_scope !== 2) return undefined;
  return DEMO_CONCEPTS.find((c) => doc.title.includes(c.name) || doc.title.includes(c.nameEn))?.code;
}

function isAbout(doc: DemoDocument, focus: QuestionFocus, companies: readonly string[]): boolean {
  const theme = themeOf(doc);
  if (theme) return focus.topics.includes(theme);
  return doc.symbols.length > 0 && companies.includes(doc.symbols[0] ?? '') && doc.symbols.every((s) => companies.includes(s));
}

/** The best `count` documents of `categories` about one company (or the whole focus), matches first. */
function best(
  dataset: Dataset,
  query: string,
  categories: readonly string[],
  accept: (d: DemoDocument) => boolean,
  count: number,
  lang: 'zh' | 'en',
) {
  const allowed = filterDocs(dataset, { defaultCategories: categories });
  for (const id of allowed) {
    const doc = dataset.docsById.get(id);
    if (!doc || !accept(doc)) allowed.delete(id);
  }
  const ranked = rankDocs(dataset, query, 'smart', allowed).map((r) => r.doc);
  const newest = rankDocs(dataset, '', 'smart', allowed).map((r) => r.doc);
  // Documents in the question's language first, so a Chinese answer cites Chinese titles where it can.
  const order = [...new Set([...ranked, ...newest])];
  const picked = [...order.filter((d) => d.language === lang), ...order.filter((d) => d.language !== lang)].slice(0, count);
  return { picked, total: ranked.length };
}

export function pickSources(
  dataset: Dataset,
  question: string,
  focus: QuestionFocus,
  pinnedIds: readonly string[],
  lang: 'zh' | 'en',
): PickedSources {
  const pinned = pinnedIds.flatMap((id) => (dataset.deletedDocIds.has(id) ? [] : (dataset.docsById.get(id) ?? [])));
  const companies = focus.companies;
  const concepts = focus.topics.filter((t) => !t.startsWith(INDUSTRY_PREFIX));
  if (companies.length === 0 && concepts.length === 0) return { docs: pinned, news: [], total: 0 };
  const query = `${question} ${focus.metrics.map((m) => METRIC_WORDS[m]).join(' ')}`.trim();
  // The topic's own pieces first, then one group per company, so every company of a comparison is cited.
  const groups: Array<(d: DemoDocument) => boolean> = [
    ...(concepts.length > 0 ? [(d: DemoDocument) => themeOf(d) !== undefined && isAbout(d, focus, companies)] : []),
    ...companies.map((symbol) => (d: DemoDocument) => isAbout(d, focus, [symbol]) && themeOf(d) === undefined),
  ];
  const share = (full: number): number => Math.max(2, Math.ceil(full / groups.length));
  let total = 0;
  const docs: DemoDocument[] = [];
  const news: DemoDocument[] = [];
  for (const accept of groups) {
    const found = best(dataset, query, SEARCHABLE, accept, share(DOCS), lang);
    total += found.total;
    docs.push(...found.picked);
    news.push(...best(dataset, query, ['news'], accept, share(NEWS), lang).picked);
  }
  const pinnedSet = new Set(pinnedIds);
  return {
    docs: [...pinned, ...docs.filter((d) => !pinnedSet.has(d.id))].slice(0, Math.max(DOCS, pinned.length)),
    news: news.slice(0, NEWS),
    total,
  };
}
