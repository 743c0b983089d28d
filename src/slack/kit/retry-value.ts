/**
 * What a Retry button (ACTION_IDS.errorRetry) carries: either a slash command to run again as
 * the same user in the same channel, or a button of ours to press again with its value.
 */
import { z } from 'zod';
import { SLACK_LIMITS } from '../blocks/limits.js';
import { decodeJson, jsonOf } from './button-values.js';

const retryValueJson = jsonOf(
  z.union([
    z
      .object({ cmd: z.string().regex(/^\/[a-z]+$/), text: z.string() })
      .transform((v) => ({ kind: 'command' as const, command: v.cmd, text: v.text })),
    z
      .object({
        act: z.string(),
        v: z.string(),
        /** The thread of the card the button was on, so the retried answer still lands there; a malformed ts is dropped. */
        th: z
          .string()
          .regex(/^\d+\.\d+$/)
          .optional()
          .catch(undefined),
      })
      .transform((v) => ({ kind: 'action' as const, actionId: v.act, value: v.v, ...(v.th ? { threadTs: v.th } : {}) })),
  ]),
);

export type RetryTarget = z.output<typeof retryValueJson>;

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
  return decodeJson(retryValueJson, value);
}

/** Retry options for replyWithFailure, when the value fits a button. */
export function retryOption(target: RetryTarget): { retry?: { actionValue: string } } {
  const actionValue = encodeRetry(target);
  return actionValue ? { retry: { actionValue } } : {};
}
