/** Endpoints 1–4 and 11: chunk search, v1 document search, v2 search, v2 news, documents by tag. */
import { publishedDocBase } from '../published-forms.js';
import { companyLabels, formatListDoc, formatPage, hasLatestSearch } from '../variants.js';
import { dateEndMs, dateStartMs, filterDocs, highlighter, rankDocs, type DocFilter, type SearchMode } from '../doc-query.js';
import { FieldReader, isValidSymbol } from '../validation.js';
import { ok, route, type Route, type RouteContext } from '../routing.js';
import type { Variant } from '../variants.js';

const BASE_CATEGORIES = ['filings', 'transcripts', 'reports', 'news', 'files'] as const;
const ALL_CATEGORIES = ['financials', 'transcripts', 'reports', 'filings', 'news', 'socials', 'files'] as const;
const MARKETS = ['cn', 'hk', 'us'] as const;
// No upper bound on page_size or on chunk search's num: neither the interface ("not shown") nor
// the published schema states one, so the emulator invents none.
const LOOSE_SYMBOL = /^[A-Za-z0-9.-]{1,10}$/;

export function categoriesFor(variant: Variant): readonly string[] {
  return hasLatestSearch(variant) ? ALL_CATEGORIES : BASE_CATEGORIES;
}

function defaultCategories(variant: Variant): string[] {
  return categoriesFor(variant).filter((c) => c !== 'files');
}

/**
 * Paging in every variant: `page` present (and no page_size) means the legacy naming, where
 * page_num is the page size; otherwise page_num is the page number and page_size the size. In
 * the legacy variant a lone page_num is read the legacy way too.
 */
export function readPaging(r: FieldReader, variant: Variant): { pageNum: number; pageSize: number } {
  const legacyNaming = !r.has('page_size') && (r.has('page') || variant === 'legacy');
  if (legacyNaming) {
    return {
      pageNum: r.integer('page', { min: 1 }) ?? 1,
      pageSize: r.integer('page_num', { min: 1 }) ?? 10,
    };
  }
  return {
    pageNum: r.integer('page_num', { min: 1 }) ?? r.integer('page', { min: 1 }) ?? 1,
    pageSize: r.integer('page_size', { min: 1 }) ?? 10,
  };
}

function readDates(r: FieldReader, startName: string, endName: string, datetime = false): { startMs?: number; endMs?: number } {
  const start = datetime ? r.datetime(startName) : r.date(startName);
  const end = datetime ? r.datetime(endName) : r.date(endName);
  r.range(startName, start, endName, end);
  return {
    ...(start ? { startMs: dateStartMs(start) } : {}),
    ...(end ? { endMs: dateEndMs(end) } : {}),
  };
}

function readTags(r: FieldReader): Record<string, unknown> | string[] | undefined {
  const raw = r.raw('tags');
  if (raw === undefined || raw === null) return undefined;
  if (Array.isArray(raw)) return r.stringArray('tags');
  if (typeof raw === 'object') {
    for (const [type, values] of Object.entries(raw as Record<string, unknown>)) {
      if (!Array.isArray(values) || values.some((v) => typeof v !== 'string'))
        r.issue(['tags', type], 'Input should be a valid list of strings', 'list_type', values);
    }
    return raw as Record<string, unknown>;
  }
  r.issue(['tags'], 'Input should be a valid dictionary or list', 'model_type', raw);
  return undefined;
}

function page<T>(items: T[], pageNum: number, pageSize: number): T[] {
  return items.slice((pageNum - 1) * pageSize, pageNum * pageSize);
}

