import { sweepOrphanSegments } from '../../sinks/sweep-orphan-segments.js';
import { isSlackRefusal } from '../../../slack-api/slack-call-error.js';
import { SLACK_METHOD } from '../../sinks/slack-writer.js';
import { type RunContext, runTarget, replyTsOf } from '../../state/run-context.js';
import { isTerminal } from '../../state/run-view.js';
import type { NextPhase } from '../run-phase.js';

/**
 * Orphan clean-up, before following a run taken over and again before its final render:
 * - a stream segment whose start was never recorded ('starting' saved, or a startStream with an
 *   unknown outcome) is found in the thread and removed (sweep-orphan-segments.ts);
 * - before following, a native stream a crash left open is stopped (an edit of a streaming
 *   message fails) and deleted. After following, the final render stops and replaces it.
 */
export async function cleaningUpPhase(ctx: RunContext): Promise<NextPhase> {
  const orphan = ctx.keeper.get().openStreamTs;
  if (orphan === 'starting' || ctx.straySegmentPossible) {
    const r = ctx.keeper.get();
    await sweepOrphanSegments({ ...runTarget(ctx), replyTs: replyTsOf(ctx), knownTs: r.replyTs }, { ...ctx.deps, logger: ctx.log });
    ctx.straySegmentPossible = false;
    if (orphan === 'starting') await ctx.keeper.save({ openStreamTs: undefined });
  } else if (orphan && !ctx.followed) await stopOrphanedStream(ctx, orphan);
  return ctx.followed || isTerminal(ctx.view) ? 'finishing' : 'following';
}

async function stopOrphanedStream(ctx: RunContext, ts: string): Promise<void> {
  const { scheduler, slack, clock } = ctx.deps;
  const { channelId } = runTarget(ctx);
  const slot = (method: typeof SLACK_METHOD.stopStream | typeof SLACK_METHOD.delete) => ({ ...runTarget(ctx), method, since: clock() });
  // Already stopped or gone is what we want; anything else (rate limits included) is not.
  const tolerateGone = (error: unknown): void => {
    if (!isSlackRefusal(error)) throw error;
    ctx.log.info('the orphaned stream was already stopped or gone', { ts, code: error.code });
  };
  await scheduler.schedule(slot(SLACK_METHOD.stopStream), () => slack.stopStream({ channel: channelId, ts })).catch(tolerateGone);
  await scheduler.schedule(slot(SLACK_METHOD.delete), () => slack.delete({ channel: channelId, ts })).catch(tolerateGone);
  await ctx.keeper.save({ openStreamTs: undefined, replyTs: ctx.keeper.get().replyTs.filter((t) => t !== ts) });
  ctx.log.info('stopped the native stream a crash left open', { ts });
}
