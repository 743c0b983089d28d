/**
 * Helpers for the feature suites (digests, shortcuts, unfurls, folders and tags, App Home): a
 * clock a test drives, a second app replica on the same Redis prefix, and Slack-side counts.
 */
import { startResearchDesk, type ResearchDesk } from '../../src/research-desk.js';
import { createRedisStateStore } from '../../src/store/redis-state-store.js';
import type { StateStore } from '../../src/store/state-store.js';
import type { StoredEphemeral, StoredMessage } from '../../src/emulators/slack/index.js';
import { DIGEST_EVENT_TYPE } from '../../src/slack/concepts/digest/digest-metadata.js';
import { redisTestUrl, type Harness } from './harness.js';
import { pollUntil } from '../support/poll-until.js';

export interface ManualClock {
  (): number;
  set(ms: number): void;
  advance(ms: number): void;
}

export function buildManualClock(startMs: number): ManualClock {
  let now = startMs;
  const clock = (() => now) as ManualClock;
  clock.set = (ms) => {
    now = ms;
  };
  clock.advance = (ms) => {
    now += ms;
  };
  return clock;
}

export interface Replica {
  desk: ResearchDesk;
  store: StateStore;
  /** Stops the replica; `releaseLeases: false` leaves its leases behind as a crash would. */
  stop(options?: { releaseLeases?: boolean }): Promise<void>;
}

/**
 * Another app process on the same Redis prefix as the harness's desk (its own connection, its
 * own instance id). Slack deliveries keep going to the harness's desk.
 */
export async function startReplica(h: Harness, instanceId: string): Promise<Replica> {
  if (h.keyPrefix === undefined) throw new Error('startReplica needs a harness with store: redis');
  const store = createRedisStateStore({ url: redisTestUrl(), keyPrefix: h.keyPrefix, logger: h.logger });
  const desk = await startResearchDesk({ ...h.deskOptions, store, port: 0, instanceId });
  return {
    desk,
    store,
    async stop(options) {
      await desk.stop(options);
      await store.close();
    },
  };
}

/** Top-level bot messages of a channel that are digests, with their slot. */
export function digestsIn(h: Harness, channelId: string): Array<{ slot: string; message: StoredMessage }> {
  return h.slack
    .channelMessages(channelId)
    .filter((m) => m.bot_id === h.slack.botId && m.metadata?.event_type === DIGEST_EVENT_TYPE)
    .map((m) => ({ slot: String(m.metadata?.event_payload.slot), message: m }));
}

/** Slack calls refused for what they carried (blocks, text, metadata, views …), as opposed to channel errors. */
export function invalidSlackCalls(h: Harness): Array<{ method: string; error?: string }> {
  const invalid = /^invalid_|_too_long$|_too_large$|^no_text$|^missing_|^too_many_/;
  return h.slack.calls
    .filter((c) => !c.ok && invalid.test(c.error ?? ''))
    .map((c) => ({ method: c.method, ...(c.error ? { error: c.error } : {}) }));
}

/**
 * Sends a slash command (as `user`, in `channel`) and returns the first ephemeral answer that
 * was not there before.
 */
export async function commandReply(
  h: Harness,
  p: { command: string; text: string; channel?: string; user?: string },
): Promise<StoredEphemeral> {
  const channel = p.channel ?? h.slack.defaultChannelId;
  const user = p.user ?? h.slack.defaultUserId;
  const before = new Set(h.slack.ephemeralFor(user, channel).map((e) => e.ts));
  const delivery = await h.slack.sendCommand({ command: p.command, text: p.text, channel_id: channel, user_id: user });
  // Acknowledged, as the emulator judged it against its own deadline; how fast is the benchmark's question.
  if (!delivery.ok) throw new Error(`command not acknowledged: ${delivery.outcome}`);
  return h.slack.waitFor(() => h.slack.ephemeralFor(user, channel).find((e) => !before.has(e.ts)), 8_000);
}

/** Polls an async probe until it yields a value (or throws after `timeoutMs`). */
export function eventually<T>(probe: () => Promise<T | undefined | null | false>, timeoutMs = 8_000): Promise<T> {
  return pollUntil(probe, { what: 'condition', timeoutMs, intervalMs: 25 });
}
