import { isServiceError } from '../../service/errors/service-error.js';
import { failWithError } from '../state/reduce-run.js';
import type { RunContext } from '../state/run-context.js';

/** Ends the run's view with an error the relay itself ran into (shown like one the agent reported). */
export function failRun(ctx: RunContext, message: string): void {
  ctx.view = failWithError(ctx.view, { message }, ctx.deps.clock());
}

/** The run could not be started (or picked up again): say why in plain words, then finish. */
export function failStart(ctx: RunContext, error: unknown): 'finishing' {
  ctx.log.error('could not start the agent run', { error });
  failRun(ctx, startFailureText(error));
  return 'finishing';
}

/**
 * Why a run could not start, for the asker: what the status means and what to do, never the
 * service's own words (an error body may echo a key or a header, and is not written for people).
 * A service on the 2025-12 schema requires `agent_id` to create a conversation: that refusal names
 * the setting that fixes it.
 */
export function startFailureText(error: unknown): string {
  if (!isServiceError(error)) return 'the research service could not start the run';
  if (error.kind === 'validation' && error.issues.some((issue) => issue.loc.at(-1) === 'agent_id')) {
    return 'the research service needs an agent id to start a conversation: the app’s operator sets SERVICE_AGENT_ID (the agent’s integer id) and restarts the app';
  }
  const status = error.status !== undefined ? ` (status ${error.status})` : '';
  switch (error.kind) {
    case 'auth':
      return `the research service refused the app’s credentials${status}: ask the app’s operator to check SERVICE_API_KEY`;
    case 'validation':
      return `the research service did not accept the request${status}: ask again, in other words if it keeps failing`;
    case 'not_found':
      return `the research service no longer knows this conversation${status}: ask again in a new thread`;
    case 'rate_limited':
      return `the research service is busy${status}: try again in a minute`;
    case 'timeout':
      return `the research service did not answer in time${status}: try again in a few minutes`;
    case 'network':
      return 'the research service could not be reached: try again in a few minutes';
    case 'bad_response':
      return `the research service sent an answer the app could not read${status}: try again later`;
    case 'cancelled':
      return 'the request to start the run was cancelled';
    default:
      return `the research service is unavailable${status}: try again in a few minutes`;
  }
}
