import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MESSAGE_QUERY_MAX_CHARS, messageSearchRequest } from '../../../src/slack/research/message-search-request.js';

describe('messageSearchRequest', () => {
  it('turns tickers into symbol filters and dates into a window, keeping the words', () => {
    const search = messageSearchRequest('Did $NVDA or 600519.SH beat on 2024-08-28? cf. 2024/05/22 <@U123> :eyes: <https://x.org|notes>');
    expect(search?.symbols).toEqual(['US:NVDA', 'SH:600519']);
    expect(search?.dates).toEqual(['2024-05-22', '2024-08-28']);
    expect(search?.request).toMatchObject({
      query: 'Did NVDA or 600519 beat on cf notes',
      symbols: ['US:NVDA', 'SH:600519'],
      startDatetime: '2024-05-22',
      endDatetime: '2024-08-28',
    });
  });

  it('leaves bare words as words and a single date as the start of the window', () => {
    const search = messageSearchRequest('AI capex since 2025-01-31');
    expect(search?.symbols).toEqual([]);
    expect(search?.request.startDatetime).toBe('2025-01-31');
    expect(search?.request.endDatetime).toBeUndefined();
    expect(search?.request.query).toBe('AI capex since');
  });

  it('has nothing to search in mentions, links and emoji alone', () => {
    expect(messageSearchRequest('<@U1> <https://example.org> :tada:')).toBeNull();
    expect(messageSearchRequest(undefined)).toBeNull();
  });

  it('never throws and keeps queries short for any text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 2_000 }), (text) => {
        const search = messageSearchRequest(text);
        if (search) {
          expect(search.request.query.length).toBeLessThanOrEqual(MESSAGE_QUERY_MAX_CHARS);
          expect(search.request.query.trim()).not.toBe('');
        }
      }),
      { numRuns: 300 },
    );
  });
});
