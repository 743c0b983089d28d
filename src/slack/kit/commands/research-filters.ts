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
import { parseSymbol } from '../../../service/symbols.js';
import { addSymbol } from './add-symbol.js';
import { applyFilter } from './apply-filter.js';
import { type CollectedFilters, FILTER_EXAMPLES, type FilterName } from './collected-filters.js';
import type { Token } from './tokenize.js';
import { closest, type UsageProblem } from './usage-problem.js';

// What /research and /watch read from the filter words, named where they are defined.
export { FILTER_EXAMPLES, type CollectedFilters, type FilterName } from './collected-filters.js';
export { CATEGORY_NAMES, categoryOf } from './document-category.js';

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
const PUBLIC_FLAG = /^(?:--|—|–)public$/i;

/** Whether a token should be read as a symbol (explicit `$`, market prefix or suffix, or 6 digits). */
function looksLikeSymbol(text: string): 'explicit' | 'bare' | false {
  if (/^\$\S/.test(text) || /^(sh|sz|hk|us|ss):\S/i.test(text) || /^[A-Za-z0-9.-]+\.(sh|sz|hk|us|ss)$/i.test(text)) return 'explicit';
  return /^\d{6}$/.test(text) ? 'bare' : false;
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
        problems.push({
          token: tok.raw,
          message: 'Mentions and channels cannot be searched for.',
          example: '/research battery supply chain',
        });
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
          example: hint ? FILTER_EXAMPLES[KEYS[hint] ?? 'categories'] : `"${tok.text}"`,
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
