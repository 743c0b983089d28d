import { isSlackCallError } from '../../../slack-api/slack-call-error.js';
import { RunStopped } from '../../events/next-within.js';
import { reduceRunEvents } from '../../state/reduce-run.js';
import type { RunContext } from '../../state/run-context.js';
import { markCancelRequested } from '../../state/run-view.js';
import { failStart } from '../fail-run.js';
import type { NextPhase } from '../run-phase.js';

/**
 * A run taken over (or whose chat was found again): its view is rebuilt from the event log read
 * at once (stream=false) through the run's cursor, so following continues right after it.
 */
export async function resumingPhase(ctx: RunContext): Promise<NextPhase> {
  const run = ctx.keeper.get();
  try {
    const earlier = await ctx.deps.service.listEvents(run.conversationId, run.assistantMessageId, {
      cursor: ctx.cursor,
      signal: ctx.signal,
      correlationId: run.runId,
    });
    ctx.view = reduceRunEvents(ctx.view, earlier);
  } catch (error) {
    if (error instanceof RunStopped || ctx.signal.aborted) throw new RunStopped();
    if (isSlackCallError(error)) throw error;
    return failStart(ctx, error);
  }
  // Cancel may have been pressed before the takeover: the record knows who.
  const { cancelledBy } = ctx.keeper.get();
  if (cancelledBy && !ctx.view.cancel?.byUserId) ctx.view = markCancelRequested(ctx.view, cancelledBy, ctx.keeper.get().updatedAtMs);
  return 'cleaningUp';
}
