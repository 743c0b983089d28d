/**
 * Chunk search returns the same passage once per document that holds it (a definition or a
 * disclaimer every report repeats): shown once, with the places it was found.
 */
import type { Chunk } from '../../../service/types.js';

export interface MergedPassage {
  /** The first (best-ranked) chunk of the group: the one shown. */
  chunk: Chunk;
  /** Every chunk with this passage, in the service's order (the first is `chunk`). */
  places: Chunk[];
}

/** Whitespace does not make two passages different (the same paragraph wrapped differently). */
const normalised = (text: string | undefined): string => (text ?? '').replace(/\s+/g, ' ').trim();

/** The text that makes a passage what it is; undefined for an empty one (never a duplicate of another). */
function passageKey(c: Chunk): string | undefined {
  const content = normalised(c.content);
  const summary = normalised(c.summary);
  return content === '' && summary === '' ? undefined : JSON.stringify([String(c.type || 'text'), content, summary]);
}

/** Groups chunks with the same type and text, in the order each passage first appears. */
export function mergeDuplicatePassages(chunks: readonly Chunk[]): MergedPassage[] {
  const merged: MergedPassage[] = [];
  const byKey = new Map<string, MergedPassage>();
  for (const chunk of chunks) {
    const key = passageKey(chunk);
    const group = key === undefined ? undefined : byKey.get(key);
    if (group) {
      group.places.push(chunk);
      continue;
    }
    const fresh = { chunk, places: [chunk] };
    merged.push(fresh);
    if (key !== undefined) byKey.set(key, fresh);
  }
  return merged;
}
