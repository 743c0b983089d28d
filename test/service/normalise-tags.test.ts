import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { normaliseMetadatas, normaliseTags } from '../../src/service/normalise-tags.js';

const tagType = fc.constantFrom('industry', 'company', 'person', 'event');
const values = fc.array(fc.string({ minLength: 1, maxLength: 12 }), { maxLength: 4 });

describe('normaliseTags', () => {
  it('reads the map form and the single {key, value} pair form alike', () => {
    fc.assert(
      fc.property(tagType, values, (key, vals) => {
        expect(normaliseTags({ key, value: vals })).toEqual(normaliseTags({ [key]: vals }));
        expect(normaliseTags({ [key]: vals })).toEqual({ [key]: vals });
      }),
    );
  });

  it('folds a list of pairs into one map, keeping every value', () => {
    fc.assert(
      fc.property(fc.dictionary(tagType, values), (map) => {
        const pairs = Object.entries(map).map(([key, value]) => ({ key, value }));
        expect(normaliseTags(pairs)).toEqual(map);
      }),
    );
  });

  it('turns anything unreadable into an empty map instead of failing', () => {
    fc.assert(
      fc.property(fc.oneof(fc.constant(null), fc.integer(), fc.string(), fc.boolean()), (junk) => {
        expect(normaliseTags(junk)).toEqual({});
      }),
    );
    expect(normaliseTags({ industry: 'banks' })).toEqual({ industry: ['banks'] });
  });
});

describe('normaliseMetadatas', () => {
  it('keeps a single value or a list, in either form', () => {
    expect(normaliseMetadatas({ key: 'period', value: '2024Q3' })).toEqual({ period: '2024Q3' });
    expect(normaliseMetadatas({ entities: ['NVDA', 'TSMC'], period: '2024' })).toEqual({
      entities: ['NVDA', 'TSMC'],
      period: '2024',
    });
    expect(normaliseMetadatas({ year: 2024 })).toEqual({ year: '2024' });
  });
});
