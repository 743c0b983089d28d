import { distance } from 'fastest-levenshtein';

/** What a parser returns when the command text cannot become a request. */
export interface UsageProblem {
  /** The offending token as the user typed it ('' when something is missing). */
  token: string;
  /** What is wrong, in the user's terms. */
  message: string;
  /** The right form, ready to copy: a whole command (usage() completes a fragment such as `limit:8`). */
  example: string;
  /** Other tokens with the very same complaint, said once (usage() merges them). */
  alsoTokens?: string[];
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

/**
 * The usage result of `problems`: an example that is a fragment (`limit:8`) becomes a whole
 * command by following `base` (a command that takes it, e.g. `/financials US:NVDA income`), so
 * every example can be copied and run; complaints that say the same thing (`blah blah`, or one
 * message about several tokens) are said once, naming every token.
 */
export function usage(command: SlashCommandName, problems: UsageProblem[], base: string = command): UsageResult {
  const merged: UsageProblem[] = [];
  for (const p of problems) {
    const example = p.example.startsWith('/') ? p.example : `${base} ${p.example}`.trim();
    const same = merged.find((m) => m.message === p.message && m.example === example);
    if (!same) merged.push({ ...p, example });
    else if (p.token && p.token !== same.token && !same.alsoTokens?.includes(p.token)) {
      if (same.token) same.alsoTokens = [...(same.alsoTokens ?? []), p.token];
      else same.token = p.token;
    }
  }
  return { kind: 'usage', command, problems: merged };
}

/** The closest known word within distance 2 (1 for words of three letters or fewer), if any. */
export function closest(word: string, known: readonly string[]): string | undefined {
  if (word.length > 24) return undefined;
  const lower = word.toLowerCase();
  let best: string | undefined;
  // Short words are too close to everything: allow one edit for them, two otherwise.
  let bestD = lower.length <= 3 ? 2 : 3;
  for (const k of known) {
    const d = distance(lower, k);
    if (d < bestD) {
      best = k;
      bestD = d;
    }
  }
  return best;
}
