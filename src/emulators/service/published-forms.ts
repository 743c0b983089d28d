/**
 * Response shapes of the `published` variant, field for field as the service's OpenAPI schema
 * names them (components OAIDoc, OAIDocBase, OAIChunk, OAIChunkWithDoc, OAIDocContentsResponse in
 * /work/shared/spec/published-openapi-2025-12.yaml; unchanged in the 2026-04 one). FastAPI sends
 * only a response model's fields, so nothing else is added: no `id`, no ISO dates, no `summary`
 * in list documents.
 */
import type { DemoCompany } from './data/companies.js';
import type { DemoChunk } from './data/document-chunks.js';
import type { DemoDocument } from './data/documents.js';

/** CompanyLabel: name, logo and the company's stocks. */
export function companyLabels(doc: DemoDocument, companies: readonly DemoCompany[]): Array<Record<string, unknown>> {
  return doc.symbols.flatMap((symbol) => {
    const c = companies.find((x) => x.symbol === symbol);
    if (!c) return [];
    return [
      {
        name: doc.language === 'zh' ? c.nameZh : c.nameEn,
        logo: c.logo,
        stocks: [{ symbol: c.symbol, market: c.market, code: c.code }],
      },
    ];
  });
}

/** OAIDoc's maps are `additionalProperties: array`: every metadata value is a list. */
function metadataLists(m: DemoDocument['metadatas']): Record<string, string[]> {
  return { period: [m.period], periods: [...m.periods], entities: [...m.entities] };
}

/** OAIDoc: items of v1 search and documents by tag, and the full `doc` of a chunk. */
export function publishedListDoc(
  doc: DemoDocument,
  companies: readonly DemoCompany[],
  highlight?: (text: string) => string,
): Record<string, unknown> {
  return {
    doc_id: doc.id,
    title: highlight ? highlight(doc.title) : doc.title,
    url: doc.url,
    institution: doc.institution,
    author: doc.author,
    published_at: doc.publishedAtMs,
    category: doc.category,
    market: doc.market,
    ticker: doc.symbol.split(':')[1] ?? '',
    symbol: doc.symbol,
    company_name: doc.company_name,
    logo: doc.logo,
    companies: companyLabels(doc, companies),
    tags: { ...doc.tags },
    metadatas: metadataLists(doc.metadatas),
    report_type: doc.report_type,
    channel_id: doc.channel_id,
    channel_name: doc.channel_name,
  };
}

/** OAIDocBase: the `doc` of a chunk without include_doc_extra_details. */
export function publishedDocBase(doc: DemoDocument): Record<string, unknown> {
  return { doc_id: doc.id, title: doc.title, url: doc.url };
}

/** OAIChunk: a chunk of a document's content. */
export function publishedChunk(chunk: DemoChunk): Record<string, unknown> {
  return {
    id: chunk.id,
    type: chunk.type,
    media_url: chunk.media_url,
    content: chunk.content,
    summary: chunk.summary,
    metadata: { ...chunk.metadata },
  };
}

/** OAIDocContentsResponse: GET /v1/docs/{doc_id}. */
export function publishedDocDetail(doc: DemoDocument, companies: readonly DemoCompany[]): Record<string, unknown> {
  return {
    ...publishedListDoc(doc, companies),
    file_url: doc.file_url,
    media_url: doc.media_url,
    chunks: doc.chunks.map(publishedChunk),
  };
}
