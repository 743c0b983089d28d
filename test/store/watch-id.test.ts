/**
 * A watch's id (watchIdOf) is part of its keys: it must name one watch per channel, target and
 * categories, and stay the same across versions, or a stored watch would no longer be found as a
 * duplicate (and two copies would alert twice).
 */
import { describe, expect, it } from 'vitest';
import type { WatchTarget } from '../../src/store/records.js';
import { watchIdOf } from '../../src/store/watches.js';

const symbol = (s: string): WatchTarget => ({ kind: 'symbol', symbol: s });
const keyword = (k: string): WatchTarget => ({ kind: 'keyword', keyword: k });

describe('watchIdOf', () => {
  it('stays the same across versions: the ids of watches already stored', () => {
    expect(watchIdOf('C1', symbol('SH:600519'), ['news', 'filings'])).toBe('7353428f280cffe9');
    expect(watchIdOf('C1', keyword('Solid-State Battery'), [])).toBe('0dec25f3f01a2db8');
  });

  it('the same target and categories in any order and keyword case are one watch', () => {
    expect(watchIdOf('C1', symbol('SH:600519'), ['filings', 'news'])).toBe(watchIdOf('C1', symbol('SH:600519'), ['news', 'filings']));
    expect(watchIdOf('C1', keyword('LITHIUM'), ['news'])).toBe(watchIdOf('C1', keyword('lithium'), ['news']));
  });

  it('another channel, symbol, keyword or set of categories is another watch', () => {
    const ids = [
      watchIdOf('C1', symbol('SH:600519'), ['news']),
      watchIdOf('C2', symbol('SH:600519'), ['news']),
      watchIdOf('C1', symbol('SZ:000001'), ['news']),
      watchIdOf('C1', symbol('SH:600519'), ['filings']),
      watchIdOf('C1', symbol('SH:600519'), []),
      watchIdOf('C1', keyword('SH:600519'), ['news']),
      watchIdOf('C1', keyword('lithium'), ['news']),
      watchIdOf('C1', keyword('cobalt'), ['news']),
      // Categories are joined with a separator: ['ab', 'c'] is not ['a', 'bc'].
      watchIdOf('C1', keyword('lithium'), ['ab', 'c']),
      watchIdOf('C1', keyword('lithium'), ['a', 'bc']),
      // Case folds to lower case: 'Straße' is not 'STRASSE' (upper-casing would make them one).
      watchIdOf('C1', keyword('Straße'), []),
      watchIdOf('C1', keyword('STRASSE'), []),
    ];
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{16}$/);
  });
});
