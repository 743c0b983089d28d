/**
 * What a failed Slack call means for a digest: the channel is gone for good, the call certainly
 * did nothing (safe to try again), or its outcome is unknown (it may have landed).
 * @see https://docs.slack.dev/tools/node-slack-sdk/web-api (the SDK's error types)
 */
import { toWriteError } from '../../agent/web-client-writer.js';
import type { SlackWriteError } from '../../agent/slack-write-error.js';

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

/** Connection failures that happen before a request is sent. */
const NOT_SENT_NETWORK_CODES: ReadonlySet<string> = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);

export interface ClassifiedFailure {
  kind: SlackFailure;
  code: string;
  error: SlackWriteError;
}

export function classifySlackFailure(method: string, error: unknown): ClassifiedFailure {
  const writeError = toWriteError(method, error);
  if (CHANNEL_GONE_CODES.has(writeError.code)) return { kind: 'channel_gone', code: writeError.code, error: writeError };
  if (writeError.outcome === 'failed') return { kind: 'not_sent', code: writeError.code, error: writeError };
  const original = (error as { original?: { code?: unknown } } | undefined)?.original;
  const networkCode = typeof original?.code === 'string' ? original.code : undefined;
  if (networkCode !== undefined && NOT_SENT_NETWORK_CODES.has(networkCode)) {
    return { kind: 'not_sent', code: networkCode, error: writeError };
  }
  return { kind: 'unknown_outcome', code: networkCode ?? writeError.code, error: writeError };
}
