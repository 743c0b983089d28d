/** Endpoints 9, 10, 12, 13 and 16: document content and summary, folders, latest concepts (uploads: upload-routes.ts). */
import { NotFoundError } from '../http-errors.js';
import { ok, route, type Route, type RouteContext } from '../routing.js';
import { deleteDocuments, uploadedDocument, uploadsInFolder } from '../uploads/uploaded-docs.js';
import { FieldReader } from '../validation.js';
import { formatDocDetail, formatFolderCreated } from '../variants.js';

function findDoc(ctx: RouteContext) {
  const id = ctx.params.doc_id ?? '';
  const { dataset } = ctx.state;
  // An upload still processing (or failed) has its detail too, without text.
  const doc = dataset.docsById.get(id) ?? uploadedDocument(dataset, id);
  if (!doc || dataset.deletedDocIds.has(id)) throw new NotFoundError(`Document ${id} not found`);
  return doc;
}

async function createFolder(ctx: RouteContext) {
  const r = FieldReader.forBody(ctx.body, { required: true });
  const name = r.string('name', { required: true, minLength: 1 }) ?? '';
  r.done();
  const { state } = ctx;
  state.folderSeq += 1;
  const id = `fld_${String(state.folderSeq).padStart(6, '0')}`;
  state.dataset.folders.set(id, { id, name, createdAtMs: state.clock() });
  await state.commit();
  return ok(formatFolderCreated(state.variant, id));
}

/**
 * Deleting a folder removes it and the files filed in it, uploaded ones too whatever their stage
 * (they no longer appear anywhere).
 */
async function deleteFolder(ctx: RouteContext) {
  const r = FieldReader.forBody(ctx.body, { required: true });
  const folderId = r.string('folder_id', { required: true }) ?? '';
  r.done();
  const { dataset } = ctx.state;
  if (!dataset.folders.has(folderId)) throw new NotFoundError(`Folder ${folderId} not found`);
  dataset.folders.delete(folderId);
  const filed = dataset.documents.filter((d) => d.folder_id === folderId && !dataset.deletedDocIds.has(d.id)).map((d) => d.id);
  const docIds = deleteDocuments(dataset, [...filed, ...uploadsInFolder(dataset, folderId)]);
  await ctx.state.commit();
  return ok({ doc_ids: docIds, folder_id: folderId });
}

function latestConcepts(ctx: RouteContext) {
  const r = new FieldReader(Object.fromEntries(ctx.query), 'query');
  const includeDocs = r.boolean('include_docs') ?? true;
  r.done();
  const published = ctx.state.variant === 'published';
  return ok(
    ctx.state.dataset.concepts.map((c) => {
      const copy = structuredClone(c);
      if (published) copy.stocks = copy.stocks.map((s) => ({ ...s, market: exchangeOf(s.market, s.code) }));
      if (!includeDocs) return { ...copy, docs: undefined };
      return copy;
    }),
  );
}

/**
 * The real samples name a concept stock's exchange (SH, SZ) where the interface's era said the
 * market (cn): Shanghai codes start with 6 or 9 (5 for funds), Shenzhen ones with 0, 2 or 3.
 */
function exchangeOf(market: string, code: string): string {
  if (market === 'cn') return /^[569]/.test(code) ? 'SH' : 'SZ';
  return market.toUpperCase();
}

export function docsRoutes(): Route[] {
  return [
    route('GET', '/v1/docs/:doc_id/summary', (ctx) => {
      const doc = findDoc(ctx);
      return ok({ doc_id: doc.id, summary: doc.summary });
    }),
    route('POST', '/v1/docs/folder/create', createFolder),
    route('DELETE', '/v1/docs/folder/delete', deleteFolder),
    route('GET', '/v1/docs/:doc_id', (ctx) => ok(formatDocDetail(findDoc(ctx), ctx.state.variant, ctx.state.dataset.companies))),
    route('GET', '/v1/concepts/latest', latestConcepts),
  ];
}
