/**
 * The metadata every message the relay posts carries. It lets the relay find its own messages
 * again after a write whose outcome is unknown or a crash (adopt instead of double-posting), and
 * lets a run be recovered from Slack alone if the store is lost.
 * @see https://docs.slack.dev/messaging/message-metadata
 */
import type { SlackThreadMessage } from './slack-thread-message.js';

const RUN_METADATA_EVENT_TYPE = 'research_desk_run';

/** A type alias, not an interface: Slack's MessageMetadata payload needs an index-compatible type. */
export type RunMessagePayload = {
  run_id: string;
  /** 1 for the live reply; 2… for continuation parts of the final answer. */
  part: number;
  /** The service's id as decimal text (it may pass 2^53; older messages carry a number). */
  conversation_id: string;
  assistant_message_id: string;
  /** Offset of the last event the message reflects; -1 before the first. */
  offset: number;
  /** Run status when the message was written (lets recovery tell a finished run from a live one). */
  status?: string;
};

export type RunMessageMetadata = {
  event_type: typeof RUN_METADATA_EVENT_TYPE;
  event_payload: RunMessagePayload;
};

export function buildRunMetadata(payload: RunMessagePayload): RunMessageMetadata {
  return { event_type: RUN_METADATA_EVENT_TYPE, event_payload: payload };
}

/** Reads our payload back from a thread message; undefined for anything we did not write. */
export function readRunMetadata(message: SlackThreadMessage): RunMessagePayload | undefined {
  const meta = message.metadata;
  if (!meta || meta.event_type !== RUN_METADATA_EVENT_TYPE || !meta.event_payload) return undefined;
  const p = meta.event_payload;
  if (typeof p.run_id !== 'string') return undefined;
  const num = (v: unknown, fallback: number): number => {
    const n = typeof v === 'string' ? Number(v) : v;
    return typeof n === 'number' && Number.isFinite(n) ? n : fallback;
  };
  return {
    run_id: p.run_id,
    part: num(p.part, 1),
    conversation_id:
      typeof p.conversation_id === 'string' ? p.conversation_id : typeof p.conversation_id === 'number' ? String(p.conversation_id) : '',
    assistant_message_id: typeof p.assistant_message_id === 'string' ? p.assistant_message_id : '',
    offset: num(p.offset, -1),
    ...(typeof p.status === 'string' ? { status: p.status } : {}),
  };
}

/** The thread messages of one run, by part (the earliest ts wins should a part appear twice). */
export function findRunMessages(messages: SlackThreadMessage[], runId: string): Map<number, SlackThreadMessage> {
  const byPart = new Map<number, SlackThreadMessage>();
  for (const m of messages) {
    const payload = readRunMetadata(m);
    if (payload?.run_id !== runId) continue;
    const seen = byPart.get(payload.part);
    if (!seen || Number(m.ts) < Number(seen.ts)) byPart.set(payload.part, m);
  }
  return byPart;
}
