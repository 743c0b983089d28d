/**
 * The one way listeners turn a failure into a message the user sees and a log line carrying the
 * correlation id. Nothing fails silently: even when the message cannot be delivered, that is
 * logged too. Rendering is src/slack/blocks/error-card.ts; this module decides and delivers.
 *
 *   workspace not connected / not installed, connection not permitted or operator-managed
 *                → the error's own message (it says how to fix it), logged at info
 *   validation   → the inputs the service refused, in the commands' words
 *   auth         → "the service rejected the app's key, ask an admin" + one error log line
 *   rate_limited, upstream, timeout, network → "unavailable" with a Retry button (when given)
 *   not_found, bad_response, cancelled → said plainly
 *   a not_found answering a command's text: what the user typed does not exist, their mistake,
 *                so said without a reference code (the log line still carries the correlation id)
 *   a Slack rate limit → said as such, with how long to wait
 *   anything else (other Slack errors, bugs) → a generic message with the correlation id
 */
import type { RespondFn } from '@slack/bolt';
import type { WebClient } from '@slack/web-api';
import type { Logger } from '../../observability/logger.js';
import { isServiceError, type ServiceError } from '../../service/errors/service-error.js';
import { isSlackFailure, type SlackCallError, toSlackCallError } from '../../slack-api/slack-call-error.js';
import type { SlackMessage } from '../../slack-api/slack-message.js';
import { CONNECTION_NOTICE_EMOJI, renderNotice, renderServiceError } from '../blocks/error-card.js';
import { postEphemeralTo, respondArgs } from './deliver-card.js';
import { isConnectionFailure } from '../../workspaces/connection-failure.js';

export interface FailureReplyOptions {
  log: Logger;
  correlationId: string;
  /** The command's or button's response_url. Preferred when present. */
  respond?: RespondFn;
  /** Replace the message the button was on instead of adding a new ephemeral one. */
  replaceOriginal?: boolean;
  /** chat.postEphemeral target: used without a respond, or when respond fails (e.g. used up). */
  postEphemeral?: { client: WebClient; channel: string; user: string; threadTs?: string; recipientTeamId?: string };
  /** What the user was doing, in their words ("search", "the balance sheet"). */
  action?: string;
  /** Offer a Retry button (errorRetry action) carrying this value, for retryable failures. */
  retry?: { actionValue: string };
  /**
   * The failed call asked for what the user typed (a command's text): a not-found is theirs to
   * fix, not ours to trace, so it carries no reference code.
   */
  fromUserInput?: boolean;
}

/** The card for a failure (pure). */
export function failureMessage(
  error: unknown,
  options: Pick<FailureReplyOptions, 'correlationId' | 'action' | 'retry' | 'fromUserInput'>,
): SlackMessage {
  if (isConnectionFailure(error)) return renderNotice(error.message, CONNECTION_NOTICE_EMOJI);
  if (isServiceError(error)) {
    const usersMistake = options.fromUserInput === true && error.kind === 'not_found';
    return renderServiceError(error, {
      ...(usersMistake ? {} : { correlationId: options.correlationId }),
      ...(options.action ? { action: options.action } : {}),
      ...(options.retry && error.retryable ? { retryValue: options.retry.actionValue } : {}),
    });
  }
  const slack = slackFailureOf(error);
  if (slack?.rateLimited) {
    const wait = slack.retryAfterMs !== undefined ? `in about ${Math.ceil(slack.retryAfterMs / 1000)} s` : 'in a minute';
    return renderNotice(
      `Slack is rate-limiting me right now. Please try again ${wait}. Reference: ${options.correlationId}`,
      ':hourglass:',
    );
  }
  const doing = options.action ? ` with ${options.action}` : '';
  return renderNotice(
    `Something went wrong${doing}. Please try again; if it keeps happening, give this reference to an admin: ${options.correlationId}`,
    ':x:',
  );
}

function logFailure(error: unknown, options: FailureReplyOptions): void {
  const fields = { correlationId: options.correlationId, ...(options.action ? { action: options.action } : {}) };
  if (isConnectionFailure(error)) {
    // The workspace's state, not a fault: the user was told how to fix it.
    options.log.info('workspace cannot use the research service', { ...fields, reason: error.name });
    return;
  }
  if (!isServiceError(error)) {
    const slack = slackFailureOf(error);
    if (slack?.rateLimited) {
      options.log.warn('Slack rate-limited the request', { ...fields, error: slack, retry_after_ms: slack.retryAfterMs });
      return;
    }
    options.log.error('request failed', { ...fields, error: slack ?? error, ...(slack ? { slack_error: slack.code } : {}) });
    return;
  }
  const se: ServiceError = error;
  const where = { kind: se.kind, status: se.status, method: se.method, path: se.path };
  switch (se.kind) {
    case 'auth':
      // The one line an operator needs: the key is wrong or revoked. The key itself never appears.
      options.log.error('research service rejected the API key (check the configured service key)', { ...fields, ...where });
      return;
    case 'too_large':
    case 'validation':
      options.log.warn('research service refused the input', { ...fields, ...where, issues: se.issues.slice(0, 8) });
      return;
    case 'not_found':
    case 'cancelled':
      options.log.info('research service call did not complete', { ...fields, ...where });
      return;
    case 'bad_response':
      options.log.error('research service answered something unexpected', { ...fields, ...where, error: se });
      return;
    default:
      options.log.warn('research service unavailable', {
        ...fields,
        ...where,
        ...(se.retryAfterMs !== undefined ? { retry_after_ms: se.retryAfterMs } : {}),
      });
  }
}

/** Tells the user about `error` and logs it. Never throws. */
export async function replyWithFailure(error: unknown, options: FailureReplyOptions): Promise<void> {
  logFailure(error, options);
  const message = failureMessage(error, options);
  if (options.respond) {
    try {
      await options.respond(
        respondArgs(
          message,
          options.replaceOriginal ? { replace_original: true } : { response_type: 'ephemeral', replace_original: false },
        ),
      );
      return;
    } catch (respondError) {
      options.log.warn('could not answer on the response_url', { correlationId: options.correlationId, error: respondError });
    }
  }
  if (options.postEphemeral) {
    try {
      await postEphemeralTo(options.postEphemeral, message);
      return;
    } catch (postError) {
      const failure = toSlackCallError('chat.postEphemeral', postError);
      options.log.error('could not tell the user about a failure', {
        correlationId: options.correlationId,
        error: failure,
        slack_error: failure.code,
      });
      return;
    }
  }
  options.log.error('could not tell the user about a failure: no way to reach them', { correlationId: options.correlationId });
}

/** The Slack failure `error` is, if it is one (the method is the one the error names, when decoded). */
function slackFailureOf(error: unknown): SlackCallError | undefined {
  return isSlackFailure(error) ? toSlackCallError('slack', error) : undefined;
}

/** Runs the work a handler does after its ack; any failure becomes a reply and a log line. */
export async function withFailureReply(work: () => Promise<void>, options: FailureReplyOptions): Promise<void> {
  try {
    await work();
  } catch (error) {
    await replyWithFailure(error, options);
  }
}
