import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { documentIdFromUrl, findDocumentRefs } from '../../../src/slack/research/find-document-refs.js';

const DOMAINS = ['research.example.com'];

describe('documentIdFromUrl', () => {
  it('reads the id of a document page on a configured domain only', () => {
    expect(documentIdFromUrl('https://research.example.com/docs/doc_abc123', DOMAINS)).toBe('doc_abc123');
    expect(documentIdFromUrl('https://RESEARCH.example.com/documents/doc_abc123/', DOMAINS)).toBe('doc_abc123');
    expect(documentIdFromUrl('https://evil.example.com/docs/doc_abc123', DOMAINS)).toBeUndefined();
    expect(documentIdFromUrl('https://research.example.com.evil.com/docs/doc_abc123', DOMAINS)).toBeUndefined();
    expect(documentIdFromUrl('https://research.example.com/about', DOMAINS)).toBeUndefined();
    expect(documentIdFromUrl('https://research.example.com/docs/a/b', DOMAINS)).toBeUndefined();
    expect(documentIdFromUrl('javascript:alert(1)', DOMAINS)).toBeUndefined();
    expect(documentIdFromUrl('https://research.example.com/docs/%E0%A4%A', DOMAINS)).toBeUndefined();
  });
});

describe('findDocumentRefs', () => {
  it('finds Slack links, bare links and written ids in order, each document once', () => {
    const text =
      'see <https://research.example.com/docs/doc_aaa111|the note>, doc:doc_bbb222 and https://research.example.com/docs/doc_ccc333. ' +
      'Again <https://research.example.com/docs/doc_aaa111> and doc_ddd444; not <https://other.org/docs/doc_eee555|this>';
    expect(findDocumentRefs(text, DOMAINS)).toEqual([
      { docId: 'doc_aaa111', url: 'https://research.example.com/docs/doc_aaa111' },
      { docId: 'doc_bbb222' },
      { docId: 'doc_ccc333', url: 'https://research.example.com/docs/doc_ccc333' },
      { docId: 'doc_ddd444' },
    ]);
  });

  it('finds nothing in text without document references', () => {
    expect(findDocumentRefs('no links, just a doc_ mention and <@U123>', DOMAINS)).toEqual([]);
    expect(findDocumentRefs(undefined, DOMAINS)).toEqual([]);
  });

  it('never throws and returns at most `limit` distinct ids for any text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), fc.integer({ min: 1, max: 5 }), (text, limit) => {
        const refs = findDocumentRefs(
          `${text} doc:doc_x1 ${text} https://research.example.com/docs/${encodeURIComponent(text.slice(0, 8))}`,
          DOMAINS,
          limit,
        );
        expect(refs.length).toBeLessThanOrEqual(limit);
        expect(new Set(refs.map((r) => r.docId)).size).toBe(refs.length);
      }),
      { numRuns: 200 },
    );
  });
});
