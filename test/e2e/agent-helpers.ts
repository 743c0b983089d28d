/**
 * Helpers for the agent e2e suites: find the run a Slack event started, wait for it to end, read
 * the bot's replies in a thread.
 */
import { runIdFor } from '../../src/agent/runtime/relay-runtime.js';
import type { StoredMessage } from '../../src/emulators/slack/index.js';
import { requestIdOfMessage } from '../../src/slack/agent/runs/start-run-from-event.js';
import type { RunRecord } from '../../src/store/records.js';
import type { Harness } from './harness.js';
import { pollUntil } from '../support/poll-until.js';

/** What these helpers use of a harness: the Slack emulator, the app's logs and stores (any service behind it). */
export type AppUnderTest = Pick<Harness, 'slack' | 'logs' | 'desk'>;

/** The event id of the `app_mention` (or DM `message`) Slack delivered for the message `ts`. */
export function eventIdFor(h: AppUnderTest, ts: string, type: 'app_mention' | 'message'): string {
  const d = h.slack.deliveries.find((x) => {
    const event = (x.payload as { event?: { type?: string; ts?: string } }).event;
    return x.kind === 'event_callback' && event?.type === type && event.ts === ts;
  });
  if (!d?.eventId) throw new Error(`no ${type} delivery for ${ts}`);
  return d.eventId;
}

/** The run a delivered event started: one run per message, so the id comes from the event's message ts. */
export function runIdForEvent(h: AppUnderTest, channelId: string, eventId: string, teamId = h.slack.teamId): string {
  const d = h.slack.deliveries.find((x) => x.kind === 'event_callback' && x.eventId === eventId);
  const ts = (d?.payload as { event?: { ts?: string } } | undefined)?.event?.ts;
  if (!ts) throw new Error(`no event delivery ${eventId}`);
  return runIdFor({ teamId, channelId, requestId: requestIdOfMessage(channelId, ts) });
}

export async function waitForRecord(
  h: AppUnderTest,
  runId: string,
  ready: (r: RunRecord) => boolean,
  timeoutMs = 20_000,
): Promise<RunRecord> {
  let last: RunRecord | null | undefined;
  return pollUntil(
    async () => {
      last = await h.desk.stores.runs.get(runId);
      return last && ready(last) ? last : undefined;
    },
    { what: () => `run ${runId} ready (status ${last?.status ?? 'unknown'})`, timeoutMs },
  );
}

export const isEnded = (r: RunRecord): boolean => r.status !== 'starting' && r.status !== 'running';

export function waitForRunEnd(h: AppUnderTest, runId: string, timeoutMs = 20_000): Promise<RunRecord> {
  return waitForRecord(h, runId, isEnded, timeoutMs);
}

export function botReplies(h: AppUnderTest, channelId: string, threadTs: string): StoredMessage[] {
  return h.slack.threadReplies(channelId, threadTs).filter((m) => m.user === h.slack.botUserId || m.bot_id === h.slack.botId);
}

/** Every text of a message: its fallback text and the text of its blocks, table cells included. */
export function messageText(m: { text?: string; blocks?: unknown[] }): string {
  return `${m.text ?? ''}\n${JSON.stringify(m.blocks ?? [])}`;
}

export function blockTypes(m: { blocks?: unknown[] }): string[] {
  return (m.blocks ?? []).map((b) => (b as { type?: string }).type ?? '');
}

/** Slack calls the emulator refused (validation errors, 429s …), for a readable assertion. */
export function failedCalls(h: AppUnderTest, allowed: readonly string[] = []): Array<{ method: string; error?: string; status: number }> {
  return h.slack.calls
    .filter((c) => !c.ok && !allowed.includes(c.error ?? ''))
    .map((c) => ({ method: c.method, status: c.status, ...(c.error ? { error: c.error } : {}) }));
}

/**
 * Waits until Slack has stopped redelivering `eventId` (its last delivery was acked, or it was
 * the third retry) and the app has turned a repeat away as a duplicate. Not every repeat need
 * show: over HTTP a late delivery the emulator cut off before the app read it never reaches the
 * app. Callers then wait for the run to end (seconds) before counting runs and replies.
 */
export async function waitForRedeliveriesTurnedAway(h: AppUnderTest, eventId: string): Promise<void> {
  await h.slack.waitFor(() => {
    const last = h.slack.deliveries.filter((d) => d.eventId === eventId).at(-1);
    return last !== undefined && (last.outcome === 'acked' || last.retryNum === 3);
  }, 10_000);
  await h.slack.waitFor(() => h.logs.some((l) => l.includes('duplicate Slack event ignored') && l.includes(eventId)), 10_000);
}

/** Polls an async probe until it yields a truthy value. */
export function eventually<T>(probe: () => Promise<T | undefined | null | false>, timeoutMs = 10_000): Promise<T> {
  return pollUntil(async () => (await probe()) || undefined, { what: 'condition', timeoutMs });
}
