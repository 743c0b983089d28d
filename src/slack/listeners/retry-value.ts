/**
 * What a Retry button (ACTION_IDS.errorRetry) carries: either a slash command to run again as
 * the same user in the same channel, or a button of ours to press again with its value.
 */
import { SLACK_LIMITS } from '../blocks/limits.js';
import { parseButtonObject } from '../blocks/button-values.js';

export type RetryTarget =
  | { kind: 'command'; command: string; text: string }
  /** threadTs: the thread of the card the button was on, so the retried answer still lands there. */
  | { kind: 'action'; actionId: string; value: string; threadTs?: string };

/** The button value, or undefined when it would not fit (then no Retry button is offered). */
export function encodeRetry(target: RetryTarget): string | undefined {
  const value = JSON.stringify(
    target.kind === 'command'
      ? { cmd: target.command, text: target.text }
      : { act: target.actionId, v: target.value, ...(target.threadTs ? { th: target.threadTs } : {}) },
  );
  return value.length <= SLACK_LIMITS.buttonValueChars ? value : undefined;
}

export function decodeRetry(value: string | undefined): RetryTarget | null {
  const v = parseButtonObject(value);
  if (!v) return null;
  if (typeof v.cmd === 'string' && /^\/[a-z]+$/.test(v.cmd) && typeof v.text === 'string')
    return { kind: 'command', command: v.cmd, text: v.text };
  if (typeof v.act === 'string' && typeof v.v === 'string') {
    const threadTs = typeof v.th === 'string' && /^\d+\.\d+$/.test(v.th) ? v.th : undefined;
    return { kind: 'action', actionId: v.act, value: v.v, ...(threadTs ? { threadTs } : {}) };
  }
  return null;
}

/** Retry options for replyWithFailure, when the value fits a button. */
export function retryOption(target: RetryTarget): { retry?: { actionValue: string } } {
  const actionValue = encodeRetry(target);
  return actionValue ? { retry: { actionValue } } : {};
}
