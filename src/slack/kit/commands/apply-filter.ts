import type { Market, SearchMode, SearchSort } from '../../../service/types.js';
import { addSymbol } from './add-symbol.js';
import { type CollectedFilters, FILTER_EXAMPLES, type FilterName } from './collected-filters.js';
import { addDateFilter } from './date-window.js';
import { CATEGORY_NAMES, categoryOf } from './document-category.js';
import type { Token } from './tokenize.js';
import type { UsageProblem } from './usage-problem.js';

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

const splitList = (v: string): string[] =>
  v
    .split(/[,，、]/)
    .map((s) => s.trim())
    .filter(Boolean);

/** Reads the value of one `key:value` filter into `f`; each value it cannot read becomes a usage problem. */
export function applyFilter(
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
        const c = categoryOf(v);
        if (!c) problem(`\`${v}\` is not a document type; choose from ${CATEGORY_NAMES.join(', ')}.`);
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
