/**
 * The StateStore contract: what every implementation (Redis, file, memory) must do, run against
 * each of them. TTLs are tens of seconds and time moves only through `harness.advance`, so no
 * test waits on a real clock (see store-harness.ts for how Redis is advanced).
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StateStore } from '../../src/store/state-store.js';
import { StateStoreError } from '../../src/store/state-store-error.js';
import { assertRedisReachable, buildStoreUnderTest, type StoreKind, type StoreUnderTest } from './store-harness.js';

export interface ContractTarget {
  /** Shown in the suite's name, e.g. `redis` or `redis cluster`. */
  title: string;
  kind: StoreKind;
  build: () => Promise<StoreUnderTest>;
  /** Fails with instructions when the store's server is not there. */
  assertReachable?: () => Promise<void>;
}

const TTL_MS = 60_000;
const PAST_TTL_MS = TTL_MS + 1;

export function describeStateStoreContract(kinds: readonly StoreKind[]): void {
  for (const kind of kinds) {
    describeStateStoreContractOn({
      title: kind,
      kind,
      build: () => buildStoreUnderTest(kind, 'contract'),
      ...(kind === 'redis' ? { assertReachable: assertRedisReachable } : {}),
    });
  }
}

/** The contract on one target: a store kind, or Redis on a topology (Cluster, Sentinel). */
export function describeStateStoreContractOn({ title, kind, build, assertReachable }: ContractTarget): void {
  describe(`StateStore contract: ${title}`, () => {
    let harness: StoreUnderTest;
    let store: StateStore;

    beforeAll(async () => {
      await assertReachable?.();
    });

    beforeEach(async () => {
      harness = await build();
      store = await harness.open();
    });

    afterEach(async () => {
      await store.close();
      await harness.cleanup();
    });

    it('reports its kind and answers ping', async () => {
      expect(store.kind).toBe(kind);
      await expect(store.ping()).resolves.toBeUndefined();
    });

    it('gets what was set, null for absent keys, nothing after delete', async () => {
      expect(await store.get('a')).toBeNull();
      await store.set('a', 'one');
      await store.set('b', 'two ✓ 中文');
      expect(await store.get('a')).toBe('one');
      expect(await store.get('b')).toBe('two ✓ 中文');
      await store.set('a', 'uno');
      expect(await store.get('a')).toBe('uno');
      await store.delete('a');
      await store.delete('never-there');
      expect(await store.get('a')).toBeNull();
    });

    it('expires keys after their TTL, and a set without TTL clears an earlier one', async () => {
      await store.set('short', 'x', TTL_MS);
      await store.set('kept', 'y', TTL_MS);
      await store.set('kept', 'y2');
      expect(await store.get('short')).toBe('x');
      await harness.advance(PAST_TTL_MS);
      expect(await store.get('short')).toBeNull();
      expect(await store.get('kept')).toBe('y2');
    });

    it('setIfAbsent sets only when absent, and again once the key expired', async () => {
      expect(await store.setIfAbsent('claim', 'first', TTL_MS)).toBe(true);
      expect(await store.setIfAbsent('claim', 'second', TTL_MS)).toBe(false);
      expect(await store.get('claim')).toBe('first');
      await harness.advance(PAST_TTL_MS);
      expect(await store.setIfAbsent('claim', 'third')).toBe(true);
      expect(await store.get('claim')).toBe('third');
    });

    it('lets exactly one of many concurrent setIfAbsent claims win', async () => {
      const results = await Promise.all(Array.from({ length: 40 }, (_, i) => store.setIfAbsent('race', `holder-${i}`, 10_000)));
      const winners = results.flatMap((won, i) => (won ? [i] : []));
      expect(winners).toHaveLength(1);
      expect(await store.get('race')).toBe(`holder-${winners[0]}`);
    });

    it('addToSet adds a member once, keeps each member apart, and adds it again once it expired', async () => {
      expect(await store.addToSet('claims:1', 'digest-a', TTL_MS)).toBe(true);
      expect(await store.addToSet('claims:1', 'digest-a', TTL_MS)).toBe(false);
      expect(await store.addToSet('claims:1', 'digest-b', TTL_MS)).toBe(true);
      expect(await store.addToSet('claims:2', 'digest-a', TTL_MS)).toBe(true);
      await harness.advance(PAST_TTL_MS);
      expect(await store.addToSet('claims:1', 'digest-a', TTL_MS)).toBe(true);
      expect(await store.addToSet('claims:1', 'digest-a', TTL_MS, { awaitDurable: false })).toBe(false);
    });

    it('lets exactly one of many concurrent adds of one member win, and lists and deletes what it added', async () => {
      const results = await Promise.all(Array.from({ length: 40 }, () => store.addToSet('claims:race', 'digest', TTL_MS)));
      expect(results.filter(Boolean)).toHaveLength(1);
      // Listed under the set's key; deleting what is listed forgets the claims (clear-app-state.ts).
      const listed = await store.keys('claims:');
      expect(listed.length).toBeGreaterThan(0);
      for (const key of listed) await store.delete(key);
      expect(await store.addToSet('claims:race', 'digest', TTL_MS)).toBe(true);
    });

    it('deleteIfEquals deletes only the expected value', async () => {
      await store.set('lease', 'me');
      expect(await store.deleteIfEquals('lease', 'you')).toBe(false);
      expect(await store.get('lease')).toBe('me');
      expect(await store.deleteIfEquals('lease', 'me')).toBe(true);
      expect(await store.get('lease')).toBeNull();
      expect(await store.deleteIfEquals('lease', 'me')).toBe(false);
    });

    it('replaceIfEquals replaces value and TTL only when the current value matches', async () => {
      expect(await store.replaceIfEquals('absent', 'x', 'y')).toBe(false);
      expect(await store.get('absent')).toBeNull();
      await store.set('lease', 'me', 10 * TTL_MS);
      expect(await store.replaceIfEquals('lease', 'you', 'you', TTL_MS)).toBe(false);
      expect(await store.replaceIfEquals('lease', 'me', 'me-again', TTL_MS)).toBe(true);
      expect(await store.get('lease')).toBe('me-again');
      await harness.advance(PAST_TTL_MS);
      expect(await store.get('lease')).toBeNull();
    });

    it('lets exactly one of many concurrent compare-and-replace calls on one value win', async () => {
      await store.set('cas', 'v0');
      const results = await Promise.all(Array.from({ length: 30 }, (_, i) => store.replaceIfEquals('cas', 'v0', `v1-${i}`)));
      expect(results.filter(Boolean)).toHaveLength(1);
      const winner = `v1-${results.indexOf(true)}`;
      expect(await store.get('cas')).toBe(winner);
      const deletes = await Promise.all(Array.from({ length: 30 }, () => store.deleteIfEquals('cas', winner)));
      expect(deletes.filter(Boolean)).toHaveLength(1);
    });

    it('loses no update when concurrent writers loop on compare-and-replace', async () => {
      await store.set('counter', '0');
      const bump = async (): Promise<void> => {
        for (;;) {
          const current = (await store.get('counter')) ?? '0';
          if (await store.replaceIfEquals('counter', current, String(Number(current) + 1))) return;
        }
      };
      await Promise.all(Array.from({ length: 25 }, bump));
      expect(await store.get('counter')).toBe('25');
    });

    it('increments counters, creating them with the TTL and keeping the first expiry', async () => {
      expect(await store.increment('n', 1, TTL_MS * 2)).toBe(1);
      expect(await store.increment('n', 5, TTL_MS * 2)).toBe(6);
      expect(await store.increment('n', -2, TTL_MS * 2)).toBe(4);
      await harness.advance(TTL_MS);
      // A later increment does not push the window's expiry out: gone once the first TTL has run.
      expect(await store.increment('n', 1, TTL_MS * 2)).toBe(5);
      await harness.advance(TTL_MS + 1);
      expect(await store.get('n')).toBeNull();
      expect(await store.increment('n', 3, TTL_MS)).toBe(3);
    });

    it('counts every one of many concurrent increments', async () => {
      const values = await Promise.all(Array.from({ length: 60 }, () => store.increment('hits', 1, 10_000)));
      expect(await store.get('hits')).toBe('60');
      expect(new Set(values).size).toBe(60);
    });

    it('refuses to increment a value that is not an integer', async () => {
      await store.set('text', 'hello');
      await expect(store.increment('text', 1, 1_000)).rejects.toMatchObject({ name: 'StateStoreError', code: 'not_an_integer' });
    });

    it('lists live keys by literal prefix', async () => {
      await store.set('sub:T1:C1', '1');
      await store.set('sub:T1:C2', '1');
      await store.set('sub:T12:C3', '1');
      await store.set('sub:T1:gone', '1', TTL_MS);
      await store.set('sub*:T1:glob', '1');
      await store.set('other', '1');
      await harness.advance(PAST_TTL_MS);
      expect((await store.keys('sub:T1:')).sort()).toEqual(['sub:T1:C1', 'sub:T1:C2']);
      expect((await store.keys('sub*:')).sort()).toEqual(['sub*:T1:glob']);
      expect((await store.keys('sub:')).sort()).toEqual(['sub:T1:C1', 'sub:T1:C2', 'sub:T12:C3'].sort());
      expect(await store.keys('nothing:')).toEqual([]);
    });

    it('rejects calls after close with a typed error', async () => {
      await store.close();
      await expect(store.get('a')).rejects.toBeInstanceOf(StateStoreError);
      store = await harness.open();
    });
  });
}
