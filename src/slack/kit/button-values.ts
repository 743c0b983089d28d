/**
 * Compact JSON carried in button `value`s (≤ 2000 chars) and view `private_metadata`, with the
 * schemas that decode it. Values come from our own messages via signed Slack requests, but are
 * still parsed as untrusted input: a bad value decodes to null, never throws, and what decodes
 * is typed by its schema so handlers need no checks of their own.
 */
import { z } from 'zod';
import type { DocsByTagRequest, NewsSearchRequest, V1SearchRequest, V2SearchRequest } from '../../service/types.js';
import { SLACK_LIMITS } from '../blocks/limits.js';

/** JSON text → value; text that is not JSON is an issue like any other. */
const jsonText = z.string().transform((text, ctx): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'not JSON' });
    return z.NEVER;
  }
});

/** A schema for JSON text whose value must fit `schema`; build it once, at module level. */
export function jsonOf<S extends z.ZodType>(schema: S) {
  return jsonText.pipe(schema);
}

/** The value a jsonOf schema decodes `text` to, or null for anything else (missing, not JSON, wrong shape). */
export function decodeJson<S extends z.ZodType>(schema: S, text: string | undefined): z.output<S> | null {
  if (!text) return null;
  const result = schema.safeParse(text);
  return result.success ? result.data : null;
}

const buttonObject = jsonOf(z.record(z.string(), z.unknown()));

/** A button value as a JSON object, or null; for decoders that check their own fields. */
export function parseButtonObject(value: string | undefined): Record<string, unknown> | null {
  return decodeJson(buttonObject, value);
}

// ---------- search state: the request of a result card, to re-run it at another page ----------

const strings = z.array(z.string());
const categories = z.array(z.enum(['financials', 'transcripts', 'reports', 'filings', 'news', 'socials', 'files']));
const markets = z.array(z.enum(['cn', 'hk', 'us']));

const v2Request = z.object({
  query: z.string(),
  num: z.number().optional(),
  symbols: strings.optional(),
  industries: strings.optional(),
  channelIds: strings.optional(),
  startDatetime: z.string().optional(),
  endDatetime: z.string().optional(),
});
const newsRequest = v2Request.omit({ industries: true });
const v1Request = z.object({
  query: z.string().optional(),
  mode: z.enum(['smart', 'semantic', 'keywords']).optional(),
  sort: z.enum(['smart', 'latest']).optional(),
  folderIds: strings.optional(),
  categories: categories.optional(),
  markets: markets.optional(),
  institutions: strings.optional(),
  symbols: strings.optional(),
  tags: z.union([z.partialRecord(z.string(), strings), strings]).optional(),
  startDate: z.string().optional(),
  endDate: z.string().optional(),
  pageNum: z.number().optional(),
  pageSize: z.number().optional(),
  minScore: z.number().optional(),
  shouldHighlight: z.boolean().optional(),
  language: z.enum(['all', 'chinese', 'english']).optional(),
});
const tagRequest = z.object({
  tags: strings,
  categories: categories.optional(),
  markets: markets.optional(),
  startDate: z.string().optional(),
  endDate: z.string().optional(),
  pageNum: z.number().optional(),
  pageSize: z.number().optional(),
});

/**
 * Compile-time proof that each request schema decodes to exactly the service's request type:
 * a field added there and not here would otherwise be dropped from the next page's request.
 */
type Exactly<A, B> = [A, keyof A] extends [B, keyof B] ? ([B, keyof B] extends [A, keyof A] ? true : false) : false;
type AssertExactly<T extends true[]> = T;
export type SearchRequestSchemasMatchTheService = AssertExactly<
  [
    Exactly<z.output<typeof v2Request>, V2SearchRequest>,
    Exactly<z.output<typeof newsRequest>, NewsSearchRequest>,
    Exactly<z.output<typeof v1Request>, V1SearchRequest>,
    Exactly<z.output<typeof tagRequest>, DocsByTagRequest>,
  ]
>;

const pageNumber = z.int().min(1).max(1000);

const searchStateSchema = z.discriminatedUnion('k', [
  z.object({ k: z.literal('v2'), r: v2Request, p: pageNumber }),
  z.object({ k: z.literal('v1'), r: v1Request, p: pageNumber }),
  z.object({ k: z.literal('news'), r: newsRequest, p: pageNumber }),
  z.object({ k: z.literal('tag'), r: tagRequest, p: pageNumber }),
]);
const searchStateJson = jsonOf(searchStateSchema);

