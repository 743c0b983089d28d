import { describe, expect, it } from 'vitest';
import { decodeModalOrigin, encodeModalOrigin } from '../../../../src/slack/financials/modal/open-financials-modal.js';

describe('financials modal private_metadata', () => {
  it('keeps the channel only when it looks like a conversation id', () => {
    expect(decodeModalOrigin(encodeModalOrigin({ channelId: 'C0123ABC' }))).toEqual({ channelId: 'C0123ABC' });
    expect(decodeModalOrigin(encodeModalOrigin({}))).toEqual({});
    for (const v of [undefined, '', 'not json', 'null', '[]', '"text"', '{}', '{"c":"not a channel"}', '{"c":5}'])
      expect(decodeModalOrigin(v)).toEqual({});
  });
});
