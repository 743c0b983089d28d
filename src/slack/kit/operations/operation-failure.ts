/**
 * Any failure of an operation (desk-operations.ts) as one user-safe answer, for a surface that is
 * no Slack card: a workflow step's error (functions.completeError) or an MCP tool's error result.
 * The words are the slash commands' own (failure-reply.ts, src/slack/blocks/error-card.ts), so a
 * failure reads the same everywhere; the caller logs the error itself (this module only words it).
 */
import { isServiceError } from '../../../service/errors/service-error.js';
import { isConnectionFailure } from '../../../workspaces/connection-failure.js';
import { failureMessage } from '../failure-reply.js';
import { isOperationInputError, type OperationInputErrorCode } from './operation-input-error.js';

export type OperationFailureCode =
  | `input_${OperationInputErrorCode}`
  /** The workspace cannot use the service yet (not installed, not connected): the message says how to fix it. */
  | 'workspace_unavailable'
  /** `service_<kind>` of a ServiceError: service_validation, service_auth, service_rate_limited, service_timeout … */
  | `service_${string}`
  /** Anything else (a bug, a store outage): the message carries the reference to give an admin. */
  | 'internal';

export interface OperationFailure {
  code: OperationFailureCode;
  /** Plain text (not mrkdwn), user-safe: no key, no service detail, at most the caller's own input. */
  message: string;
  /** The same call may succeed later (the service was busy or unavailable). */
  retryable: boolean;
  /** How long the service asked to wait, when it said. */
  retryAfterMs?: number;
  /** For input errors: the input's name. */
  field?: string;
}

/** The card's text is mrkdwn-escaped; this surface takes plain text. */
const unescapeEntities = (text: string): string => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** `action` is what was being done, in the user's words ("the search", "the balance sheet"). */
export function operationFailure(error: unknown, context: { correlationId: string; action?: string }): OperationFailure {
  if (isOperationInputError(error)) {
    return { code: `input_${error.code}`, message: error.message, retryable: false, field: error.field };
  }
  if (isConnectionFailure(error)) return { code: 'workspace_unavailable', message: error.message, retryable: false };
  const message = unescapeEntities(failureMessage(error, context).text ?? '');
  if (isServiceError(error)) {
    return {
      code: `service_${error.kind}`,
      message,
      retryable: error.retryable,
      ...(error.retryAfterMs !== undefined ? { retryAfterMs: error.retryAfterMs } : {}),
    };
  }
  return { code: 'internal', message, retryable: false };
}
