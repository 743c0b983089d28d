import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  decodeConceptButton,
  decodeDocButton,
  decodeFolderButton,
  decodeSearchState,
  decodeSubscriptionButton,
  encodeDocButton,
  encodeSearchState,
  encodeSimple,
  parseButtonObject,
  type SearchState,
} from '../../../src/slack/kit/button-values.js';

const JUNK = [undefined, '', 'not json', 'null', '[]', '"text"', '42', '{}'];
const text = (max: number) => fc.string({ maxLength: max });
const list = fc.array(text(30), { maxLength: 8 });
const category = fc.constantFrom('financials', 'transcripts', 'reports', 'filings', 'news', 'socials', 'files' as const);
const market = fc.constantFrom('cn', 'hk', 'us' as const);
const page = fc.integer({ min: 1, max: 1000 });

const searchState: fc.Arbitrary<SearchState> = fc.oneof(
  fc.record({
    k: fc.constant('v2' as const),
    p: page,
    r: fc.record(
      { query: text(3000), num: fc.integer({ min: 1, max: 100 }), symbols: list, industries: list },
      { requiredKeys: ['query'] },
    ),
  }),
  fc.record({
    k: fc.constant('news' as const),
    p: page,
    r: fc.record({ query: text(3000), symbols: list, channelIds: list }, { requiredKeys: ['query'] }),
  }),
  fc.record({
    k: fc.constant('v1' as const),
    p: page,
    r: fc.record(
      {
        query: text(3000),
        mode: fc.constantFrom('smart', 'semantic', 'keywords' as const),
        categories: fc.array(category, { maxLength: 7 }),
        markets: fc.array(market, { maxLength: 3 }),
        symbols: list,
        tags: fc.oneof(list, fc.dictionary(text(10), list, { maxKeys: 3 })),
        startDate: fc.constant('2024-01-01'),
      },
      { requiredKeys: [] },
    ),
  }),
  fc.record({
    k: fc.constant('tag' as const),
    p: page,
    r: fc.record(
      { tags: fc.array(text(200), { maxLength: 40 }), categories: fc.array(category, { maxLength: 7 }) },
      { requiredKeys: ['tags'] },
    ),
  }),
);

describe('search state values', () => {
  it('always fit a button and decode to the same search, the query and free-text lists at most shortened', () => {
    fc.assert(
      fc.property(searchState, (state) => {
        const value = encodeSearchState(state);
        expect(value.length).toBeLessThanOrEqual(2000);
        const back = decodeSearchState(value);
        expect(back).not.toBeNull();
        expect(back).toMatchObject({ k: state.k, p: state.p });
        const r = back?.r as Record<string, unknown>;
        const sent = state.r as Record<string, unknown>;
        if (typeof sent.query === 'string') expect(sent.query.startsWith(String(r.query))).toBe(true);
        // Enum lists are never cut into values that would not decode.
        for (const key of ['categories', 'markets'] as const) {
          if (Array.isArray(sent[key])) expect(sent[key]).toEqual(expect.arrayContaining(r[key] as string[]));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('refuses values that are not a search state', () => {
    for (const v of [...JUNK, '{"k":"v2","p":1,"r":{}}', '{"k":"v2","p":0,"r":{"query":"x"}}', '{"k":"v2","p":1.5,"r":{"query":"x"}}'])
      expect(decodeSearchState(v)).toBeNull();
    expect(decodeSearchState('{"k":"tag","p":1,"r":{"tags":"a"}}')).toBeNull();
    expect(decodeSearchState('{"k":"v1","p":1,"r":{"categories":["gossip"]}}')).toBeNull();
    expect(decodeSearchState('{"k":"v1","p":1,"r":{"symbols":[1]}}')).toBeNull();
    expect(decodeSearchState('{"k":"x","p":1,"r":{"query":"x"}}')).toBeNull();
  });
});

describe('document buttons', () => {
  it('round-trip, and read a text member of another type as absent', () => {
    expect(decodeDocButton(encodeDocButton({ d: 'doc_1', t: 'Title', q: 'query' }))).toEqual({ d: 'doc_1', t: 'Title', q: 'query' });
    expect(decodeDocButton('{"d":"doc_1","t":5}')).toEqual({ d: 'doc_1' });
    for (const v of [...JUNK, '{"d":""}', '{"d":7}']) expect(decodeDocButton(v)).toBeNull();
  });
});

describe('small buttons', () => {
  it('decode a concept, a subscription and a folder written by encodeSimple', () => {
    expect(decodeConceptButton(encodeSimple({ c: 'k1', n: '低空经济' }))).toEqual({ conceptId: 'k1', name: '低空经济' });
    expect(decodeConceptButton('{"c":42}')).toEqual({ conceptId: '42' });
    expect(decodeSubscriptionButton(encodeSimple({ t: 'T1', ch: 'C1' }))).toEqual({ teamId: 'T1', channelId: 'C1' });
    expect(decodeFolderButton(encodeSimple({ f: 'fold-1' }))).toEqual({ folderId: 'fold-1' });
  });

  it('refuse values without what the handler needs', () => {
    for (const v of [...JUNK, '{"c":""}', '{"n":"x"}']) expect(decodeConceptButton(v)).toBeNull();
    for (const v of [...JUNK, '{"t":"T1"}', '{"t":1,"ch":"C1"}']) expect(decodeSubscriptionButton(v)).toBeNull();
    for (const v of [...JUNK, '{"f":""}', '{"f":3}']) expect(decodeFolderButton(v)).toBeNull();
  });

  it('parseButtonObject accepts only a JSON object', () => {
    expect(parseButtonObject('{"a":1}')).toEqual({ a: 1 });
    for (const v of JUNK.filter((j) => j !== '{}')) expect(parseButtonObject(v)).toBeNull();
  });
});
