/**
 * Error cards in the user's terms: validation (which input was wrong), auth (ask an admin),
 * unavailable (with a Retry button), not found. The correlation id is shown for support.
 */
import type { ServiceErrorKind, ValidationIssue } from '../../service/errors/service-error.js';
import { ACTION_IDS } from './action-ids.js';
import type { KnownBlock } from '@slack/types';
import type { SlackMessage } from '../../slack-api/slack-message.js';
import { actions, button, context, section } from './card-parts.js';
import { escapeMrkdwn, inlineCode } from './escape.js';
import { clampMessage } from './limits.js';

/** The parts of a ServiceError a card needs (structural, so tests need no class instance). */
export interface ErrorCardInput {
  kind: ServiceErrorKind;
  issues?: ValidationIssue[];
  retryAfterMs?: number;
  /** The HTTP status, shown in a refusal without issues; the service's own text never is. */
  status?: number;
}

export interface ErrorCardContext {
  correlationId?: string;
  /** What the user was doing, e.g. "search", "the balance sheet". */
  action?: string;
  /** Button value that lets the listener redo the request; no Retry button without it. */
  retryValue?: string;
}

/** Service field names → the words our commands use. */
const FIELD_WORDS: Record<string, string> = {
  query: 'search words',
  symbol: 'symbol',
  symbols: 'symbol',
  start_date: 'start date (since:)',
  end_date: 'end date (until:)',
  start_datetime: 'start date (since:)',
  end_datetime: 'end date (until:)',
  categories: 'document type (type:)',
  markets: 'market (market:)',
  mode: 'search mode (mode:)',
  sort: 'sort order (sort:)',
  folder_ids: 'folder (in:)',
  folder_id: 'folder id',
  page_num: 'page',
  page_size: 'page size',
  num: 'number of results',
  limit: 'limit:',
  fiscal_year: 'fiscal year (fy:)',
  fiscal_quarter: 'quarter (q:)',
  period: 'period',
  tags: 'tag',
  doc_ids: 'document (doc:)',
  name: 'name',
};

/**
 * What was wrong with a field, by the validation error's type (FastAPI's pydantic types): words of
 * ours, as the service's `msg` may carry anything (an echoed key or header included).
 * @see https://docs.pydantic.dev/latest/errors/validation_errors/
 */
function describeProblem(type: string): string {
  if (type === 'missing') return 'is required';
  if (type.endsWith('_too_long')) return 'is too long';
  if (type.endsWith('_too_short')) return 'is too short';
  if (type === 'literal_error' || type === 'enum') return 'is not one of the values the service accepts';
  if (/^(int|float|decimal)_/.test(type)) return 'must be a number';
  if (/^(date|datetime|time)_/.test(type)) return 'must be a date';
  if (/^(greater|less)_than/.test(type)) return 'is out of range';
  return 'has a value the service did not accept';
}

/** A field name as the service's location gives it: an identifier, else not shown. */
const FIELD_NAME = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;

function describeIssue(issue: ValidationIssue): string {
  // The last named part of the location: `['body', 'symbols', 0]` is about the symbols.
  const field = [...(issue.loc ?? [])].reverse().find((p): p is string => typeof p === 'string' && p !== 'body' && !/^\d+$/.test(p));
  const word = field ? (FIELD_WORDS[field] ?? (FIELD_NAME.test(field) ? field.replace(/_/g, ' ') : 'input')) : 'input';
  return `${word}: ${describeProblem(issue.type ?? '')}`;
}

export function renderServiceError(error: ErrorCardInput, ctx: ErrorCardContext = {}): SlackMessage {
  const doing = ctx.action ? ` for ${ctx.action}` : '';
  const blocks: KnownBlock[] = [];
  let text: string;
  switch (error.kind) {
    case 'validation': {
      const issues = (error.issues ?? []).slice(0, 8).map(describeIssue);
      if (issues.length === 0) {
        const status = error.status !== undefined ? ` (status ${error.status})` : '';
        text = `The research service did not accept the request${doing}${status}. Check what you asked for and try again.`;
        blocks.push(section(`:warning: ${escapeMrkdwn(text)}`));
        break;
      }
      text = `The research service did not accept the input${doing}: ${issues.join('; ')}`;
      const detail = issues.map((i) => `• ${escapeMrkdwn(i)}`).join('\n');
      blocks.push(section(`:warning: The research service did not accept the input${escapeMrkdwn(doing)}:\n${detail}`));
      break;
    }
    case 'auth':
      text = "The research service rejected this app's API key. Please ask a workspace admin to check the app's configuration.";
      blocks.push(section(`:lock: ${text}`));
      break;
    case 'not_found':
      text = `Not found${doing}: the document, folder or record does not exist or is not available to this app.`;
      blocks.push(section(`:mag: ${escapeMrkdwn(text)}`));
      break;
    case 'cancelled':
      text = `The request${doing} was cancelled.`;
      blocks.push(section(escapeMrkdwn(text)));
      break;
    case 'too_large':
      // HTTP 413: sending it again cannot help, so no Retry.
      text = `The file is too large for the research service${doing}. Make it smaller (split it, or export fewer pages) and add it again.`;
      blocks.push(section(`:warning: ${escapeMrkdwn(text)}`));
      break;
    case 'bad_response':
      text = `The research service sent a reply we could not read${doing}. Search and other commands may still work.`;
      blocks.push(section(`:warning: ${escapeMrkdwn(text)}`));
      break;
    default: {
      const wait =
        error.retryAfterMs && error.retryAfterMs > 0
          ? ` Try again in about ${Math.ceil(error.retryAfterMs / 1000)} s.`
          : ' Try again in a moment.';
      const why =
        error.kind === 'rate_limited'
          ? 'is busy (rate limited)'
          : error.kind === 'timeout'
            ? 'did not answer in time'
            : 'is unavailable right now';
      text = `The research service ${why}${doing}.${wait}`;
      blocks.push(section(`:hourglass_flowing_sand: ${escapeMrkdwn(text)}`));
      if (ctx.retryValue !== undefined)
        blocks.push(actions([button({ text: 'Retry', actionId: ACTION_IDS.errorRetry, value: ctx.retryValue, style: 'primary' })]));
    }
  }
  if (ctx.correlationId) blocks.push(context(`Reference: ${inlineCode(escapeMrkdwn(ctx.correlationId))}`));
  return clampMessage({ text: escapeMrkdwn(text), blocks });
}

/** A plain failure the app itself detected (no service error), e.g. "this button has expired". */
/** The icon of a notice that the workspace cannot use the research service (not connected, not installed). */
export const CONNECTION_NOTICE_EMOJI = ':electric_plug:';

export function renderNotice(message: string, emoji = ':information_source:'): SlackMessage {
  return clampMessage({ text: escapeMrkdwn(message), blocks: [section(`${emoji} ${escapeMrkdwn(message)}`)] });
}
