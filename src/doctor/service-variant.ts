/**
 * Which variant of the interface the service answered in, read from the recorded exchanges of one
 * check: the v1 paging names (as the client's own page schema decides them), the list documents'
 * id and date form, and for endpoints the client reaches by more than one route, the route that
 * answered.
 */
import { isRecord } from '../service/read-shape.js';
import { documentPageSchema } from '../service/schemas/document-page-schema.js';
import type { Exchange } from './record-exchanges.js';

export interface VariantQuestions {
  /** Name the route that answered (for endpoints the client reaches by more than one). */
  namesRoute?: boolean;
  /** Name the paging names and list document form (v1 search, documents by tag). */
  pagedList?: boolean;
}

export function describeServiceVariant(exchanges: readonly Exchange[], ask: VariantQuestions): string | undefined {
  const answered = exchanges.findLast((e) => e.status !== undefined && e.status >= 200 && e.status < 300);
  if (!answered) return undefined;
  const parts: string[] = [];
  if (ask.namesRoute) parts.push(`route ${answered.path}`);
  const json = ask.pagedList ? parseJson(answered.body) : undefined;
  if (isRecord(json) && Array.isArray(json.docs)) {
    const page = documentPageSchema.safeParse(json);
    if (page.success) parts.push(`paging ${page.data.naming}`);
    const form = listDocumentForm(json.docs);
    if (form) parts.push(`docs ${form}`);
  }
  return parts.length > 0 ? parts.join(', ') : undefined;
}

/**
 * `id/ISO` is the interface document's list form, `doc_id/ms` the published schema's (an integer
 * millisecond `published_at`); a mix is named as found, from the first document.
 */
export function listDocumentForm(docs: readonly unknown[]): string | undefined {
  const first = docs.find(isRecord);
  if (!first) return undefined;
  const id = 'id' in first ? 'id' : 'doc_id' in first ? 'doc_id' : 'no id';
  const at = first.published_at;
  const date = typeof at === 'number' ? 'ms' : typeof at === 'string' ? 'ISO' : 'no date';
  return `${id}/${date}`;
}

function parseJson(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
