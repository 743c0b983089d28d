import type { StockSymbol } from '../../../service/symbols.js';
import type { Category, Market, SearchMode, SearchSort } from '../../../service/types.js';
import type { DateWindow } from './date-window.js';

/** The filters of /research (the grammar: research-filters.ts). */
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

/** A command's tokens sorted into query words and filters. */
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

/** An example of each filter, shown next to a usage problem. */
export const FILTER_EXAMPLES: Record<FilterName, string> = {
  symbols: '$NVDA',
  categories: 'type:news,reports',
  markets: 'market:cn,hk',
  since: 'since:2024-01-01',
  until: 'until:2024-06-30',
  last: 'last:30d',
  mode: 'mode:semantic',
  sort: 'sort:latest',
  folders: 'in:fld_123',
  docs: 'doc:doc_123',
  public: '--public',
};
