/** One normalised shape for the document list forms (v1/tag DocumentSummary, v2 SearchDocument, detail). */
import type { DocumentDetail, DocumentSummary, SearchDocument } from '../../../service/types.js';
import { escapeMrkdwn, mrkdwnLink, safeUrl } from '../../blocks/escape.js';
import { displayDate, excerpt, humanizeKey, isNum } from '../../blocks/format.js';
import { matchWord } from '../../blocks/match-word.js';

export interface DocItem {
  id: string;
  title: string;
  url?: string;
  institution?: string;
  date?: string;
  category?: string;
  companies: string[];
  symbols: string[];
  score?: number;
  summary?: string;
}

const uniq = (xs: Array<string | undefined>): string[] => [...new Set(xs.filter((x): x is string => Boolean(x?.trim())))];

/**
 * A document's date is the day in its market's own zone (`publishedDate`, from the client); the
 * `timeZone` given only dates a document whose market is unknown.
 */
export function docItem(doc: DocumentSummary | SearchDocument | DocumentDetail, timeZone = 'UTC'): DocItem {
  if ('docId' in doc) {
    const companies = doc.companies ?? [];
    const item: DocItem = {
      id: doc.docId,
      title: doc.title,
      companies: uniq([...companies.map((c) => c.name), 'companyName' in doc ? doc.companyName : undefined]),
      symbols: uniq([...companies.flatMap((c) => (c.stocks ?? []).map((s) => s.symbol)), 'symbol' in doc ? doc.symbol : undefined]),
    };
    if (doc.url) item.url = doc.url;
    if ('institution' in doc && doc.institution) item.institution = doc.institution;
    const date = doc.publishedDate ?? displayDate(doc.publishedAtMs, timeZone);
    if (date) item.date = date;
    if (doc.category) item.category = doc.category;
    if ('score' in doc && isNum(doc.score)) item.score = doc.score;
    if (doc.summary) item.summary = doc.summary;
    return item;
  }
  const companies = doc.companies ?? [];
  const item: DocItem = {
    id: doc.id,
    title: doc.title,
    companies: uniq([doc.companyName, ...companies.map((c) => c.name)]),
    symbols: uniq([doc.symbol, ...companies.flatMap((c) => c.stocks.map((s) => s.symbol))]),
  };
  const url = doc.url ?? doc.fileUrl;
  if (url) item.url = url;
  if (doc.institution) item.institution = doc.institution;
  const date = doc.publishedDate ?? displayDate(doc.publishedAt, timeZone);
  if (date) item.date = date;
  if (doc.category) item.category = doc.category;
  if (doc.summary) item.summary = doc.summary;
  return item;
}

/** `*<url|Title>*` (or the escaped title when there is no usable link). */
export function docTitleLink(item: Pick<DocItem, 'title' | 'url'>): string {
  const title = excerpt(item.title || 'Untitled document', 200);
  return safeUrl(item.url) ? mrkdwnLink(item.url, title) : escapeMrkdwn(title);
}

/**
 * "Goldman Sachs · 2024-06-30 · Reports · Apple (US:AAPL) · strong match" — escaped. The match
 * word only when the best score of the search is given (a list, not a single document).
 */
export function docMetaLine(item: DocItem, bestScore?: number): string {
  const companies = item.companies.slice(0, 3).join(', ');
  const symbols = item.symbols.slice(0, 4).join(', ');
  const who = companies && symbols ? `${companies} (${symbols})` : companies || symbols;
  return [
    item.institution,
    item.date,
    item.category ? humanizeKey(item.category) : undefined,
    who ? excerpt(who, 160) : undefined,
    matchWord(item.score, bestScore),
  ]
    .filter(Boolean)
    .map((p) => escapeMrkdwn(p))
    .join(' · ');
}
