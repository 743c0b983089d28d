import { describe, expect, it } from 'vitest';
import { NamespacedEntries } from '../../src/store/namespaced-entries.js';

const KEYS = [
  'run:T1-a',
  'run:T1-b',
  'run-progress:T1-a',
  'runs',
  'sub:T1:C1',
  'sub:T2:C1',
  'signed-request:abc',
  'signed-request:abd',
  'lease:run:T1-a',
  'lease:digest:T1:C1',
  ':odd',
  'plain',
  'a:b:c:d',
];
const PREFIXES = [
  '',
  'r',
  'run',
  'run:',
  'run:T1-',
  'run-',
  'runs',
  'sub:T1:',
  'sub:',
  'lease:run:',
  'lease:',
  ':',
  'pl',
  'a:b:',
  'none',
  'none:',
];

const stored = (keys: readonly string[]): NamespacedEntries => new NamespacedEntries(keys.map((k) => [k, { v: k }]));

describe('NamespacedEntries', () => {
  it.each(PREFIXES)('lists exactly the keys that start with %j', (prefix) => {
    const listed = [...stored(KEYS).keysStartingWith(prefix)].sort();
    expect(listed).toEqual(KEYS.filter((k) => k.startsWith(prefix)).sort());
  });

  it('gets, replaces and deletes by key, and forgets an emptied namespace', () => {
    const entries = stored(KEYS);
    entries.set('run:T1-a', { v: 'new', e: 5 });
    expect(entries.get('run:T1-a')).toEqual({ v: 'new', e: 5 });
    entries.delete('sub:T1:C1');
    entries.delete('sub:T2:C1');
    entries.delete('sub:T9:C9');
    expect(entries.get('sub:T1:C1')).toBeUndefined();
    expect([...entries.keysStartingWith('sub')]).toEqual([]);
    expect(new Map(entries.entries()).size).toBe(KEYS.length - 2);
  });

  it('lets the key just listed be deleted while listing, as the store expires entries lazily', () => {
    const entries = stored(KEYS);
    const listed: string[] = [];
    for (const key of entries.keysStartingWith('')) {
      listed.push(key);
      entries.delete(key);
    }
    expect(listed.sort()).toEqual([...KEYS].sort());
    expect([...entries.entries()]).toEqual([]);
  });
});
