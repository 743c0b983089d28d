/**
 * Compact JSON carried in button `value`s (≤ 2000 chars), with decoders that validate what
 * comes back. Values come from our own messages via signed Slack requests, but are still
 * parsed defensively: a bad value decodes to null, never throws.
 */
import type { DocsByTagRequest, NewsSearchRequest, V1SearchRequest, V2SearchRequest } from '../../service/types.js';
import { SLACK_LIMITS } from './limits.js';

/** Everything needed to re-run a search at another page, or share it. */
export type SearchState =
  | { k: 'v2'; r: V2SearchRequest; p: number }
  | { k: 'v1'; r: V1SearchRequest; p: number }
  | { k: 'news'; r: NewsSearchRequest; p: number }
  | { k: 'tag'; r: DocsByTagRequest; p: number };

/** A document button: id, title (for "Ask the agent"), and the query (for "Key passages"). */
export interface DocButtonValue {
  d: string;
  t?: string;
  q?: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const BUDGETS = [600, 300, 150, 80, 40, 20, 0];

/** Rebuilds the value with smaller text budgets until it fits; '{}' (decodes to null) as a last resort. */
function fit(build: (budget: number) => unknown): string {
  for (const budget of BUDGETS) {
    const s = JSON.stringify(build(budget));
    if (s.length <= SLACK_LIMITS.buttonValueChars) return s;
  }
  return '{}';
}

const cut = (s: string | undefined, n: number): string | undefined => (s === undefined ? undefined : [...s].slice(0, n).join(''));

/** Encodes a search state; the query and lists are shortened until it fits a button value. */
export function encodeSearchState(state: SearchState): string {
  return fit((budget) => {
    const r: Record<string, unknown> = { ...state.r };
    if (typeof r.query === 'string') r.query = cut(r.query, budget);
    for (const key of ['symbols', 'tags', 'folderIds', 'categories', 'markets', 'institutions']) {
      const v = r[key];
      if (Array.isArray(v))
        r[key] = v.slice(0, Math.max(1, Math.floor(budget / 20))).map((x) => (typeof x === 'string' ? cut(x, budget) : x));
    }
    return { ...state, r };
  });
}

/**
 * A button value as the JSON object our encoders wrote, or null for anything else (missing,
 * not JSON, not an object). Every decoder starts here: a value comes back from Slack untrusted.
 */
export function parseButtonObject(value: string | undefined): Record<string, unknown> | null {
  if (!value) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    return isRecord(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function decodeSearchState(value: string | undefined): SearchState | null {
  const parsed = parseButtonObject(value);
  if (!parsed || !isRecord(parsed.r)) return null;
  const { k, p, r } = parsed;
  if (typeof p !== 'number' || !Number.isInteger(p) || p < 1 || p > 1000) return null;
  const strings = (x: unknown): boolean => x === undefined || (Array.isArray(x) && x.every((s) => typeof s === 'string'));
  if (!strings(r.symbols) || !strings(r.categories) || !strings(r.markets) || !strings(r.folderIds)) return null;
  if (k === 'v2' || k === 'news') return typeof r.query === 'string' ? ({ k, p, r } as unknown as SearchState) : null;
  if (k === 'v1') return r.query === undefined || typeof r.query === 'string' ? ({ k, p, r } as unknown as SearchState) : null;
  if (k === 'tag') return strings(r.tags) && Array.isArray(r.tags) ? ({ k, p, r } as unknown as SearchState) : null;
  return null;
}

export function encodeDocButton(v: DocButtonValue): string {
  return fit((budget) => {
    const out: DocButtonValue = { d: v.d };
    if (v.t !== undefined) out.t = cut(v.t, Math.min(budget, 300));
    if (v.q !== undefined) out.q = cut(v.q, budget);
    return out;
  });
}

export function decodeDocButton(value: string | undefined): DocButtonValue | null {
  const v = parseButtonObject(value);
  if (!v || typeof v.d !== 'string' || v.d === '') return null;
  const out: DocButtonValue = { d: v.d };
  if (typeof v.t === 'string') out.t = v.t;
  if (typeof v.q === 'string') out.q = v.q;
  return out;
}

/** Small `{key: string}` values (concept id, folder id, subscription channel, retry tokens). */
export function encodeSimple(v: Record<string, string | number>): string {
  return fit((budget) =>
    Object.fromEntries(Object.entries(v).map(([k, x]) => [k, typeof x === 'string' ? cut(x, Math.max(budget, 120)) : x])),
  );
}

export function decodeSimple(value: string | undefined): Record<string, string | number> | null {
  const v = parseButtonObject(value);
  if (!v) return null;
  const out: Record<string, string | number> = {};
  for (const [k, x] of Object.entries(v)) if (typeof x === 'string' || typeof x === 'number') out[k] = x;
  return out;
}
