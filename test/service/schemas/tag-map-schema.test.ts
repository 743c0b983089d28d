import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { metadataMapSchema, tagMapSchema } from '../../../src/service/schemas/tag-map-schema.js';
import { parseShape } from '../../../src/service/schemas/parse-shape.js';

const readTags = (raw: unknown) => parseShape(tagMapSchema, raw);
const readMetadatas = (raw: unknown) => parseShape(metadataMapSchema, raw);

const tagType = fc.constantFrom('industry', 'company', 'person', 'event');
const values = fc.array(fc.string({ minLength: 1, maxLength: 12 }), { maxLength: 4 });

describe('tagMapSchema', () => {
  it('reads the map form and the single {key, value} pair form alike', () => {
    fc.assert(
      fc.property(tagType, values, (key, vals) => {
        expect(readTags({ key, value: vals })).toEqual(readTags({ [key]: vals }));
        expect(readTags({ [key]: vals })).toEqual({ [key]: vals });
      }),
    );
  });

  it('folds a list of pairs into one map, keeping every value', () => {
    fc.assert(
      fc.property(fc.dictionary(tagType, values), (map) => {
        const pairs = Object.entries(map).map(([key, value]) => ({ key, value }));
        expect(readTags(pairs)).toEqual(map);
      }),
    );
  });

  it('turns anything unreadable into an empty map instead of failing', () => {
    fc.assert(
      fc.property(fc.oneof(fc.constant(null), fc.integer(), fc.string(), fc.boolean()), (junk) => {
        expect(readTags(junk)).toEqual({});
      }),
    );
    expect(readTags({ industry: 'banks' })).toEqual({ industry: ['banks'] });
  });
});

describe('metadataMapSchema', () => {
  it('keeps a single value or a list, in either form', () => {
    expect(readMetadatas({ key: 'period', value: '2024Q3' })).toEqual({ period: '2024Q3' });
    expect(readMetadatas({ entities: ['NVDA', 'TSMC'], period: '2024' })).toEqual({
      entities: ['NVDA', 'TSMC'],
      period: '2024',
    });
    expect(readMetadatas({ year: 2024 })).toEqual({ year: '2024' });
  });
});
