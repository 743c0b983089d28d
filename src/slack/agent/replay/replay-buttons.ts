/**
 * The buttons of the /research replay list: "Replay" on an assistant message, "Older" to page
 * back. Values are compact JSON decoded defensively (a bad value decodes to null, never throws).
 */
import { parseButtonObject } from '../../kit/button-values.js';

export const REPLAY_ACTION_IDS = {
  /** Per message, suffixed with its index (action ids must be unique in a message). */
  replay: 'rd.replay.message',
  older: 'rd.replay.older',
} as const;

/** Matches an id with or without its index suffix. */
export function replayActionPattern(base: (typeof REPLAY_ACTION_IDS)[keyof typeof REPLAY_ACTION_IDS]): RegExp {
  return new RegExp(`^${base.replace(/\./g, '\\.')}(?::\\d+)?$`);
}

/** Service ids are decimal text (the real service's pass 2^53). */
export interface ReplayMessageValue {
  conversationId: string;
  assistantMessageId: string;
}

export interface ReplayPageValue {
  conversationId: string;
  beforeMessageId: string;
}

const ID = /^[A-Za-z0-9_.:-]{1,128}$/;

/** An id as text; a button posted before ids were text carries a number. */
function serviceId(v: unknown): string | undefined {
  if (typeof v === 'string') return /^[1-9]\d{0,39}$/.test(v) ? v : undefined;
  return typeof v === 'number' && Number.isSafeInteger(v) && v > 0 ? String(v) : undefined;
}

export function encodeReplayMessage(v: ReplayMessageValue): string {
  return JSON.stringify({ c: v.conversationId, a: v.assistantMessageId });
}

export function decodeReplayMessage(value: string | undefined): ReplayMessageValue | null {
  const v = parseButtonObject(value);
  const conversationId = serviceId(v?.c);
  if (!v || !conversationId || typeof v.a !== 'string' || !ID.test(v.a)) return null;
  return { conversationId, assistantMessageId: v.a };
}

export function encodeReplayPage(v: ReplayPageValue): string {
  return JSON.stringify({ c: v.conversationId, b: v.beforeMessageId });
}

export function decodeReplayPage(value: string | undefined): ReplayPageValue | null {
  const v = parseButtonObject(value);
  const conversationId = serviceId(v?.c);
  const beforeMessageId = serviceId(v?.b);
  if (!conversationId || !beforeMessageId) return null;
  return { conversationId, beforeMessageId };
}
