import { describe, expect, it } from 'vitest';
import { EmulatorState } from '../../../src/emulators/slack/state.js';
import {
  ID_COUNTER_SKIP,
  restoreStateSnapshot,
  slackStateSnapshotSchema,
  snapshotOfState,
} from '../../../src/emulators/slack/state-snapshot.js';
import { newBotMessage } from '../../../src/emulators/slack/web-api/message-shape.js';

const LIMITS = { lifetimeMs: 300_000, idleMs: 120_000, maxChars: 11_000 };

function buildState(clockMs: number): EmulatorState {
  return new EmulatorState(() => clockMs, LIMITS, 'Research Desk');
}

describe('Slack workspace snapshot', () => {
  it('survives JSON and the schema, and restores the same workspace', () => {
    const state = buildState(1_750_000_000_000);
    const parent = newBotMessage(state, state.seed.defaultChannelId, { text: 'parent' });
    state.addMessage(parent);
    state.addMessage(newBotMessage(state, state.seed.defaultChannelId, { text: 'reply', thread_ts: parent.ts }));
    state.dmFor(state.seed.adminUserId);
    // Who is in a channel (users.conversations) is part of the workspace too.
    state.addChannel({ name: 'admins-desk', members: [state.seed.adminUserId] });

    const json = JSON.parse(JSON.stringify(snapshotOfState(state))) as unknown;
    const restored = buildState(1_750_000_000_000);
    restoreStateSnapshot(restored, slackStateSnapshotSchema.parse(json));

    expect([...restored.channels.values()]).toEqual([...state.channels.values()]);
    expect(restored.channelMessages(state.seed.defaultChannelId)).toEqual(state.channelMessages(state.seed.defaultChannelId));
  });

  it('continues ids and ts past everything the snapshot issued, even on a clock behind it', () => {
    const before = buildState(1_750_000_000_000);
    const issuedTs = Array.from({ length: 5 }, () => before.nextTs());
    before.newId('V');
    const snapshot = snapshotOfState(before);

    // A clock an hour behind: ts still come after the last one issued.
    const after = buildState(1_750_000_000_000 - 3_600_000);
    restoreStateSnapshot(after, snapshot);
    expect(Number(after.nextTs())).toBeGreaterThan(Math.max(...issuedTs.map(Number)));
    // Ids issued after the snapshot was written (and lost in a crash) are skipped too.
    expect(after.cursor.idCounter).toBe(snapshot.cursor.idCounter + ID_COUNTER_SKIP);
  });

  it('holds no in-memory logs: calls, deliveries, triggers, response_urls, ephemerals', () => {
    const state = buildState(1_750_000_000_000);
    const snapshot = snapshotOfState(state) as Record<string, unknown>;
    for (const transient of ['calls', 'deliveries', 'triggers', 'responseUrls', 'ephemerals'])
      expect(snapshot).not.toHaveProperty(transient);
  });
});
