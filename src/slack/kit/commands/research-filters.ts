/**
 * The filter grammar of /research (documented in the help card):
 *
 *   symbols     $NVDA  US:NVDA  hk:700  600519  600519.SH  symbol:NVDA,AAPL
 *   types       type:news,reports      (also cat:, category:)  news reports filings transcripts financials socials files
 *   markets     market:cn,hk,us
 *   dates       since:2024-01-01  until:2024-06-30  last:30d|12w|6m|1y
 *   mode        mode:smart|semantic|keywords
 *   sort        sort:latest|smart
 *   folder      in:<folder_id>
 *   document    doc:<doc_id>          (passages only)
 *   visibility  --public
 *
 * Everything else is query text; "quoted phrases" are always query text. Bare category words
 * are NOT filters (`news` in a query is a search word): only `type:` filters by category. A
 * `key:value` with an unknown key is reported, so typos never silently become search words.
 */
import { parseSymbol, type StockSymbol } from '../../../service/symbols.js';
import type { Category, Market, SearchMode, SearchSort } from '../../../service/types.js';
import { addDateFilter, type DateWindow } from './date-window.js';
import type { Token } from './tokenize.js';
import { closest, type UsageProblem } from './usage-problem.js';

export type FilterName =
  | 'symbols'
  | 'categories'
  | 'markets'
  | 'since'
  | 'until'
  | 'last'
  | 'mode'
  | 'sort'
  | 'folders'
  | 'docs'
  | 'public';

export interface CollectedFilters {
  words: string[];
  symbols: StockSymbol[];
  categories: Category[];
  markets: Market[];
  window: DateWindow;
  mode?: SearchMode;
  sort?: SearchSort;
  folderIds: string[];
  docIds: string[];
  public: boolean;
  /** Which filters were given, with the token that gave each (for "not available here" messages). */
  used: Map<FilterName, string>;
}

const KEYS: Record<string, Exclude<FilterName, 'public'>> = {
  type: 'categories',
  types: 'categories',
  cat: 'categories',
  category: 'categories',
  categories: 'categories',
  market: 'markets',
  markets: 'markets',
  mkt: 'markets',
  since: 'since',
  from: 'since',
  after: 'since',
  start: 'since',
  until: 'until',
  to: 'until',
  before: 'until',
  end: 'until',
  last: 'last',
  within: 'last',
  mode: 'mode',
  sort: 'sort',
  in: 'folders',
  folder: 'folders',
  symbol: 'symbols',
  symbols: 'symbols',
  sym: 'symbols',
  ticker: 'symbols',
  doc: 'docs',
  docs: 'docs',
};
const FILTER_KEYS = Object.keys(KEYS);

export const FILTER_EXAMPLES: Record<FilterName, string> = {
  symbols: '$NVDA  US:NVDA  hk:700  600519',
  categories: 'type:news,reports',
  markets: 'market:cn,hk',
  since: 'since:2024-01-01',
  until: 'until:2024-06-30',
  last: 'last:30d',
  mode: 'mode:semantic',
  sort: 'sort:latest',
  folders: 'in:<folder_id>',
  docs: 'doc:<doc_id>',
  public: '--public',
};

const CATEGORIES: readonly Category[] = ['news', 'reports', 'filings', 'transcripts', 'financials', 'socials', 'files'];
const CATEGORY_ALIASES: Record<string, Category> = {
  report: 'reports',
  research: 'reports',
  filing: 'filings',
  transcript: 'transcripts',
  calls: 'transcripts',
  financial: 'financials',
  social: 'socials',
  file: 'files',
  新闻: 'news',
  研报: 'reports',
  公告: 'filings',
};
/** The service category a word names (`filings`, `filing`, `公告` …), as `type:` reads it. */
export function categoryOf(word: string): Category | undefined {
  return CATEGORIES.find((x) => x === word.toLowerCase()) ?? CATEGORY_ALIASES[word.toLowerCase()];
}

/** Every category name `type:` accepts. */
export const CATEGORY_NAMES: readonly Category[] = CATEGORIES;

const MARKET_ALIASES: Record<string, Market> = {
  cn: 'cn',
  china: 'cn',
  a: 'cn',
  sh: 'cn',
  sz: 'cn',
  hk: 'hk',
  hongkong: 'hk',
  us: 'us',
  usa: 'us',
};
const MODES: Record<string, SearchMode> = {
  smart: 'smart',
  semantic: 'semantic',
  keywords: 'keywords',
  keyword: 'keywords',
  exact: 'keywords',
};
const SORTS: Record<string, SearchSort> = {
  latest: 'latest',
  newest: 'latest',
  recent: 'latest',
  date: 'latest',
  smart: 'smart',
  relevance: 'smart',
};
const ID = /^[A-Za-z0-9_.:-]{1,128}$/;
const PUBLIC_FLAG = /^(?:--|—|–)public$/i;

const splitList = (v: string): string[] =>
  v
    .split(/[,，、]/)
    .map((s) => s.trim())
    .filter(Boolean);

/** Whether a token should be read as a symbol (explicit `$`, market prefix or suffix, or 6 digits). */
function looksLikeSymbol(text: string): 'explicit' | 'bare' | false {
  if (/^\$\S/.test(text) || /^(sh|sz|hk|us|ss):\S/i.test(text) || /^[A-Za-z0-9.-]+\.(sh|sz|hk|us|ss)$/i.test(text)) return 'explicit';
  return /^\d{6}$/.test(text) ? 'bare' : false;
}

