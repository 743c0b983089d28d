import type { SourceRef } from '../state/run-view.js';
import { isObject, oneLine, parseJsonLoose, pickNumber, pickString, readNonEmptyString, type JsonObject } from './event-fields.js';

export interface ToolOutputSummary {
  sources: SourceRef[];
  /**
   * How many results the tool found: its reported total (`total_count`) when given, which may
   * exceed what it lists (10 of 37) or come with an empty list (data tools answer `docs: []` and
   * put rows in `data`); otherwise the longest list it returned.
   */
  resultCount?: number;
  /** Plain words when the output reports a failure. */
  errorMessage?: string;
}

/** Links we are willing to put in `<url|label>`: http(s), no spaces or mrkdwn delimiters. */
function isSafeLinkUrl(url: string): boolean {
  return /^https?:\/\/[^\s<>|]+$/i.test(url) && url.length <= 2000;
}

function docToSource(doc: unknown): SourceRef | undefined {
  if (!isObject(doc)) return undefined;
  const docId = pickString(doc, ['doc_id', 'docId', 'id']);
  const rawUrl = pickString(doc, ['url', 'link', 'file_url', 'fileUrl', 'source_url']);
  const url = rawUrl !== undefined && isSafeLinkUrl(rawUrl.trim()) ? rawUrl.trim() : undefined;
  const title = pickString(doc, ['title', 'doc_title', 'docTitle', 'name']) ?? url;
  if (title === undefined) return undefined;
  const source: SourceRef = { title: oneLine(title, 200) };
  if (docId !== undefined) source.docId = docId;
  if (url !== undefined) source.url = url;
  return source;
}

function errorOf(obj: JsonObject): string | undefined {
  const err = obj.error ?? obj.errors;
  if (typeof err === 'string' && err.trim() !== '') return oneLine(err, 300);
  if (isObject(err)) return pickString(err, ['message', 'msg', 'detail', 'reason']) ?? 'the tool reported an error';
  const status = readNonEmptyString(obj.status);
  if (status && /^(error|failed|failure)$/i.test(status)) {
    return pickString(obj, ['message', 'msg', 'detail']) ?? 'the tool reported an error';
  }
  return undefined;
}

/** The total the tool reported, never below what it listed; the longest list when it gives none. */
function resultCountOf(c: JsonObject, lists: ReadonlyArray<readonly unknown[] | undefined>): number | undefined {
  const listed = lists.reduce<number | undefined>((max, l) => (l === undefined ? max : Math.max(max ?? 0, l.length)), undefined);
  const total = pickNumber(c, ['total_count', 'totalCount', 'total']);
  const reported = total !== undefined && Number.isInteger(total) && total >= 0 ? total : undefined;
  if (reported === undefined) return listed;
  return Math.max(reported, listed ?? 0);
}

/**
 * Reads a tool_end `output`: its `content` is a JSON string that may hold docs[{doc_id,title,url}],
 * chunks[{doc:{…}}], total_count and took_ms. Bad JSON yields no sources, never an exception.
 */
export function readToolOutput(output: unknown): ToolOutputSummary {
  const summary: ToolOutputSummary = { sources: [] };
  if (!isObject(output)) return summary;
  const outerError = errorOf(output);
  if (outerError) summary.errorMessage = outerError;
  const parsed = parseJsonLoose(output.content);
  const containers: unknown[] = Array.isArray(parsed) ? [{ docs: parsed }] : [parsed];
  for (const c of containers) {
    if (!isObject(c)) continue;
    const innerError = errorOf(c);
    if (innerError && !summary.errorMessage) summary.errorMessage = innerError;
    const docs = Array.isArray(c.docs) ? c.docs : Array.isArray(c.documents) ? c.documents : undefined;
    const chunks = Array.isArray(c.chunks) ? c.chunks : undefined;
    for (const d of docs ?? []) {
      const s = docToSource(d);
      if (s) summary.sources.push(s);
    }
    for (const ch of chunks ?? []) {
      const s = isObject(ch) ? docToSource(ch.doc) : undefined;
      if (s) summary.sources.push(s);
    }
    const count = resultCountOf(c, [docs, chunks, Array.isArray(c.data) ? c.data : undefined]);
    if (count !== undefined) summary.resultCount = count;
  }
  return summary;
}

/** Key that makes two references to the same document equal. */
export function sourceKey(s: SourceRef): string {
  if (s.docId) return `id:${s.docId}`;
  if (s.url) return `url:${s.url}`;
  return `title:${s.title}`;
}
