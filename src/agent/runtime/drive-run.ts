/**
 * The driver of the run state machine (run-phase.ts): runs one phase at a time until one says
 * done. Leaving early is explicit too: a stop (lease lost, shutdown) or Slack refusing the thread.
 */
import { RunStopped } from '../events/next-within.js';
import { isSlackRefusal } from '../../slack-api/slack-call-error.js';
import type { RunContext } from '../state/run-context.js';
import { cleaningUpPhase } from './phases/cleaning-up-phase.js';
import { finishingPhase } from './phases/finishing-phase.js';
import { followingPhase } from './phases/following-phase.js';
import { resumingPhase } from './phases/resuming-phase.js';
import { startingPhase } from './phases/starting-phase.js';
import type { NextPhase, Phase, PhaseName, RunOutcome } from './run-phase.js';

const PHASES: Readonly<Record<PhaseName, Phase>> = {
  starting: startingPhase,
  resuming: resumingPhase,
  cleaningUp: cleaningUpPhase,
  following: followingPhase,
  finishing: finishingPhase,
};

export async function driveRun(ctx: RunContext): Promise<RunOutcome> {
  let next: NextPhase = 'starting';
  try {
    while (typeof next === 'string') {
      if (ctx.signal.aborted) throw new RunStopped();
      ctx.log.debug('run phase', { phase: next });
      next = await runPhase(ctx, next);
    }
    return next.done;
  } catch (error) {
    if (error instanceof RunStopped || ctx.signal.aborted) return stopped(ctx);
    // Slack refuses this thread for good (channel gone, app removed): retrying cannot help.
    if (isSlackRefusal(error)) return refused(ctx, error);
    // Anything else may pass (store or network trouble): the lease expires and a replica resumes.
    throw error;
  }
}

/** One phase, inside its span when tracing is on (RunDeps.wrapPhase); bare otherwise. */
function runPhase(ctx: RunContext, name: PhaseName): Promise<NextPhase> {
  const phase = PHASES[name];
  const wrap = ctx.deps.wrapPhase;
  return wrap ? wrap(name, ctx.keeper.get().runId, () => phase(ctx)) : phase(ctx);
}

/**
 * Stops relaying without finishing: the in-flight write completes and the offset is saved, unless
 * the lease was lost: another relay writes the record now, and an older offset (or an ended run
 * made running again) must not land over its writes.
 */
async function stopped(ctx: RunContext): Promise<RunOutcome> {
  await closeSink(ctx);
  const run = ctx.keeper.get();
  if (!ctx.leaseLost && ctx.cursor.lastOffset > run.lastOffset && run.replyTs[0]) ctx.keeper.saveInBackground();
  await ctx.keeper.settled();
  return { ended: false, reason: 'stopped' };
}

async function refused(ctx: RunContext, error: unknown): Promise<RunOutcome> {
  ctx.log.error('Slack refused the run thread; giving the run up', { error });
  await closeSink(ctx);
  await ctx.agentView?.finish('failed');
  await ctx.deps.runs
    .markEnded(ctx.keeper.get().runId, 'failed', { lastOffset: ctx.cursor.lastOffset })
    .catch((e: unknown) => ctx.log.error('could not mark the given-up run as ended', { error: e }));
  return { ended: true, status: 'failed' };
}

async function closeSink(ctx: RunContext): Promise<void> {
  await ctx.sink?.close().catch((error: unknown) => ctx.log.warn('could not close the run progress sink', { error }));
}
