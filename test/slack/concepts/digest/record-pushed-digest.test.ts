/** A pushed digest's ts is recorded against its slot; its snapshot becomes the baseline unless a later one is saved. */
import { describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../../../../src/observability/logger.js';
import { createRedactor } from '../../../../src/observability/redactor.js';
import { digestMetadata } from '../../../../src/slack/concepts/digest/digest-metadata.js';
import { recordPushedDigest } from '../../../../src/slack/concepts/digest/record-pushed-digest.js';
import { parsePushedMetadata } from '../../../../src/slack/kit/posting/pushed-metadata.js';
import { watchAlertMetadata } from '../../../../src/slack/watch/watch-metadata.js';
import { createAppStores } from '../../../../src/store/app-stores.js';
import { createMemoryStateStore } from '../../../../src/store/memory-state-store.js';

const SLOT = '2025-07-01T09:00:00.000Z';

function buildPush(metadata: unknown, overrides: Record<string, unknown> = {}) {
  return parsePushedMetadata({
    event: {
      type: 'message_metadata_posted',
      bot_id: 'B1',
      team_id: 'T1',
      channel_id: 'C1',
      metadata,
      message_ts: '1751360400.000100',
      ...overrides,
    },
    body: { team_id: 'T1' },
    context: { botId: 'B1' },
  } as unknown as Parameters<typeof parsePushedMetadata>[0])!;
}

function buildDeps() {
  const stores = createAppStores(createMemoryStateStore(), () => 0);
  return { stores, logger: createMemoryLogger(createRedactor([])) };
}

describe('recordPushedDigest', () => {
  it("records the digest's ts against its slot, and its snapshot as the baseline unless a later one is saved", async () => {
    const deps = buildDeps();
    const snapshot = { slot: SLOT, postedAtMs: 1, concepts: [{ conceptId: 'c1', name: 'AI', trendingScore: 9 }] };
    await recordPushedDigest(deps, buildPush(digestMetadata(SLOT, snapshot)));
    expect(await deps.stores.digestMarkers.getPostedTs('T1', 'C1', SLOT)).toBe('1751360400.000100');
    expect(await deps.stores.digestMarkers.getSnapshot('T1', 'C1')).toEqual(snapshot);

    const later = { ...snapshot, slot: '2025-07-02T09:00:00.000Z' };
    await deps.stores.digestMarkers.saveSnapshot('T1', 'C1', later);
    await recordPushedDigest(deps, buildPush(digestMetadata(SLOT, snapshot)));
    expect(await deps.stores.digestMarkers.getSnapshot('T1', 'C1')).toEqual(later);
  });

  it('leaves a watch alert alone', async () => {
    const deps = buildDeps();
    await recordPushedDigest(deps, buildPush(watchAlertMetadata('w1', 'a1', 'documents')));
    expect(await deps.stores.watches.getAlertTs({ teamId: 'T1', channelId: 'C1', watchId: 'w1' }, 'a1')).toBeNull();
  });
});
