/**
 * What a failed Slack call means for a digest: the channel is gone for good, the call certainly
 * did nothing (safe to try again), or its outcome is unknown (it may have landed). The Slack
 * failure itself is decoded by the one decoder, toSlackCallError.
 * @see https://docs.slack.dev/reference/methods/chat.postMessage#errors
 */
import { type SlackCallError, toSlackCallError } from '../../../slack-api/slack-call-error.js';

export type SlackFailure = 'channel_gone' | 'not_sent' | 'unknown_outcome';

/** The channel is archived or deleted, or the app was removed from it or from the workspace. */
export const CHANNEL_GONE_CODES: ReadonlySet<string> = new Set([
  'channel_not_found',
  'is_archived',
  'not_in_channel',
  'account_inactive',
  'invalid_auth',
  'token_revoked',
]);

export interface ClassifiedFailure {
  kind: SlackFailure;
  /** Slack's error code, or the network code of a transport failure (`ECONNRESET`). */
  code: string;
  error: SlackCallError;
}

export function classifySlackFailure(method: string, error: unknown): ClassifiedFailure {
  const failure = toSlackCallError(method, error);
  const code = failure.networkCode ?? failure.code;
  if (CHANNEL_GONE_CODES.has(failure.code)) return { kind: 'channel_gone', code, error: failure };
  if (failure.outcome === 'failed') return { kind: 'not_sent', code, error: failure };
  return { kind: 'unknown_outcome', code, error: failure };
}
