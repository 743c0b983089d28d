import { describe, expect, it } from 'vitest';
import { splitPublicFlag } from '../../../src/slack/kit/public-flag.js';

describe('splitPublicFlag', () => {
  it('takes --public (and the dashes phones make of it) out of the text', () => {
    expect(splitPublicFlag('top:3 --public')).toEqual({ text: 'top:3', public: true });
    expect(splitPublicFlag('—public US:NVDA balance')).toEqual({ text: 'US:NVDA balance', public: true });
    expect(splitPublicFlag('SPX –PUBLIC last:6m')).toEqual({ text: 'SPX last:6m', public: true });
  });

  it('leaves everything else alone', () => {
    expect(splitPublicFlag('US:NVDA  balance')).toEqual({ text: 'US:NVDA  balance', public: false });
    expect(splitPublicFlag('--publicity')).toEqual({ text: '--publicity', public: false });
    expect(splitPublicFlag(undefined as unknown as string)).toEqual({ text: '', public: false });
  });
});
