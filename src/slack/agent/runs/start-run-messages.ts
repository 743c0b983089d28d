/**
 * What the asker reads when a run cannot start at once: a temporary obstacle (the run waits in
 * this process and starts by itself), a full wait list, a wait that ran out, a restart. Each
 * says what went wrong and what to do; the question is quoted escaped, so it cannot mention or
 * broadcast.
 */
import { clampText } from '../../blocks/clamp-text.js';
import { escapeMrkdwn } from '../../blocks/escape.js';
import { isServiceError } from '../../../service/errors/service-error.js';
import { StateStoreError } from '../../../store/state-store-error.js';

export const RETRYABLE_FAILURE =
  'I couldn’t start on your question because of a temporary problem on my side. Please ask again in a moment.';
export const FAILURE = 'I couldn’t start on your question. Please try again; if it keeps failing, tell your Slack admin.';

const QUOTED_QUESTION_MAX = 120;

export const BUSY_MESSAGE =
  'I’m still working on the previous question in this thread. Wait for it to finish (or press Cancel on it), then ask again.';

export const QUEUE_FULL_MESSAGE =
  'I’m still working on an earlier question in this thread, and several more are waiting. Please ask this one again once they are answered.';

/** Told to an asker whose question waits behind the run in its thread; `position` 1 is next. */
export function queuedQuestionMessage(position: number): string {
  const before = position - 1;
  const ahead = before > 0 ? ` and ${before} other question${before === 1 ? '' : 's'} asked before yours` : '';
  return `Got it. I’ll start on this right after the question I’m working on in this thread${ahead}; no need to ask again.`;
}

/** The question waited its whole allowance in the queue without its turn coming. */
export function queuedQuestionExpiredMessage(question: string, waitedMs: number): string {
  return `I didn’t get to your question ${quoted(question)}: the questions before it took more than ${describeWait(waitedMs)}. Please ask it again.`;
}

/** What stood in the way, in the asker's words. */
export function describeStartObstacle(error: unknown): string {
  if (error instanceof StateStoreError) return 'my storage is unreachable';
  if (isServiceError(error)) return 'the research service is unavailable';
  return 'I am restarting';
}

/** "10 minutes", "1 minute", "45 seconds": whole units, never rounded up into a false promise. */
export function describeWait(ms: number): string {
  if (ms >= 60_000) {
    const minutes = Math.floor(ms / 60_000);
    return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  }
  const seconds = Math.max(1, Math.floor(ms / 1000));
  return `${seconds} second${seconds === 1 ? '' : 's'}`;
}

function quoted(question: string): string {
  return `“${clampText(escapeMrkdwn(question), QUOTED_QUESTION_MAX)}”`;
}

export function deferredStartMessage(obstacle: string, maxWaitMs: number): string {
  return (
    `I can’t start on your question yet: ${obstacle}. I’ve kept your question and will start on it here ` +
    `by myself as soon as I can (within ${describeWait(maxWaitMs)}); no need to ask again.`
  );
}

export function deferredStartsFullMessage(obstacle: string): string {
  return `I couldn’t start on your question: ${obstacle}, and too many questions are already waiting. Please ask again in a few minutes.`;
}

export function deferredStartExpiredMessage(question: string, obstacle: string, waitedMs: number): string {
  return `I couldn’t start on your question ${quoted(question)}: I waited ${describeWait(waitedMs)}, but ${obstacle}. Please ask it again.`;
}

export function deferredStartAbandonedMessage(question: string): string {
  return `I couldn’t start on your question ${quoted(question)} before I restarted. Please ask it again.`;
}
