/**
 * clearAppState on each store kind: the app's keys go (every kind of key keys.ts builds), a key
 * outside the app's prefixes stays, and the cleared state is gone after a reopen too.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { clearAppState } from '../../src/store/clear-app-state.js';
import { keys, leaseNames } from '../../src/store/keys.js';
import type { StateStore } from '../../src/store/state-store.js';
import { buildStoreUnderTest, type StoreKind, type StoreUnderTest } from './store-harness.js';

/** One key of every kind the app writes, as keys.ts spells them. */
export function everyAppKey(): string[] {
  return [
    keys.run('r-1'),
    keys.runProgress('r-1'),
    keys.activeRun('r-1'),
    keys.runLease('r-1'),
    keys.digestLock('T1', 'C1'),
    keys.thread('T1', 'C1', '1.000100'),
    keys.conversation('T1', 'conv-1'),
    keys.event('Ev1'),
    keys.signedRequestMinute(1_750_000_000),
    keys.subscription('T1', 'C1'),
    keys.digestSlot('T1', 'C1', '2025-03-10T09:00'),
    keys.digestSnapshot('T1', 'C1'),
    keys.folder('T1', 'F1'),
    keys.recentRuns('T1', 'U1'),
    keys.budgetWindow('T1', 'chat.update', 'C1', 42),
    keys.budgetBlocked('T1', 'chat.postMessage', undefined),
    keys.watch('T1', 'C1', 'w1'),
    keys.watchState('T1', 'C1', 'w1'),
    keys.lease(leaseNames.watch('T1', 'C1', 'w1')),
    keys.watchBudget(42),
    keys.watchBudgetBlocked,
    keys.installation('T1'),
    keys.serviceConnection('T1'),
    keys.teamOrg('T1'),
    keys.orgTeam('E1', 'T1'),
  ];
}

export function describeClearAppState(kinds: StoreKind[]): void {
  describe.each(kinds)('clearAppState on the %s store', (kind) => {
    let under: StoreUnderTest;
    const opened: StateStore[] = [];
    const open = async (): Promise<StateStore> => {
      const store = await under.open();
      opened.push(store);
      return store;
    };

    afterEach(async () => {
      for (const store of opened.splice(0)) await store.close().catch(() => undefined);
      await under?.cleanup();
    });

    it("deletes every key the app owns, keeps others, and the store's next open sees none", async () => {
      under = await buildStoreUnderTest(kind, 'clear-app-state');
      const store = await open();
      for (const key of everyAppKey()) await store.set(key, 'v', 60_000);
      await store.set('someone-else:key', 'theirs');

      expect(await clearAppState(store)).toBe(everyAppKey().length);

      expect(await store.keys('')).toEqual(['someone-else:key']);
      await store.close();
      const reopened = await open();
      expect(await reopened.keys('')).toEqual(['someone-else:key']);
      expect(await reopened.get(keys.run('r-1'))).toBeNull();
    });

    it('leaves an empty store empty', async () => {
      under = await buildStoreUnderTest(kind, 'clear-app-state-empty');
      expect(await clearAppState(await open())).toBe(0);
    });
  });
}
