/** What a parser returns when the command text cannot become a request. */
export interface UsageProblem {
  /** The offending token as the user typed it ('' when something is missing). */
  token: string;
  /** What is wrong, in the user's terms. */
  message: string;
  /** The right form, ready to copy. */
  example: string;
}

export type SlashCommandName = '/research' | '/financials' | '/concepts';

export interface UsageResult {
  kind: 'usage';
  command: SlashCommandName;
  problems: UsageProblem[];
}

export interface HelpResult {
  kind: 'help';
}

export function usage(command: SlashCommandName, problems: UsageProblem[]): UsageResult {
  return { kind: 'usage', command, problems };
}

/** Levenshtein distance, for "did you mean" hints on misspelt filter names. */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    let prev = row[0] ?? 0;
    row[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const tmp = row[j] ?? 0;
      row[j] = Math.min((row[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return row[b.length] ?? 0;
}

/** The closest known word within distance 2, if any. */
export function closest(word: string, known: readonly string[]): string | undefined {
  if (word.length > 24) return undefined;
  let best: string | undefined;
  // Short words are too close to everything: allow one edit for them, two otherwise.
  let bestD = word.length <= 3 ? 2 : 3;
  for (const k of known) {
    const d = distance(word.toLowerCase(), k);
    if (d < bestD) {
      best = k;
      bestD = d;
    }
  }
  return best;
}
