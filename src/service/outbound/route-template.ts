/**
 * The route a service path belongs to, ids replaced by `{id}` (`/v1/docs/{id}/summary`): what call
 * observers name a service call by, so a metric label or span name never holds a conversation,
 * message or document id and there is one series per route, not one per id.
 */

/** Segments after which the service's paths put an id (types.ts documents each route). */
const ID_AFTER = new Set(['conversations', 'messages', 'docs']);
/** `/v1/docs/<literal>` routes whose second segment is a word, not a document id. */
const DOCS_LITERALS = new Set(['upload', 'delete', 'folder', 'tags']);

export function routeTemplate(path: string): string {
  // Most routes hold no id: no split, no new string.
  if (!path.includes('/conversations/') && !path.startsWith('/v1/docs/')) return path;
  const segments = path.split('/');
  for (let i = 1; i < segments.length; i++) {
    const before = segments[i - 1] as string;
    if (!ID_AFTER.has(before)) continue;
    if (before === 'docs' && DOCS_LITERALS.has(segments[i] as string)) continue;
    segments[i] = '{id}';
  }
  return segments.join('/');
}