function v1Search(ctx: RouteContext): ReturnType<typeof ok> {
  const { state } = ctx;
  const variant = state.variant;
  const r = FieldReader.forBody(ctx.body, { required: true });
  const query = r.string('query', { required: !hasLatestSearch(variant) }) ?? '';
  r.string('language', { enum: ['all', 'chinese', 'english'] });
  const mode = (r.string('mode', { enum: ['smart', 'semantic', 'keywords'] }) ?? 'smart') as SearchMode;
  const sort = (r.string('sort', { enum: ['smart', 'latest'] }) ?? 'smart') as 'smart' | 'latest';
  const categories = r.stringArray('categories', { enum: categoriesFor(variant) });
  const markets = r.stringArray('markets', { enum: variant === 'latest' ? [...MARKETS, 'sz', 'sh'] : MARKETS });
  const institutions = r.stringArray('institutions');
  const symbols = r.stringArray('symbols', {
    check: (s) =>
      isValidSymbol(s) || (variant !== 'latest' && LOOSE_SYMBOL.test(s))
        ? undefined
        : 'Value error, symbol must have the shape <MARKET>:<code>',
  });
  const tags = readTags(r);
  const dates = readDates(r, 'start_date', 'end_date');
  const paging = readPaging(r, variant);
  const latest = hasLatestSearch(variant);
  const folderIds = latest ? r.stringArray('folder_ids') : undefined;
  const minScore = latest ? r.number('min_score') : undefined;
  const highlight = latest ? (r.boolean('should_highlight') ?? false) : false;
  if (r.has('extended_filters') && !Array.isArray(r.raw('extended_filters')))
    r.issue(['extended_filters'], 'Input should be a valid list', 'list_type', r.raw('extended_filters'));
  r.done();

  const filter: DocFilter = {
    defaultCategories: defaultCategories(variant),
    ...(categories ? { categories } : {}),
    ...(markets ? { markets } : {}),
    ...(institutions ? { institutions } : {}),
    ...(symbols ? { symbols } : {}),
    ...(tags ? { tags } : {}),
    ...(folderIds ? { folderIds } : {}),
    ...dates,
  };
  let ranked = rankDocs(state.dataset, query, mode, filterDocs(state.dataset, filter), sort);
  if (minScore !== undefined && query.trim() !== '') ranked = ranked.filter((d) => d.score >= minScore);
  const mark = highlight && query ? highlighter(query) : undefined;
  const docs = page(ranked, paging.pageNum, paging.pageSize).map((d) => formatListDoc(d.doc, variant, state.dataset.companies, mark));
  return ok(formatPage(variant, { total: ranked.length, ...paging }, docs));
}

function v2Search(ctx: RouteContext, news: boolean): ReturnType<typeof ok> {
  const started = performance.now();
  const { state } = ctx;
  const r = FieldReader.forBody(ctx.body, { required: true });
  const query = r.string('query', { required: true, minLength: 1 }) ?? '';
  const num = r.integer('num', { min: 1, max: 100 }) ?? 10;
  const symbols = r.stringArray('symbols', {
    check: (s) => (isValidSymbol(s) ? undefined : 'Value error, symbol must have the shape <MARKET>:<code>'),
  });
  const industries = news ? undefined : r.stringArray('industries');
  const channelIds = r.stringArray('channel_ids');
  const dates = readDates(r, 'start_datetime', 'end_datetime', true);
  r.done();
  const filter: DocFilter = {
    defaultCategories: news ? ['news'] : ALL_CATEGORIES.filter((c) => c !== 'files'),
    ...(symbols ? { symbols } : {}),
    ...(industries ? { industries } : {}),
    ...(channelIds ? { channelIds } : {}),
    ...dates,
  };
  const ranked = rankDocs(state.dataset, query, 'smart', filterDocs(state.dataset, filter));
  const docs = ranked.slice(0, num).map(({ doc, score }) => ({
    doc_id: doc.id,
    title: doc.title,
    url: doc.url,
    summary: doc.summary,
    category: doc.category,
    published_at: doc.publishedAtMs,
    companies: companyLabels(doc, state.dataset.companies),
    metadata: { report_type: doc.report_type, report_status: 1, report_scope: doc.report_scope, report_language: doc.language },
    score,
  }));
  return ok({ docs, total_count: ranked.length, took_ms: Math.max(1, Math.round(performance.now() - started)) });
}

