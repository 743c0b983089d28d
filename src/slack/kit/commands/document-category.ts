import type { Category } from '../../../service/types.js';

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
