import type {
  CallOptions,
  Chunk,
  ChunkSearchRequest,
  DocumentSummary,
  NewsSearchRequest,
  Page,
  V1SearchRequest,
  V2SearchRequest,
  V2SearchResult,
} from './types.js';
import type { Requester } from './request.js';
import type { PagingNamingState } from './paging-naming.js';
import { fetchDocumentPage } from './paged-list.js';
import { v2SearchResultSchema } from './schemas/search-document-schema.js';
import { chunkListSchema } from './schemas/chunk-schema.js';
import { shapeParser } from './schemas/parse-shape.js';
import { isServiceError } from './errors/service-error.js';
import { reportSkipped } from './report-skipped.js';
import { wireBody } from './wire-body.js';

export const CHUNK_SEARCH_PATH = '/v1/search/chunks';
/** The path the interface's sample requests use for chunk search. */
export const CHUNK_SEARCH_ALIAS_PATH = '/v1/search/rag';

const parseV2SearchResult = shapeParser(v2SearchResultSchema);
const parseChunkList = shapeParser(chunkListSchema);

export interface SearchApi {
  searchDocuments(req: V1SearchRequest, opts?: CallOptions): Promise<Page<DocumentSummary>>;
  searchV2(req: V2SearchRequest, opts?: CallOptions): Promise<V2SearchResult>;
  searchNews(req: NewsSearchRequest, opts?: CallOptions): Promise<V2SearchResult>;
  searchChunks(req: ChunkSearchRequest, opts?: CallOptions): Promise<Chunk[]>;
}

/** Search is a read even when POSTed, so every call here is idempotent (retried when safe). */
export function createSearchApi(req: Requester, naming: PagingNamingState): SearchApi {
  let chunkPath = CHUNK_SEARCH_PATH;

  const postChunks = async (path: string, r: ChunkSearchRequest, opts?: CallOptions): Promise<Chunk[]> => {
    const { items, skipped } = await req.call({
      method: 'POST',
      path,
      body: chunkSearchBody(r),
      idempotent: true,
      parse: parseChunkList,
      opts,
    });
    reportSkipped(req, { method: 'POST', path, opts }, skipped);
    return items;
  };

  const postV2 = async (path: string, body: Record<string, unknown>, opts?: CallOptions): Promise<V2SearchResult> => {
    const { skipped, ...result } = await req.call({ method: 'POST', path, body, idempotent: true, parse: parseV2SearchResult, opts });
    reportSkipped(req, { method: 'POST', path, opts }, skipped);
    return result;
  };

  return {
    searchDocuments: (r, opts) =>
      fetchDocumentPage(req, naming, {
        path: '/v1/search',
        body: v1SearchBody(r),
        pageNum: r.pageNum,
        pageSize: r.pageSize,
        opts,
      }),

    searchV2: (r, opts) => postV2('/v2/search', v2SearchBody(r), opts),

    searchNews: (r, opts) => postV2('/v2/search/news', v2SearchBody(r), opts),

    async searchChunks(r, opts) {
      try {
        return await postChunks(chunkPath, r, opts);
      } catch (error) {
        // A deployment that only knows the sample path answers 404 on the documented one.
        if (!isServiceError(error) || error.kind !== 'not_found' || chunkPath === CHUNK_SEARCH_ALIAS_PATH) throw error;
        const chunks = await postChunks(CHUNK_SEARCH_ALIAS_PATH, r, opts);
        chunkPath = CHUNK_SEARCH_ALIAS_PATH;
        return chunks;
      }
    },
  };
}

export function v1SearchBody(r: V1SearchRequest): Record<string, unknown> {
  return wireBody({
    query: r.query,
    mode: r.mode,
    sort: r.sort,
    folder_ids: r.folderIds,
    categories: r.categories,
    markets: r.markets,
    institutions: r.institutions,
    symbols: r.symbols,
    tags: r.tags,
    start_date: r.startDate,
    end_date: r.endDate,
    min_score: r.minScore,
    should_highlight: r.shouldHighlight,
    language: r.language,
  });
}

export function v2SearchBody(r: V2SearchRequest | NewsSearchRequest): Record<string, unknown> {
  return wireBody({
    query: r.query,
    num: r.num,
    symbols: r.symbols,
    industries: 'industries' in r ? r.industries : undefined,
    channel_ids: r.channelIds,
    start_datetime: r.startDatetime,
    end_datetime: r.endDatetime,
  });
}

/** The field table spells the flag include_doc_extra_detail, the schema …_details: both are sent. */
export function chunkSearchBody(r: ChunkSearchRequest): Record<string, unknown> {
  return wireBody({
    query: r.query,
    folder_ids: r.folderIds,
    doc_ids: r.docIds,
    categories: r.categories,
    markets: r.markets,
    institutions: r.institutions,
    symbols: r.symbols,
    start_date: r.startDate,
    end_date: r.endDate,
    num: r.num,
    include_doc_extra_detail: r.includeDocExtraDetail,
    include_doc_extra_details: r.includeDocExtraDetail,
  });
}
