/**
 * Which canvas a card was saved as (saved-canvases.ts) on the real Redis store: per workspace and
 * channel, forgotten only when it is still the canvas named, one save of a card at a time (a
 * lease whose holder died lapses with its TTL, moved on the data, never waited for).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { keys } from '../../src/store/keys.js';
import { Leases } from '../../src/store/leases.js';
import { CANVAS_SAVE_LEASE_MS, SavedCanvases } from '../../src/store/saved-canvases.js';
import { advanceRedisTtls, buildRedisStore, clearRedisPrefix, uniquePrefix } from './store-harness.js';

const saved = (canvasId: string) => ({ canvasId, createdBy: 'U1', createdAtMs: 1, savedBy: 'U1', savedAtMs: 1 });

describe('SavedCanvases on Redis', () => {
  const prefix = uniquePrefix('saved-canvases');
  const store = buildRedisStore(prefix);
  const canvases = new SavedCanvases(store, new Leases(store));
  afterAll(async () => {
    await store.close();
    await clearRedisPrefix(prefix);
  });

  it('remembers a card’s canvas per workspace and channel, under the key keys.ts names', async () => {
    const ref = { teamId: 'T1', channelId: 'C1', card: 'answer-a1' };
    expect(await canvases.get(ref)).toBeUndefined();
    await canvases.remember(ref, saved('F1'));
    expect(await canvases.get(ref)).toEqual(saved('F1'));
    expect(await store.get(keys.savedCanvas('T1', 'C1', 'answer-a1'))).toContain('"F1"');
    expect(await canvases.get({ ...ref, teamId: 'T10' })).toBeUndefined();
    expect(await canvases.get({ ...ref, channelId: 'C2' })).toBeUndefined();
  });

  it('forgets a canvas only while it is still the one named, and reads a damaged record as none', async () => {
    const ref = { teamId: 'T2', channelId: 'C1', card: 'financials-x' };
    await canvases.remember(ref, saved('F2'));
    await canvases.forget(ref, 'F-other');
    expect((await canvases.get(ref))?.canvasId).toBe('F2');
    await canvases.forget(ref, 'F2');
    expect(await canvases.get(ref)).toBeUndefined();
    await store.set(keys.savedCanvas('T2', 'C1', 'broken'), '{not json');
    expect(await canvases.get({ ...ref, card: 'broken' })).toBeUndefined();
  });

  it('lets one save of a card run at a time; a dead holder’s claim lapses', async () => {
    const ref = { teamId: 'T3', channelId: 'C1', card: 'answer-b' };
    expect(await canvases.claim(ref, 'replica-a')).toBe(true);
    expect(await canvases.claim(ref, 'replica-b')).toBe(false);
    expect(await canvases.claim({ ...ref, card: 'answer-c' }, 'replica-b')).toBe(true);
    expect(await canvases.release(ref, 'replica-b')).toBe(false);
    expect(await canvases.release(ref, 'replica-a')).toBe(true);
    expect(await canvases.claim(ref, 'replica-b')).toBe(true);
    await advanceRedisTtls(prefix, CANVAS_SAVE_LEASE_MS + 1);
    expect(await canvases.claim(ref, 'replica-c')).toBe(true);
  });
});
