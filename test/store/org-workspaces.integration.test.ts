/**
 * Issue 28, defect 5: an org's workspace membership lives in the store alone. Two replicas share
 * one Redis; one uninstalls the org, the org installs again, and a request through the other
 * replica must write the membership again (no process-local memo may say "already recorded").
 * The same after Redis loses its data.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { forgetWorkspaceData } from '../../src/store/forget-workspace.js';
import { keys } from '../../src/store/keys.js';
import { OrgWorkspaces } from '../../src/store/org-workspaces.js';
import type { StateStore } from '../../src/store/state-store.js';
import { assertRedisReachable, buildRedisStore, clearRedisPrefix, skipRedisTests, uniquePrefix } from './store-harness.js';

/** What the app's uninstall does (multi-workspaces.ts forget): every workspace the org served, then its data. */
async function uninstallOrg(replica: { store: StateStore; org: OrgWorkspaces }, enterpriseId: string): Promise<void> {
  const teamIds = await replica.org.teamsOf(enterpriseId);
  await forgetWorkspaceData(replica.store, teamIds, enterpriseId);
  for (const teamId of teamIds) replica.org.forget(enterpriseId, teamId);
}

describe.skipIf(skipRedisTests())('OrgWorkspaces on Redis shared by two replicas', () => {
  const prefixes: string[] = [];
  const opened: StateStore[] = [];

  const replicasOn = (prefix: string) =>
    [buildRedisStore(prefix), buildRedisStore(prefix)].map((store) => {
      opened.push(store);
      return { store, org: new OrgWorkspaces(store) };
    });

  const freshPrefix = (): string => {
    const prefix = uniquePrefix('org-workspaces');
    prefixes.push(prefix);
    return prefix;
  };

  beforeAll(assertRedisReachable);

  afterEach(async () => {
    for (const store of opened.splice(0)) await store.close();
    for (const prefix of prefixes.splice(0)) await clearRedisPrefix(prefix);
  });

  it('an org uninstalled through one replica and installed again: a request through the other records the workspace again', async () => {
    const [a, b] = replicasOn(freshPrefix()) as [{ store: StateStore; org: OrgWorkspaces }, { store: StateStore; org: OrgWorkspaces }];
    await b.org.record('E1', 'T1');
    await a.store.set(keys.watch('T1', 'C1', 'w1'), '{"keyword":"lithium"}');

    await uninstallOrg(a, 'E1');
    expect(await a.store.get(keys.watch('T1', 'C1', 'w1'))).toBeNull();
    expect(await b.org.orgOf('T1')).toBeUndefined();

    // Installed again; the workspace's next request (and its new watch) goes through replica b.
    await b.org.record('E1', 'T1');
    await b.store.set(keys.watch('T1', 'C1', 'w2'), '{"keyword":"cobalt"}');

    expect(await a.org.orgOf('T1')).toBe('E1');
    expect(await a.org.teamsOf('E1')).toEqual(['T1']);
    // So the next uninstall, through either replica, finds the workspace and leaves no key of it.
    await uninstallOrg(a, 'E1');
    expect(await a.store.keys('')).toEqual([]);
  });

  it('after Redis loses its data, the next request records the membership again', async () => {
    const prefix = freshPrefix();
    const [a] = replicasOn(prefix) as [{ store: StateStore; org: OrgWorkspaces }];
    await a.org.record('E1', 'T1');

    await clearRedisPrefix(prefix); // a flush, a failover to an empty replica, an eviction
    expect(await a.org.orgOf('T1')).toBeUndefined();

    await a.org.record('E1', 'T1');
    expect(await a.org.orgOf('T1')).toBe('E1');
    expect(await a.org.teamsOf('E1')).toEqual(['T1']);
  });

  it('a workspace moved to another org is listed under the new org only', async () => {
    const [a, b] = replicasOn(freshPrefix()) as [{ store: StateStore; org: OrgWorkspaces }, { store: StateStore; org: OrgWorkspaces }];
    await a.org.record('E1', 'T1');
    await b.org.record('E2', 'T1');

    expect(await a.org.orgOf('T1')).toBe('E2');
    expect(await a.org.teamsOf('E2')).toEqual(['T1']);
    expect(await a.org.teamsOf('E1')).toEqual([]);
  });

  it('a busy workspace writes nothing once its membership is stored', async () => {
    const [a] = replicasOn(freshPrefix()) as [{ store: StateStore; org: OrgWorkspaces }];
    await a.org.record('E1', 'T1');
    let writes = 0;
    // The real store, with every change it makes counted.
    const store = a.store;
    const counted: StateStore = {
      kind: store.kind,
      get: (key) => store.get(key),
      set: async (key, value, ttlMs) => {
        writes += 1;
        await store.set(key, value, ttlMs);
      },
      setIfAbsent: async (key, value, ttlMs) => {
        const set = await store.setIfAbsent(key, value, ttlMs);
        if (set) writes += 1;
        return set;
      },
      addToSet: async (key, member, ttlMs) => {
        const added = await store.addToSet(key, member, ttlMs);
        if (added) writes += 1;
        return added;
      },
      delete: async (key) => {
        writes += 1;
        await store.delete(key);
      },
      deleteIfEquals: (key, expected) => store.deleteIfEquals(key, expected),
      replaceIfEquals: (key, expected, value, ttlMs) => store.replaceIfEquals(key, expected, value, ttlMs),
      increment: (key, by, ttlMs) => store.increment(key, by, ttlMs),
      keys: (prefix) => store.keys(prefix),
      ping: () => store.ping(),
      close: () => store.close(),
    };
    const org = new OrgWorkspaces(counted);
    for (let i = 0; i < 5; i += 1) await org.record('E1', 'T1');
    expect(writes).toBe(0);
  });
});
