/**
 * The StateStore contract on the in-memory store (unit tier): the same suite the Redis and file
 * stores pass in state-store.contract.integration.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryStateStore } from '../../src/store/memory-state-store.js';
import { describeStateStoreContract } from './state-store-contract.js';
import { buildManualClock } from './store-harness.js';

describeStateStoreContract(['memory']);

describe('Memory state store specifics', () => {
  it('measures TTLs on its injected clock only', async () => {
    const clock = buildManualClock();
    const store = createMemoryStateStore({ clock: clock.now });
    await store.set('k', 'v', 1_000);
    clock.advance(999);
    expect(await store.get('k')).toBe('v');
    clock.advance(1);
    expect(await store.get('k')).toBeNull();
  });

  it('keeps nothing from one store to the next', async () => {
    const first = createMemoryStateStore();
    await first.set('k', 'v');
    await first.close();
    expect(await createMemoryStateStore().get('k')).toBeNull();
  });
});
