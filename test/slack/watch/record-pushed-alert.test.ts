/** A pushed watch alert's ts is recorded against its watch and alert id; a digest's push is not an alert. */
import { describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../../../src/observability/logger.js';
import { createRedactor } from '../../../src/observability/redactor.js';
import { digestMetadata } from '../../../src/slack/concepts/digest/digest-metadata.js';
import { parsePushedMetadata } from '../../../src/slack/kit/posting/pushed-metadata.js';
import { recordPushedAlert } from '../../../src/slack/watch/record-pushed-alert.js';
import { watchAlertMetadata } from '../../../src/slack/watch/watch-metadata.js';
import { createAppStores } from '../../../src/store/app-stores.js';
import { createMemoryStateStore } from '../../../src/store/memory-state-store.js';

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

describe('recordPushedAlert', () => {
  it("records the alert's ts against its watch and alert id", async () => {
    const deps = buildDeps();
    await recordPushedAlert(deps, buildPush(watchAlertMetadata('w1', 'a1', 'documents')));
    expect(await deps.stores.watches.getAlertTs({ teamId: 'T1', channelId: 'C1', watchId: 'w1' }, 'a1')).toBe('1751360400.000100');
  });

  it("leaves a digest's push alone", async () => {
    const deps = buildDeps();
    await recordPushedAlert(deps, buildPush(digestMetadata(SLOT)));
    expect(await deps.stores.digestMarkers.getPostedTs('T1', 'C1', SLOT)).toBeNull();
  });
});
