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
  failRun(ctx, isServiceError(error) && error.serviceDetail ? error.serviceDetail : 'the research service could not start the run');
  return 'finishing';
}
