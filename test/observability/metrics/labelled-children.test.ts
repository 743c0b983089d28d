import { describe, expect, it } from 'vitest';
import { labelledChildren } from '../../../src/observability/metrics/labelled-children.js';

describe('labelledChildren', () => {
  it('builds each child once, and past the bound shares one `other` child', () => {
    const made: string[] = [];
    const child = labelledChildren((value) => {
      made.push(value);
      return { value };
    }, 2);
    expect(child('a')).toBe(child('a'));
    child('b');
    expect(child('c')).toEqual({ value: 'other' });
    expect(child('d')).toBe(child('c'));
    expect(made).toEqual(['a', 'b', 'other']);
  });
});
