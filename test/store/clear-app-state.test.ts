import { describe, expect, it } from 'vitest';
import { appKeyPrefixes } from '../../src/store/keys.js';
import { describeClearAppState, everyAppKey } from './clear-app-state-suite.js';

describe('appKeyPrefixes', () => {
  it('covers every key the app builds, so clearing the app state misses none', () => {
    for (const key of everyAppKey())
      expect(
        appKeyPrefixes.some((prefix) => key.startsWith(prefix)),
        key,
      ).toBe(true);
  });
});

describeClearAppState(['memory']);
