/**
 * Helpers for the slash-command suites: send a command or click a button, then wait for what
 * the app showed (a new ephemeral message, a channel message, a thread reply, an edit).
 */
import type { StoredEphemeral, StoredMessage } from '../../src/emulators/slack/index.js';
import type { Harness } from './harness.js';

/** What these helpers use of a harness: the Slack emulator and the app's logs (any service behind it). */
export type AppUnderTest = Pick<Harness, 'slack' | 'logs'>;

export interface ButtonInfo {
  action_id: string;
  value?: string;
  url?: string;
  text: string;
}

/** Every button of a message (actions blocks and section accessories), in order. */
export function buttonsOf(m: { blocks?: unknown[] }): ButtonInfo[] {
  const out: ButtonInfo[] = [];
  const take = (e: unknown): void => {
    const b = e as { type?: string; action_id?: string; value?: string; url?: string; text?: { text?: string } };
    if (b?.type === 'button' && b.action_id)
      out.push({
        action_id: b.action_id,
        text: b.text?.text ?? '',
        ...(b.value !== undefined ? { value: b.value } : {}),
        ...(b.url ? { url: b.url } : {}),
      });
  };
  for (const block of m.blocks ?? []) {
    const b = block as { type?: string; elements?: unknown[]; accessory?: unknown };
    if (b.type === 'actions') (b.elements ?? []).forEach(take);
    if (b.accessory) take(b.accessory);
  }
  return out;
}

/** The first button whose action id starts with `prefix` (ids carry an index suffix). */
export function button(m: { blocks?: unknown[] }, prefix: string): ButtonInfo {
  const found = buttonsOf(m).find((b) => b.action_id === prefix || b.action_id.startsWith(`${prefix}:`));
  if (!found) throw new Error(`no button ${prefix} in ${JSON.stringify(buttonsOf(m).map((b) => b.action_id))}`);
  return found;
}

/** Fallback text plus every text inside the blocks. */
export function allText(m: { text?: string; blocks?: unknown[] }): string {
  return `${m.text ?? ''}\n${JSON.stringify(m.blocks ?? [])}`;
}

export function ephemeralsOf(h: AppUnderTest, channel = h.slack.defaultChannelId, user = h.slack.defaultUserId): StoredEphemeral[] {
  return h.slack.ephemeralFor(user, channel);
}

/** Runs `act`, then waits for an ephemeral message that was not there before. */
export async function nextEphemeral(
  h: AppUnderTest,
  act: () => Promise<unknown>,
  opts: { channel?: string; user?: string; timeoutMs?: number } = {},
): Promise<StoredEphemeral> {
  const channel = opts.channel ?? h.slack.defaultChannelId;
  const user = opts.user ?? h.slack.defaultUserId;
  const before = new Set(h.slack.ephemeralFor(user, channel).map((e) => e.ts));
  await act();
  return h.slack.waitFor(() => h.slack.ephemeralFor(user, channel).find((e) => !before.has(e.ts)), opts.timeoutMs ?? 8_000);
}

/** Runs `act`, then waits for a new top-level bot message in the channel. */
export async function nextChannelMessage(
  h: AppUnderTest,
  act: () => Promise<unknown>,
  channel = h.slack.defaultChannelId,
): Promise<StoredMessage> {
  const before = new Set(h.slack.channelMessages(channel).map((m) => m.ts));
  await act();
  return h.slack.waitFor(() => h.slack.channelMessages(channel).find((m) => !before.has(m.ts) && m.bot_id === h.slack.botId), 8_000);
}

/** Runs `act`, then waits for a new reply in the thread. */
export async function nextThreadReply(
  h: AppUnderTest,
  threadTs: string,
  act: () => Promise<unknown>,
  channel = h.slack.defaultChannelId,
): Promise<StoredMessage> {
  const before = new Set(h.slack.threadReplies(channel, threadTs).map((m) => m.ts));
  await act();
  return h.slack.waitFor(() => h.slack.threadReplies(channel, threadTs).find((m) => !before.has(m.ts)), 8_000);
}

