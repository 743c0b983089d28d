/**
 * A relevance score in a word, measured against the best score of the same list: the service's
 * scores have no fixed scale (BM25 and the like: 0.87 in one search, 6.27 in another), so a
 * number tells a reader nothing, while the share of the best match does.
 */
export function matchWord(score: number | undefined, bestScore: number | undefined): string | undefined {
  if (score === undefined || bestScore === undefined || !(bestScore > 0) || !Number.isFinite(score)) return undefined;
  const share = score / bestScore;
  if (share >= 0.75) return 'strong match';
  if (share >= 0.4) return 'good match';
  return 'weak match';
}

/** The best finite score of a list, or undefined when none has one. */
export function bestScoreOf(scores: ReadonlyArray<number | undefined>): number | undefined {
  const finite = scores.filter((s): s is number => typeof s === 'number' && Number.isFinite(s));
  return finite.length > 0 ? Math.max(...finite) : undefined;
}
