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
 * Why a run could not start, for the asker. A service on the 2025-12 schema requires `agent_id`
 * to create a conversation: that refusal names the setting that fixes it.
 */
export function startFailureText(error: unknown): string {
  if (!isServiceError(error)) return 'the research service could not start the run';
  if (error.kind === 'validation' && error.issues.some((issue) => issue.loc.at(-1) === 'agent_id')) {
    return 'the research service needs an agent id to start a conversation: the app’s operator sets SERVICE_AGENT_ID (the agent’s integer id) and restarts the app';
  }
  return error.serviceDetail ?? 'the research service could not start the run';
}
