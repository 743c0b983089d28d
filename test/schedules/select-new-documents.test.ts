import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DocumentSummary } from '../../src/service/types.js';
import type { WatchRecord, WatchState } from '../../src/store/records.js';
import {
  afterDocumentsPosted,
  MAX_DOCS_PER_ALERT,
  selectNewDocuments,
  WATCH_LOOKBACK_MS,
} from '../../src/schedules/select-new-documents.js';

const T = Date.parse('2025-07-01T00:00:00.000Z');
const watch: WatchRecord = {
  teamId: 'T1',
  watchId: 'w1',
  channelId: 'C1',
  scope: 'channel',
  target: { kind: 'symbol', symbol: 'SH:600519' },
  categories: [],
  createdBy: 'U1',
  createdAtMs: T,
};
const initial: WatchState = { cursorMs: T, seen: {}, lastPollMs: 0, earningsEves: [] };
const doc = (id: string, ms: number): DocumentSummary =>
  ({ id, title: `Doc ${id}`, publishedAt: new Date(ms).toISOString() }) as DocumentSummary;

describe('selectNewDocuments', () => {
  it('takes documents since the watch began, oldest first, not seen before, at most one alert’s worth', () => {
    const docs = [
      doc('old', T - 1),
      doc('b', T + 20),
      doc('a', T + 10),
      doc('a', T + 10),
      { id: 'undated', title: 'No date' } as DocumentSummary,
    ];
    expect(selectNewDocuments(docs, watch, initial).map((d) => d.id)).toEqual(['a', 'b']);
    const many = Array.from({ length: MAX_DOCS_PER_ALERT + 5 }, (_, i) => doc(`d${i}`, T + 1_000 * (i + 1)));
    expect(selectNewDocuments(many, watch, initial)).toHaveLength(MAX_DOCS_PER_ALERT);
  });

  it('takes a late-indexed document within the look-back, never one already alerted', () => {
    const state = { ...initial, cursorMs: T + 5 * WATCH_LOOKBACK_MS, seen: { seen1: T + 5 * WATCH_LOOKBACK_MS } };
    const docs = [
      doc('late', state.cursorMs - WATCH_LOOKBACK_MS / 2),
      doc('tooOld', state.cursorMs - 2 * WATCH_LOOKBACK_MS),
      doc('seen1', state.cursorMs),
    ];
    expect(selectNewDocuments(docs, watch, state).map((d) => d.id)).toEqual(['late']);
  });

  it('never alerts a document twice over any sequence of polls (property)', () => {
    const poll = fc.array(
      fc.record({ id: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'), offset: fc.integer({ min: -10, max: 1_000_000 }) }),
      {
        maxLength: 12,
      },
    );
    fc.assert(
      fc.property(fc.array(poll, { maxLength: 8 }), (polls) => {
        let state = initial;
        const alerted: string[] = [];
        // A document keeps one publication time, as in the service.
        const published = new Map<string, number>();
        for (const answer of polls) {
          const docs = answer.map((d) => {
            if (!published.has(d.id)) published.set(d.id, T + d.offset);
            return doc(d.id, published.get(d.id) ?? T);
          });
          const fresh = selectNewDocuments(docs, watch, state);
          alerted.push(...fresh.map((d) => d.id));
          state = { ...state, ...afterDocumentsPosted(state, fresh) };
        }
        return new Set(alerted).size === alerted.length;
      }),
      { numRuns: 1_000 },
    );
  });
});
