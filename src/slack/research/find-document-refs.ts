/**
 * Finds the service's documents a Slack message points at: links to document pages on the
 * configured domains (`https://research.example.com/docs/<id>`) and ids written out
 * (`doc:<id>` or the service's `doc_…` form). Pure; used by link unfurls and the
 * "Summarize linked docs" shortcut.
 */
import { decodeSlackEntities } from '../blocks/text/decode-slack-entities.js';
import { sanitizeText } from '../blocks/text/sanitize-text.js';

/** Path shapes of a document page; the id is the segment after the prefix. */
const DOC_PATH = /^\/(?:docs?|documents?)\/([A-Za-z0-9_.:-]{1,128})\/?$/;
const SLACK_LINK = /<((?:https?):\/\/[^|>\s]+)(?:\|[^>]*)?>/gi;
const BARE_URL = /\bhttps?:\/\/[^\s<>|]+/gi;
const DOC_ID_TOKEN =
  /(?:^|[\s(（[{"'“‘,，;；])(?:doc:([A-Za-z0-9_.:-]{1,128})|(doc_[A-Za-z0-9]{6,64}))(?=$|[\s)）\]}"'”’,，.。;；!?！？])/g;

export interface DocumentRef {
  docId: string;
  /** The link it came from; absent for an id written in the text. */
  url?: string;
}

/** Whether `host` is one of `domains` (exact, case-insensitive). */
function isDocumentDomain(host: string, domains: readonly string[]): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return domains.some((d) => d.trim().toLowerCase().replace(/\.$/, '') === h);
}

/** The document id of a document-page URL on one of `domains`, or undefined. */
export function documentIdFromUrl(url: string, domains: readonly string[]): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined;
  if (!isDocumentDomain(parsed.hostname, domains)) return undefined;
  let path: string;
  try {
    path = decodeURIComponent(parsed.pathname);
  } catch {
    return undefined;
  }
  return DOC_PATH.exec(path)?.[1];
}

/** Document references in message text, first mention first, each id once; at most `limit`. */
export function findDocumentRefs(text: string | undefined, domains: readonly string[], limit = 10): DocumentRef[] {
  const source = sanitizeText(text ?? '');
  const hits: Array<DocumentRef & { at: number }> = [];
  const urls = new Set<string>();
  for (const m of source.matchAll(SLACK_LINK)) {
    const url = decodeSlackEntities(m[1] ?? '');
    urls.add(url);
    const docId = documentIdFromUrl(url, domains);
    if (docId) hits.push({ docId, url, at: m.index ?? 0 });
  }
  // Bare URLs outside <…> (e.g. text from an API or an unescaped source).
  const outsideLinks = source.replace(SLACK_LINK, (whole) => ' '.repeat(whole.length));
  for (const m of outsideLinks.matchAll(BARE_URL)) {
    const url = decodeSlackEntities(m[0].replace(/[).,;!?。，]+$/, ''));
    if (urls.has(url)) continue;
    const docId = documentIdFromUrl(url, domains);
    if (docId) hits.push({ docId, url, at: m.index ?? 0 });
  }
  const withoutUrls = outsideLinks.replace(BARE_URL, (whole) => ' '.repeat(whole.length));
  for (const m of withoutUrls.matchAll(DOC_ID_TOKEN)) {
    const docId = m[1] ?? m[2];
    if (docId) hits.push({ docId, at: m.index ?? 0 });
  }
  const found: DocumentRef[] = [];
  const seen = new Set<string>();
  for (const hit of hits.sort((a, b) => a.at - b.at)) {
    if (seen.has(hit.docId)) continue;
    seen.add(hit.docId);
    found.push(hit.url ? { docId: hit.docId, url: hit.url } : { docId: hit.docId });
    if (found.length >= limit) break;
  }
  return found;
}
