import { describe, expect, it } from 'vitest';
import { decodeRetry, encodeRetry } from '../../../src/slack/kit/retry-value.js';

describe('retry values', () => {
  it('round-trips a command and a button press', () => {
    expect(decodeRetry(encodeRetry({ kind: 'command', command: '/research', text: 'NVIDIA “AI” $NVDA' }))).toEqual({
      kind: 'command',
      command: '/research',
      text: 'NVIDIA “AI” $NVDA',
    });
    const press = { kind: 'action' as const, actionId: 'rd.search.summary', value: '{"d":"doc_1"}', threadTs: '1700000000.000100' };
    expect(decodeRetry(encodeRetry(press))).toEqual(press);
  });

  it('offers no value when it would not fit a button', () => {
    expect(encodeRetry({ kind: 'command', command: '/research', text: 'x'.repeat(2_000) })).toBeUndefined();
  });

  it('rejects anything that is not ours', () => {
    for (const v of [undefined, '', 'not json', 'null', '{"cmd":"research","text":"x"}', '{"act":1,"v":"x"}', '[]'])
      expect(decodeRetry(v)).toBeNull();
    expect(decodeRetry('{"act":"a","v":"x","th":"not-a-ts"}')).toEqual({ kind: 'action', actionId: 'a', value: 'x' });
  });
});