/** Everything needed to re-run a search at another page, or share it. */
export type SearchState = z.output<typeof searchStateSchema>;

const BUDGETS = [600, 300, 150, 80, 40, 20, 0];

/** Rebuilds the value with smaller text budgets until it fits; '{}' (decodes to null) as a last resort. */
function fitButtonValue(build: (budget: number) => unknown): string {
  for (const budget of BUDGETS) {
    const s = JSON.stringify(build(budget));
    if (s.length <= SLACK_LIMITS.buttonValueChars) return s;
  }
  return '{}';
}

/** The first n code points (n UTF-16 units or fewer are n code points or fewer: nothing to cut). */
const cut = (s: string | undefined, n: number): string | undefined => (s === undefined || s.length <= n ? s : [...s].slice(0, n).join(''));

/** Lists shortened to fit; only free text is cut, as a cut category or market would no longer decode. */
const LISTS = ['symbols', 'tags', 'folderIds', 'categories', 'markets', 'institutions'];
const FREE_TEXT_LISTS = new Set(['symbols', 'tags', 'folderIds', 'institutions']);

/** Encodes a search state; the query and lists are shortened until it fits a button value. */
export function encodeSearchState(state: SearchState): string {
  return fitButtonValue((budget) => {
    const r: Record<string, unknown> = { ...state.r };
    if (typeof r.query === 'string') r.query = cut(r.query, budget);
    for (const key of LISTS) {
      const v = r[key];
      if (!Array.isArray(v)) continue;
      const kept = v.slice(0, Math.max(1, Math.floor(budget / 20)));
      r[key] = FREE_TEXT_LISTS.has(key) ? kept.map((x) => (typeof x === 'string' ? cut(x, budget) : x)) : kept;
    }
    return { ...state, r };
  });
}

export function decodeSearchState(value: string | undefined): SearchState | null {
  return decodeJson(searchStateJson, value);
}

// ---------- document buttons ----------

/** Text members that may be missing or, from an older message, of another type: read as absent. */
const optionalText = z.string().optional().catch(undefined);

/** A document button: id, title (for "Ask the agent"), and the query (for "Key passages"). */
const docButtonSchema = z.object({ d: z.string().min(1), t: optionalText, q: optionalText });
const docButtonJson = jsonOf(docButtonSchema);
export type DocButtonValue = z.output<typeof docButtonSchema>;

export function encodeDocButton(v: DocButtonValue): string {
  return fitButtonValue((budget) => {
    const out: DocButtonValue = { d: v.d };
    if (v.t !== undefined) out.t = cut(v.t, Math.min(budget, 300));
    if (v.q !== undefined) out.q = cut(v.q, budget);
    return out;
  });
}

export function decodeDocButton(value: string | undefined): DocButtonValue | null {
  return decodeJson(docButtonJson, value);
}

// ---------- small `{key: value}` buttons ----------

/** Small `{key: string}` values (concept id, folder id, subscription channel). */
export function encodeSimple(v: Record<string, string | number>): string {
  return fitButtonValue((budget) =>
    Object.fromEntries(Object.entries(v).map(([k, x]) => [k, typeof x === 'string' ? cut(x, Math.max(budget, 120)) : x])),
  );
}

/** A concept's Expand button: its id (`c`, a number read as its text) and name (`n`) for the notice when it is gone. */
const conceptButtonJson = jsonOf(
  z.object({
    c: z.union([z.string(), z.number().transform(String)]).pipe(z.string().min(1)),
    n: optionalText,
  }),
);

export function decodeConceptButton(value: string | undefined): { conceptId: string; name?: string } | null {
  const v = decodeJson(conceptButtonJson, value);
  return v && { conceptId: v.c, ...(v.n ? { name: v.n } : {}) };
}

/** A digest subscription row's buttons: the team (`t`) and channel (`ch`) of the subscription. */
const subscriptionButtonJson = jsonOf(z.object({ t: z.string(), ch: z.string() }));

export function decodeSubscriptionButton(value: string | undefined): { teamId: string; channelId: string } | null {
  const v = decodeJson(subscriptionButtonJson, value);
  return v && { teamId: v.t, channelId: v.ch };
}

/** The folder-delete confirmation's buttons: the folder id (`f`). */
const folderButtonJson = jsonOf(z.object({ f: z.string().min(1) }));

export function decodeFolderButton(value: string | undefined): { folderId: string } | null {
  const v = decodeJson(folderButtonJson, value);
  return v && { folderId: v.f };
}
