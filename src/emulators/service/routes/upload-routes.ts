/**
 * The upload routes of the 2026-04 schema: a file by multipart form, documents by URL (plain and
 * async: both fetch before answering here), processing status, raw content and delete. Every
 * variant serves them; the fault switches apply as to any route.
 */
import { publishedDocDetail } from '../published-forms.js';
import { NotFoundError } from '../http-errors.js';
import { ok, route, type Route, type RouteContext } from '../routing.js';
import { FieldReader } from '../validation.js';
import { fetchUpload } from '../uploads/fetch-upload.js';
import { folderFor, prepareUpload, type UploadDetails } from '../uploads/prepare-upload.js';
import { readMultipart } from '../uploads/read-multipart.js';
import { jsonFormField, readMetadatas, readTags } from '../uploads/upload-fields.js';
import type { UploadRecord } from '../uploads/upload-record.js';
import { addUpload, deleteDocuments, stepUpload, uploadedDocument } from '../uploads/uploaded-docs.js';

const idResponse = (r: UploadRecord) => ({ id: r.id, title: r.title, original_url: r.originalUrl });

async function uploadByForm(ctx: RouteContext) {
  const form = await readMultipart(ctx.req);
  const r = new FieldReader(form.fields, 'body');
  if (!form.file) {
    if (form.fields.file !== undefined)
      r.issue(['file'], "Value error, Expected UploadFile, received: <class 'str'>", 'value_error', form.fields.file);
    else r.issue(['file'], 'Field required', 'missing', null);
  }
  const folderId = r.string('folder_id');
  const name = r.string('name');
  const publishedAtMs = r.integer('published_at', { min: 0 });
  const tags = readTags(r, ['tags'], jsonFormField(r, 'tags'));
  const metadatas = readMetadatas(r, ['metadatas'], jsonFormField(r, 'metadatas'));
  r.done();
  const file = form.file ?? { filename: '', bytes: Buffer.alloc(0) };
  const { state } = ctx;
  const folder = folderFor(state.dataset, folderId);
  const details: UploadDetails = {
    ...(name !== undefined ? { name } : {}),
    tags,
    metadatas,
    ...(publishedAtMs !== undefined ? { publishedAtMs } : {}),
  };
  const prepared = await prepareUpload({ fileName: file.filename, bytes: file.bytes }, details, folder, state.clock());
  const record = addUpload(state.dataset, prepared);
  await state.commit();
  return ok(idResponse(record));
}

interface UrlDoc extends UploadDetails {
  url: string;
}

function readUrlDocs(r: FieldReader): UrlDoc[] {
  const raw = r.raw('docs');
  if (raw === undefined || raw === null) {
    r.issue(['docs'], 'Field required', 'missing', null);
    return [];
  }
  if (!Array.isArray(raw)) {
    r.issue(['docs'], 'Input should be a valid list', 'list_type', raw);
    return [];
  }
  return raw.flatMap((item: unknown, i): UrlDoc[] => {
    const one = FieldReader.forBody(item);
    const url = one.string('url', { required: true, minLength: 1 });
    const name = one.string('name');
    const publishedAtMs = one.integer('published_at', { min: 0 });
    const tags = readTags(one, ['tags'], one.raw('tags'));
    const metadatas = readMetadatas(one, ['metadatas'], one.raw('metadatas'));
    for (const issue of one.issues) r.issues.push({ ...issue, loc: ['body', 'docs', i, ...issue.loc.slice(1)] });
    if (url === undefined) return [];
    return [
      {
        url,
        ...(name !== undefined ? { name } : {}),
        tags,
        metadatas,
        ...(publishedAtMs !== undefined ? { publishedAtMs } : {}),
        originalUrl: url,
      },
    ];
  });
}

/** Every document is fetched and checked before any is kept: one bad URL adds none. */
async function uploadByUrl(ctx: RouteContext) {
  const r = FieldReader.forBody(ctx.body, { required: true });
  const docs = readUrlDocs(r);
  const folderId = r.string('folder_id');
  r.integer('pdf_parsing_mode', { min: 1 });
  r.done();
  const { state } = ctx;
  const folder = folderFor(state.dataset, folderId);
  const prepared = [];
  for (const doc of docs) {
    const fetched = await fetchUpload(doc.url);
    prepared.push(await prepareUpload({ fileName: fetched.filename, bytes: fetched.bytes }, doc, folder, state.clock()));
  }
  const records = prepared.map((p) => addUpload(state.dataset, p));
  await state.commit();
  return ok({ docs: records.map(idResponse) });
}

async function uploadStatus(ctx: RouteContext) {
  const id = ctx.params.doc_id ?? '';
  const step = stepUpload(ctx.state.dataset, id);
  if (!step) throw new NotFoundError(`Document ${id} not found`);
  if (step.changed) await ctx.state.commit();
  if (step.stage === 'failed') return ok({ id, status: 'failed', message: step.record.failure ?? 'Processing failed' });
  return ok({ id, status: step.stage });
}

function rawContent(ctx: RouteContext) {
  const id = ctx.params.doc_id ?? '';
  const { dataset } = ctx.state;
  const doc = uploadedDocument(dataset, id) ?? (dataset.deletedDocIds.has(id) ? undefined : dataset.docsById.get(id));
  if (!doc) throw new NotFoundError(`Document ${id} not found`);
  return ok(publishedDocDetail(doc, dataset.companies));
}

async function deleteDocs(ctx: RouteContext) {
  const r = FieldReader.forBody(ctx.body, { required: true });
  const ids = r.stringArray('doc_ids', { required: true }) ?? [];
  r.done();
  const deleted = deleteDocuments(ctx.state.dataset, ids);
  if (deleted.length > 0) await ctx.state.commit();
  return ok({ doc_ids: deleted });
}

export function uploadRoutes(): Route[] {
  return [
    route('POST', '/v1/docs/upload/form', uploadByForm, { rawBody: true }),
    route('POST', '/v1/docs/upload', uploadByUrl),
    route('POST', '/v1/docs/upload/async', uploadByUrl),
    route('GET', '/v1/docs/:doc_id/upload/status', uploadStatus),
    route('GET', '/v1/docs/:doc_id/raw-content', rawContent),
    route('DELETE', '/v1/docs/delete', deleteDocs),
  ];
}
