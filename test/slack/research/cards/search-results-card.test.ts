/**
 * Issue 29 §7: "relevance 6.27" means nothing to a reader (the service's scores have no fixed
 * scale), so a result says how well it matches in words, measured against the search's best.
 */
import { describe, expect, it } from 'vitest';
import { renderV2SearchResults } from '../../../../src/slack/research/cards/search-results-card.js';
import { matchWord } from '../../../../src/slack/blocks/match-word.js';
import { buildSearchDoc } from '../../blocks/fixtures.js';
import { findMessageViolations } from '../../blocks/limit-violations.js';

const state = { k: 'v2' as const, r: { query: 'AI capex', num: 10 }, p: 1 };

const sectionTexts = (m: ReturnType<typeof renderV2SearchResults>): string[] =>
  m.blocks.flatMap((b) => (b.type === 'section' && b.text ? [b.text.text] : []));

describe('search results: relevance in words', () => {
  it('shows no raw score, and words measured against the best match of the search', () => {
    const docs = [6.27, 5.1, 3.2, 0.9].map((score, i) => buildSearchDoc({ docId: `d${i}`, title: `Doc ${i}`, score }));
    const m = renderV2SearchResults({ docs, totalCount: 4, tookMs: 3 }, { state, visibility: 'ephemeral', pageSize: 5 });
    expect(findMessageViolations(m)).toEqual([]);
    const texts = sectionTexts(m);
    expect(texts.join('\n')).not.toMatch(/relevance\s*\d|6\.27|5\.10|\b0\.90\b/);
    const lineOf = (title: string): string => texts.find((t) => t.includes(title)) ?? '';
    expect(lineOf('Doc 0')).toContain('strong match');
    expect(lineOf('Doc 1')).toContain('strong match');
    expect(lineOf('Doc 2')).toContain('good match');
    expect(lineOf('Doc 3')).toContain('weak match');
  });

  it('measures a later page against the best score of the whole search, not of the page', () => {
    const docs = [9, 8, 2, 1.5].map((score, i) => buildSearchDoc({ docId: `d${i}`, title: `Doc ${i}`, score }));
    const m = renderV2SearchResults(
      { docs, totalCount: 4, tookMs: 3 },
      { state: { ...state, p: 2 }, visibility: 'ephemeral', pageSize: 2 },
    );
    const texts = sectionTexts(m).join('\n');
    expect(texts).toContain('Doc 2');
    expect(texts).toContain('weak match');
    expect(texts).not.toContain('strong match');
  });

  it('says nothing when there is no score to measure', () => {
    expect(matchWord(undefined, 3)).toBeUndefined();
    expect(matchWord(2, undefined)).toBeUndefined();
    expect(matchWord(0, 0)).toBeUndefined();
    expect(matchWord(Number.NaN, 1)).toBeUndefined();
  });
});