function addSymbol(
  f: CollectedFilters,
  token: string,
  text: string,
  problems: UsageProblem[],
  context: 'standalone' | 'freeText',
): boolean {
  const r = parseSymbol(text, { context });
  if (r.ok) {
    if (!f.symbols.some((s) => s.canonical === r.symbol.canonical)) f.symbols.push(r.symbol);
    f.used.set('symbols', f.used.get('symbols') ?? token);
    return true;
  }
  problems.push({
    token,
    message: r.message,
    example: r.candidates?.map((c) => c.canonical).join('  or  ') ?? 'US:NVDA  SH:600519  HK:00700',
  });
  return false;
}

function applyFilter(
  f: CollectedFilters,
  name: Exclude<FilterName, 'public'>,
  value: string,
  tok: Token,
  problems: UsageProblem[],
  now: Date | undefined,
): void {
  const problem = (message: string): void => void problems.push({ token: tok.raw, message, example: FILTER_EXAMPLES[name] });
  f.used.set(name, f.used.get(name) ?? tok.raw);
  switch (name) {
    case 'symbols':
      for (const s of splitList(value)) addSymbol(f, tok.raw, s, problems, 'standalone');
      return;
    case 'categories':
      for (const v of splitList(value)) {
        const c = CATEGORIES.find((x) => x === v.toLowerCase()) ?? CATEGORY_ALIASES[v.toLowerCase()];
        if (!c) problem(`\`${v}\` is not a document type; choose from ${CATEGORIES.join(', ')}.`);
        else if (!f.categories.includes(c)) f.categories.push(c);
      }
      return;
    case 'markets':
      for (const v of splitList(value)) {
        const m = MARKET_ALIASES[v.toLowerCase()];
        if (!m) problem(`\`${v}\` is not a market; choose from cn, hk, us.`);
        else if (!f.markets.includes(m)) f.markets.push(m);
      }
      return;
    case 'since':
    case 'until':
    case 'last':
      addDateFilter(f.window, name, value, tok.raw, problems, now);
      return;
    case 'mode': {
      const m = MODES[value.toLowerCase()];
      if (!m) problem(`\`${value}\` is not a search mode; choose smart, semantic or keywords.`);
      else f.mode = m;
      return;
    }
    case 'sort': {
      const s = SORTS[value.toLowerCase()];
      if (!s) problem(`\`${value}\` is not a sort order; choose latest or smart.`);
      else f.sort = s;
      return;
    }
    case 'folders':
    case 'docs':
      for (const v of splitList(value)) {
        if (!ID.test(v)) problem(`\`${v}\` is not a valid ${name === 'folders' ? 'folder' : 'document'} id.`);
        else (name === 'folders' ? f.folderIds : f.docIds).push(v);
      }
      return;
  }
}

/** Sorts tokens into query words and filters; every rejected token becomes a usage problem. */
export function collectFilters(tokens: Token[], problems: UsageProblem[], now: Date | undefined): CollectedFilters {
  const f: CollectedFilters = {
    words: [],
    symbols: [],
    categories: [],
    markets: [],
    window: {},
    folderIds: [],
    docIds: [],
    public: false,
    used: new Map(),
  };
  for (const tok of tokens) {
    if (tok.literal) {
      if (tok.text.trim()) f.words.push(`"${tok.text.trim()}"`);
      continue;
    }
    if (tok.ref) {
      // Mentions and channel references are not search terms; links are kept as words.
      if (tok.ref.kind === 'link') f.words.push(tok.ref.url);
      else
        problems.push({ token: tok.raw, message: 'Mentions and channels cannot be searched for.', example: '/research <words> [filters]' });
      continue;
    }
    if (PUBLIC_FLAG.test(tok.text)) {
      f.public = true;
      f.used.set('public', tok.raw);
      continue;
    }
    if (/^(?:--|—|–)\S/.test(tok.text)) {
      problems.push({ token: tok.raw, message: `Unknown option \`${tok.raw}\`.`, example: '--public' });
      continue;
    }
    const kind = looksLikeSymbol(tok.text);
    if (kind === 'explicit') {
      addSymbol(f, tok.raw, tok.text, problems, 'freeText');
      continue;
    }
    if (kind === 'bare') {
      const r = parseSymbol(tok.text, { context: 'freeText' });
      if (r.ok || r.reason === 'ambiguous') addSymbol(f, tok.raw, tok.text, problems, 'freeText');
      else f.words.push(tok.text);
      continue;
    }
    const kv = /^([A-Za-z][A-Za-z_-]{0,15})[:：](.*)$/.exec(tok.text);
    if (kv && !/^\/\//.test(kv[2] ?? '')) {
      const key = (kv[1] ?? '').toLowerCase();
      const value = (kv[2] ?? '').trim();
      const name = KEYS[key];
      if (!name) {
        const hint = closest(key, FILTER_KEYS);
        problems.push({
          token: tok.raw,
          message: `Unknown filter \`${key}:\`${hint ? ` — did you mean \`${hint}:\`?` : ''} To search for it literally, put it in quotes.`,
          example: hint ? `${hint}:…` : `"${tok.text}"`,
        });
      } else if (value === '') {
        problems.push({ token: tok.raw, message: `\`${key}:\` needs a value.`, example: FILTER_EXAMPLES[name] });
      } else {
        applyFilter(f, name, value, tok, problems, now);
      }
      continue;
    }
    if (tok.text) f.words.push(tok.text);
  }
  return f;
}
