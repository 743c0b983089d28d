/**
 * The concepts a digest shows: the `top` highest trending scores. The snapshot saved after a
 * digest must hold exactly these, or the next digest would report the rest as "dropped out".
 */
import type { Concept } from '../../../service/types.js';
import { MAX_CONCEPTS_PER_CARD } from '../concepts-card.js';

export function selectDigestConcepts(concepts: readonly Concept[], top: number): Concept[] {
  const score = (c: Concept): number => (Number.isFinite(c.trendingScore) ? c.trendingScore : -Infinity);
  const limit = Math.max(1, Math.min(Math.floor(top) || 1, MAX_CONCEPTS_PER_CARD));
  return [...concepts].sort((a, b) => score(b) - score(a)).slice(0, limit);
}
