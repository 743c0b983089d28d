/**
 * The buttons of the /research replay list: "Replay" on an assistant message, "Older" to page
 * back. Values are compact JSON decoded defensively (a bad value decodes to null, never throws).
 */
import { parseButtonObject } from '../button-values.js';

export const REPLAY_ACTION_IDS = {
  /** Per message, suffixed with its index (action ids must be unique in a message). */
  replay: 'rd.replay.message',
  older: 'rd.replay.older',
} as const;

/** Matches an id with or without its index suffix. */
export function replayActionPattern(base: (typeof REPLAY_ACTION_IDS)[keyof typeof REPLAY_ACTION_IDS]): RegExp {
  return new RegExp(`^${base.replace(/\./g, '\\.')}(?::\\d+)?$`);
}

export interface ReplayMessageValue {
  conversationId: number;
  assistantMessageId: string;
}

export interface ReplayPageValue {
  conversationId: number;
  beforeMessageId: number;
}

const ID = /^[A-Za-z0-9_.:-]{1,128}$/;
const isPositiveInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

export function encodeReplayMessage(v: ReplayMessageValue): string {
  return JSON.stringify({ c: v.conversationId, a: v.assistantMessageId });
}

export function decodeReplayMessage(value: string | undefined): ReplayMessageValue | null {
  const v = parseButtonObject(value);
  if (!v || !isPositiveInt(v.c) || typeof v.a !== 'string' || !ID.test(v.a)) return null;
  return { conversationId: v.c, assistantMessageId: v.a };
}

export function encodeReplayPage(v: ReplayPageValue): string {
  return JSON.stringify({ c: v.conversationId, b: v.beforeMessageId });
}

export function decodeReplayPage(value: string | undefined): ReplayPageValue | null {
  const v = parseButtonObject(value);
  if (!v || !isPositiveInt(v.c) || !isPositiveInt(v.b)) return null;
  return { conversationId: v.c, beforeMessageId: v.b };
}
