/** Pieces of a command's original text that parsing keeps as typed (names, quoted titles). */

/** Text after the first `n` whitespace-separated words of the original command text. */
export function restAfter(text: string, n: number): string {
  let rest = text.trim();
  for (let i = 0; i < n; i += 1) rest = rest.replace(/^\S+\s*/, '');
  return rest;
}

/** A name typed in quotes, straight or CJK, without them. */
export function unquote(text: string): string {
  const m = /^["“”「『](.*)["“”」』]$/s.exec(text.trim());
  return (m ? (m[1] ?? '') : text).trim();
}
