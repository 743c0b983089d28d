/**
 * Is the floor still posting the app's card? The floor sends a card captured once
 * (bench/fixtures/research-card.json); when the app's card for the same search changes, the floor
 * no longer sends the bytes the app sends and the comparison flatters one side. The peers keep the
 * first response_url bodies of each step; this compares the app's card for the fixture's search
 * with the fixture and names the first place they differ. Pure, unit-tested
 * (test/bench/floor-card-check.test.ts).
 */
import { isDeepStrictEqual } from 'node:util';

export type FloorCardCheck =
  | { same: true }
  /** `at`: the first differing path (`blocks[3].text.text`), or why no card could be compared. */
  | { same: false; at: string };

/** The header the app's card for `query` opens with (src/slack/research/cards). */
export const headerFor = (query: string): string => `Research for “${query}”`;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function headerText(card: unknown): unknown {
  if (!isRecord(card) || !Array.isArray(card.blocks)) return undefined;
  const first: unknown = card.blocks[0];
  return isRecord(first) && isRecord(first.text) ? first.text.text : undefined;
}

/** The first path where `a` and `b` differ, or undefined when they are deeply equal. */
export function firstDifference(a: unknown, b: unknown, at = ''): string | undefined {
  if (isDeepStrictEqual(a, b)) return undefined;
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
      const found = firstDifference(a[i], b[i], `${at}[${i}]`);
      if (found !== undefined) return found;
    }
  } else if (isRecord(a) && isRecord(b)) {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const found = firstDifference(a[key], b[key], at ? `${at}.${key}` : key);
      if (found !== undefined) return found;
    }
  }
  return at || '(the whole card)';
}

/**
 * `posted`: response_url bodies the target sent (raw JSON texts); the one whose header names the
 * floor card's search is compared with `floorCard`.
 */
export function checkFloorCard(posted: readonly string[], floorCard: unknown): FloorCardCheck {
  const header = headerText(floorCard);
  const cards = posted.flatMap((text) => {
    try {
      return [JSON.parse(text) as unknown];
    } catch {
      return [];
    }
  });
  const card = cards.find((c) => headerText(c) === header);
  if (card === undefined) return { same: false, at: `no card headed ${JSON.stringify(header)} among ${posted.length} posted` };
  const at = firstDifference(card, floorCard);
  return at === undefined ? { same: true } : { same: false, at };
}
