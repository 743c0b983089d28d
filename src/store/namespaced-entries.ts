/**
 * The file store's entries, kept in one map per namespace: a key's namespace is what comes before
 * its first ':' (keys.ts spells every key `namespace:…`). A listing by prefix then walks only the
 * namespaces the prefix can match, not every key: the background sweeps list a few prefixes every
 * lease period, and without this each listing walked every replay claim of the last ten minutes
 * (one per command) too (issue 33).
 *
 * Why it finds every match: when the prefix holds a ':', a key that starts with it has the same
 * first ':' and so the prefix's namespace; when it holds none, a key starts with it exactly when
 * the key's namespace does.
 */
import type { StoredEntry } from './file-journal.js';

const namespaceOf = (key: string): string => {
  const colon = key.indexOf(':');
  return colon === -1 ? key : key.slice(0, colon);
};

export class NamespacedEntries {
  private readonly namespaces = new Map<string, Map<string, StoredEntry>>();

  constructor(entries: Iterable<[string, StoredEntry]> = []) {
    for (const [key, entry] of entries) this.set(key, entry);
  }

  get(key: string): StoredEntry | undefined {
    return this.namespaces.get(namespaceOf(key))?.get(key);
  }

  set(key: string, entry: StoredEntry): void {
    const namespace = namespaceOf(key);
    let entries = this.namespaces.get(namespace);
    if (!entries) {
      entries = new Map();
      this.namespaces.set(namespace, entries);
    }
    entries.set(key, entry);
  }

  delete(key: string): void {
    const namespace = namespaceOf(key);
    const entries = this.namespaces.get(namespace);
    if (!entries?.delete(key) || entries.size > 0) return;
    this.namespaces.delete(namespace);
  }

  /** Every key that starts with `prefix`, namespace by namespace; deleting the key just yielded is safe. */
  *keysStartingWith(prefix: string): Generator<string> {
    const colon = prefix.indexOf(':');
    if (colon !== -1) {
      const entries = this.namespaces.get(prefix.slice(0, colon));
      if (entries) for (const key of entries.keys()) if (key.startsWith(prefix)) yield key;
      return;
    }
    for (const [namespace, entries] of this.namespaces) {
      if (namespace.startsWith(prefix)) yield* entries.keys();
    }
  }

  /** Every entry, for a snapshot; deleting the entry just yielded is safe. */
  *entries(): Generator<[string, StoredEntry]> {
    for (const entries of this.namespaces.values()) yield* entries;
  }
}