function chunkSearch(ctx: RouteContext): ReturnType<typeof ok> {
  const { state } = ctx;
  const variant = state.variant;
  const r = FieldReader.forBody(ctx.body, { required: true });
  const query = r.string('query', { required: true, minLength: 1 }) ?? '';
  const docIds = r.stringArray('doc_ids');
  // The 2026-04 schema's chunk search also takes folders and tags (uploaded files among them).
  const folderIds = r.stringArray('folder_ids');
  const tags = readTags(r);
  const categories = r.stringArray('categories', { enum: categoriesFor(variant) });
  const markets = r.stringArray('markets', { enum: MARKETS });
  const institutions = r.stringArray('institutions');
  const symbols = r.stringArray('symbols', {
    check: (s) => (isValidSymbol(s) || LOOSE_SYMBOL.test(s) ? undefined : 'Value error, symbol must have the shape <MARKET>:<code>'),
  });
  const dates = readDates(r, 'start_date', 'end_date');
  const num = r.integer('num', { min: 1 }) ?? 10;
  // The field table and the request schema spell the flag differently; both are honoured.
  const extra = r.boolean('include_doc_extra_detail') ?? r.boolean('include_doc_extra_details') ?? false;
  r.done();
  const allowedDocs = filterDocs(state.dataset, {
    defaultCategories: defaultCategories(variant),
    ...(categories ? { categories } : {}),
    ...(markets ? { markets } : {}),
    ...(institutions ? { institutions } : {}),
    ...(symbols ? { symbols } : {}),
    ...(docIds ? { docIds } : {}),
    ...(folderIds ? { folderIds } : {}),
    ...(tags ? { tags } : {}),
    ...dates,
  });
  const allowedChunks = new Set<string>();
  for (const id of allowedDocs) for (const c of state.dataset.docsById.get(id)?.chunks ?? []) allowedChunks.add(c.id);
  const hits = state.dataset.chunkIndex.bm25(query, allowedChunks).slice(0, num);
  const chunks = hits.flatMap((h) => {
    const doc = state.dataset.chunkOwner.get(h.key);
    const chunk = doc?.chunks.find((c) => c.id === h.key);
    if (!doc || !chunk) return [];
    if (variant === 'published') {
      // OAIChunkWithDoc: no score; the doc is OAIDoc or OAIDocBase.
      const docForm = extra ? formatListDoc(doc, variant, state.dataset.companies) : publishedDocBase(doc);
      return [{ id: chunk.id, type: chunk.type, media_url: chunk.media_url, content: chunk.content, summary: chunk.summary, doc: docForm }];
    }
    return [
      {
        id: chunk.id,
        type: chunk.type,
        media_url: chunk.media_url,
        content: chunk.content,
        summary: chunk.summary,
        score: Math.round(h.score * 10_000) / 10_000,
        doc: extra ? formatListDoc(doc, variant, state.dataset.companies) : { id: doc.id, title: doc.title, url: doc.url },
      },
    ];
  });
  return ok({ chunks });
}

/**
 * Documents by tag. `tags` is the published schema's object (tag type → values) or the
 * interface's list; both are accepted in every variant. A document matches when it carries any of
 * the values asked for (under the type asked for, with the object form).
 */
function docsByTags(ctx: RouteContext): ReturnType<typeof ok> {
  const { state } = ctx;
  const variant = state.variant;
  const r = FieldReader.forBody(ctx.body, { required: true });
  if (!r.has('tags')) r.issue(['tags'], 'Field required', 'missing', null);
  const tags = readTags(r);
  r.string('language', { enum: ['all', 'chinese', 'english'] });
  const categories = r.stringArray('categories', { enum: categoriesFor(variant) });
  const markets = r.stringArray('markets', { enum: MARKETS });
  const dates = readDates(r, 'start_date', 'end_date');
  const paging = readPaging(r, variant);
  r.done();
  const allowed = filterDocs(state.dataset, {
    defaultCategories: defaultCategories(variant),
    tags: tags ?? [],
    anyTag: true,
    ...(categories ? { categories } : {}),
    ...(markets ? { markets } : {}),
    ...dates,
  });
  const ranked = rankDocs(state.dataset, '', 'smart', allowed);
  const docs = page(ranked, paging.pageNum, paging.pageSize).map((d) => formatListDoc(d.doc, variant, state.dataset.companies));
  return ok(formatPage(variant, { total: ranked.length, ...paging }, docs));
}

export function searchRoutes(): Route[] {
  return [
    route('POST', '/v1/search', v1Search),
    route('POST', '/v1/search/chunks', chunkSearch),
    route('POST', '/v1/search/rag', chunkSearch),
    route('POST', '/v2/search', (ctx) => v2Search(ctx, false)),
    route('POST', '/v2/search/news', (ctx) => v2Search(ctx, true)),
    route('POST', '/v1/docs/tags', docsByTags),
  ];
}
