import type { RunStatus } from '../../../store/records.js';
import { writeFinalAnswer } from '../../sinks/write-final-answer.js';
import { shareReportFile } from '../../sinks/share-report-file.js';
import { bindRenderer } from '../bind-renderer.js';
import { figureCheckForRun } from '../figure-check-for-run.js';
import { type RunContext, runTarget, replyTsOf } from '../../state/run-context.js';
import { markCancelRequested } from '../../state/run-view.js';
import type { NextPhase } from '../run-phase.js';

/**
 * The authoritative final render from the whole view (a completed report's figures checked first,
 * a long report shared as a file first), then the run's end in the store.
 */
export async function finishingPhase(ctx: RunContext): Promise<NextPhase> {
  const { deps, keeper, log, cursor } = ctx;
  const now = deps.clock();
  const since = Math.min(now, ctx.pendingSince ?? now);
  if (ctx.view.status === 'cancelled' && !ctx.view.cancel?.byUserId) {
    // Cancel may have been pressed on another replica: its record knows who.
    const stored = await deps.runs.get(keeper.get().runId).catch((error: unknown) => {
      log.warn('could not read who cancelled the run; ending without the name', { error });
      return null;
    });
    if (stored?.cancelledBy) ctx.view = markCancelRequested(ctx.view, stored.cancelledBy, stored.updatedAtMs);
  }
  const view = ctx.view;
  const renderer = bindRenderer(ctx);
  // A completed report's figures, checked against the statements (once: a resumed run finds the check stored).
  const figures = await figureCheckForRun(ctx);
  const run = keeper.get();
  const extras = { ...(figures ? { figures } : {}), ...(run.assistantMessageId ? { assistantMessageId: run.assistantMessageId } : {}) };
  // A long report goes out as its first part plus a file; if the file cannot be shared, as parts.
  const withFile = renderer.finalWithFile(view, extras);
  const shared =
    withFile !== undefined &&
    (await shareReportFile(
      runTarget(ctx),
      withFile.file,
      run.reportFile,
      {
        ...deps,
        logger: log,
        saveReportFile: (reportFile) => keeper.save({ reportFile }),
      },
      since,
    ));
  const parts = shared ? withFile.parts : renderer.final(view, extras);
  const replyTs = replyTsOf(ctx);
  const otherTs = run.replyTs.slice(1);
  const kept = await writeFinalAnswer(
    {
      ...runTarget(ctx),
      replyTs,
      otherTs,
      ...(run.openStreamTs && run.openStreamTs !== 'starting' ? { openStreamTs: run.openStreamTs } : {}),
      // A claimed post with no ts (a crash between the two), or a record from before claims existed.
      lookInThread: ctx.resumed && (run.postPending === true || run.replyClaimed === undefined),
    },
    parts,
    {
      run_id: run.runId,
      conversation_id: run.conversationId,
      assistant_message_id: run.assistantMessageId,
      offset: cursor.lastOffset,
      status: view.status,
    },
    {
      ...deps,
      logger: log,
      saveMessages: (ts) => keeper.save({ openStreamTs: undefined, replyTs: ts, postPending: undefined }, 'progress'),
      claimPost: () => keeper.save({ postPending: true }, 'progress'),
    },
    since,
  );
  // The final render showed whatever was still pending: that wait counts as staleness too.
  if (since < now) deps.metrics.recordStaleness(deps.clock() - since);
  const status: Exclude<RunStatus, 'starting' | 'running'> =
    view.status === 'completed' ? 'completed' : view.status === 'cancelled' ? 'cancelled' : view.timeout ? 'timed_out' : 'failed';
  await keeper.settled();
  await deps.runs.markEnded(run.runId, status, {
    replyTs: kept,
    lastOffset: cursor.lastOffset,
    ...(view.cancel?.byUserId ? { cancelledBy: view.cancel.byUserId } : {}),
  });
  keeper.apply({ status, replyTs: kept });
  await ctx.agentView?.finish(status === 'completed' ? 'completed' : status === 'cancelled' ? 'cancelled' : 'failed');
  log.info('run relayed', { status, parts: kept.length, offset: cursor.lastOffset, reportFile: shared });
  return { done: { ended: true, status } };
}