/** Splits `/research news Tencent` into the command and its text. */
export function splitCommand(line: string): { command: string; text: string } {
  const m = /^(\/\S+)\s?(.*)$/s.exec(line);
  if (!m) throw new Error(`not a command: ${line}`);
  return { command: m[1] ?? '', text: m[2] ?? '' };
}

/** Sends a slash command line as the default user (default channel) and returns the ephemeral answer. */
export async function command(h: AppUnderTest, line: string, channel?: string): Promise<StoredEphemeral> {
  return nextEphemeral(h, () => send(h, line, channel), channel ? { channel } : {});
}

/** Sends a slash command line and checks it was acknowledged. */
export async function send(h: AppUnderTest, line: string, channel?: string): Promise<void> {
  expectAcked(await h.slack.sendCommand({ ...splitCommand(line), ...(channel ? { channel_id: channel } : {}) }));
}

/** Clicks a button on an ephemeral message and returns the ephemeral answer it produced. */
export async function clickEphemeral(h: AppUnderTest, on: StoredEphemeral, b: ButtonInfo): Promise<void> {
  expectAcked(
    await h.slack.clickAction({
      channel_id: on.channel,
      message_ts: on.ts,
      action_id: b.action_id,
      ...(b.value !== undefined ? { value: b.value } : {}),
      ephemeral: true,
    }),
  );
}

export async function clickMessage(h: AppUnderTest, on: StoredMessage, b: ButtonInfo): Promise<void> {
  expectAcked(
    await h.slack.clickAction({
      channel_id: on.channel,
      message_ts: on.ts,
      action_id: b.action_id,
      ...(b.value !== undefined ? { value: b.value } : {}),
    }),
  );
}

/** The ephemeral with this ts, once `ready` holds (e.g. after an in-place edit). */
export function waitForEphemeral(
  h: AppUnderTest,
  ts: string,
  ready: (e: StoredEphemeral) => boolean,
  channel = h.slack.defaultChannelId,
): Promise<StoredEphemeral> {
  return h.slack.waitFor(() => h.slack.ephemeralFor(h.slack.defaultUserId, channel).find((e) => e.ts === ts && ready(e)), 8_000);
}

/**
 * The emulator judged the ack against its own deadline (the harness's, E2E_ACK_TIMEOUT_MS): a
 * wall-clock figure here would measure the machine, not the app. Slack's 3 s is the benchmark's.
 */
function expectAcked(result: { ok: boolean; outcome: string }): void {
  if (!result.ok) throw new Error(`delivery not acknowledged: ${result.outcome}`);
}

/** Slack calls the emulator refused, apart from rate limiting (which the app paces itself). */
export function rejectedSlackCalls(h: AppUnderTest, allowed: readonly string[] = []): Array<{ method: string; error?: string }> {
  return h.slack.calls
    .filter((c) => !c.ok && c.error !== 'ratelimited' && !allowed.includes(c.error ?? ''))
    .map((c) => ({ method: c.method, ...(c.error ? { error: c.error } : {}) }));
}

/**
 * response_url posts are not Web API calls, so the emulator's call log does not see them; the
 * app logs every one that fails. None may.
 */
export function rejectedResponses(h: AppUnderTest): string[] {
  return h.logs.filter((l) => /could not answer on the response_url|could not tell the user|unhandled listener error/.test(l));
}

/** Log lines that carry this correlation id. */
export function linesWith(h: AppUnderTest, correlationId: string): string[] {
  return h.logs.filter((l) => l.includes(correlationId));
}

/** The correlation id an error card shows ("Reference: `…`"). */
export function referenceOf(m: { blocks?: unknown[] }): string {
  const match = /Reference: `([^`]+)`/.exec(JSON.stringify(m.blocks ?? []));
  if (!match?.[1]) throw new Error('no reference on the card');
  return match[1];
}
