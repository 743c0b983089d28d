import { isServiceError } from '../../../service/errors/service-error.js';
import type { WorkflowStreamEvent } from '../../../service/types.js';
import { nextWithin, RunStopped } from '../../events/next-within.js';
import { endAfterReportedError, reduceRun } from '../../state/reduce-run.js';
import type { RunContext } from '../../state/run-context.js';
import { isTerminal, markTimedOut } from '../../state/run-view.js';
import { createRunSink } from '../create-run-sink.js';
import { failRun } from '../fail-run.js';
import { reconcileWithEventLog } from '../reconcile-with-event-log.js';
import type { NextPhase } from '../run-phase.js';

/**
 * After the run's end, events the service still sends (`usage` after `workflow_end`) are read
 * until the stream closes, for at most this long: a service that holds the stream open must not
 * hold the final answer back.
 */
export const TRAILING_EVENTS_MS = 3_000;

/**
 * Reads the run's events until it ends and hands each new view to the sink. The service's event
 * stream is the one owner of reconnection (it reattaches from the cursor's offset, with bounded
 * back-off) and the cursor drops duplicates, so every event read here is new. What is left is
 * the run's own silence timeout. An error event does not end the run (the service may go on);
 * the stream ending after it does. An event that arrives out of order, and events the stream left
 * out, are put in place from the service's log (reconcile-with-event-log.ts), the latter once the
 * run's events end, before the final view is decided. Progress writing ends here; the final render
 * comes later.
 */
export async function followingPhase(ctx: RunContext): Promise<NextPhase> {
  const { deps, keeper, log } = ctx;
  const sink = createRunSink(ctx);
  ctx.sink = sink;
  if (ctx.view.eventCount > 0) sink.offer(ctx.view, deps.clock());
  const run = keeper.get();
  const events =
    ctx.live ??
    deps.service.streamEvents(run.conversationId, run.assistantMessageId, {
      cursor: ctx.cursor,
      signal: ctx.signal,
      correlationId: run.runId,
    });
  ctx.live = undefined;
  const iterator = events[Symbol.asyncIterator]();
  let lastSave = deps.clock();
  // A resumed run's view was just read from the log; a fresh run's comes from the live stream alone.
  const logCheck: LogCheckState = { unchecked: ctx.view.eventCount === 0 };
  try {
    while (!isTerminal(ctx.view)) {
      const next = await nextWithin(iterator, deps.idleTimeoutMs, ctx.signal, deps.timers);
      if (ctx.signal.aborted) throw new RunStopped();
      if (next === 'timeout') {
        log.warn('run went silent; ending it', { silentForMs: deps.idleTimeoutMs });
        ctx.view = markTimedOut(ctx.view, deps.idleTimeoutMs, deps.clock());
        break;
      }
      if (next.done) {
        // The log may hold what the stream left out, the run's end included.
        await checkAgainstLog(ctx, logCheck);
        // The stream gives up only once the service says the run is over, or it stays unreachable:
        // an error it reported was the end, else it ended without one.
        ctx.view = endAfterReportedError(ctx.view, deps.clock());
        if (!isTerminal(ctx.view)) failRun(ctx, 'the research service closed the run stream before the run ended');
        break;
      }
      const arrived = deps.clock();
      const toolsBefore = ctx.view.tools.length;
      await applyEvent(ctx, next.value, logCheck);
      // A new tool call may name the companies and statements the answer will quote: read them now.
      if (ctx.view.tools.length !== toolsBefore) deps.warmFigures?.({ service: deps.service, view: ctx.view, run: keeper.get() });
      sink.offer(ctx.view, arrived);
      if (arrived - lastSave >= deps.offsetSaveIntervalMs) {
        lastSave = arrived;
        keeper.saveInBackground();
      }
    }
    if (!ctx.view.timeout) {
      await readTrailingEvents(ctx, iterator, logCheck);
      await checkAgainstLog(ctx, logCheck);
    }
  } catch (error) {
    if (error instanceof RunStopped || ctx.signal.aborted) throw new RunStopped();
    log.error('lost the run event stream', { error });
    failRun(ctx, isServiceError(error) ? 'the research service stopped sending updates for this run' : 'the run could not be followed');
  } finally {
    // Not awaited: after a silence timeout the stream's pending read ends only with its connection.
    iterator.return?.()?.catch((error: unknown) => log.warn('could not close the run event stream', { error }));
  }
  if (ctx.view.timeout) await cancelSilentRun(ctx);
  // Whatever progress did not show yet waits for the final render, which keeps its place in line.
  ctx.pendingSince = sink.pendingSince();
  await sink.close();
  ctx.followed = true;
  return 'cleaningUp';
}

/**
 * A run the relay gave up on is cancelled on the service too, as the Cancel button does, so the
 * agent does not go on working (and costing) for a reply that already says it stopped. A failure
 * is only logged: the thread says the run stopped either way.
 */
async function cancelSilentRun(ctx: RunContext): Promise<void> {
  const { conversationId, assistantMessageId, runId } = ctx.keeper.get();
  if (!assistantMessageId) return;
  try {
    const result = await ctx.deps.service.cancelRun(conversationId, assistantMessageId, { correlationId: runId });
    ctx.log.info('silent run cancelled on the service', { status: result.status });
  } catch (error) {
    ctx.log.warn('could not cancel the silent run on the service', { error });
  }
}

/** Events after the run's end (a last `usage`), until the stream closes or TRAILING_EVENTS_MS pass in silence. */
async function readTrailingEvents(ctx: RunContext, iterator: AsyncIterator<WorkflowStreamEvent>, logCheck: LogCheckState): Promise<void> {
  const { deps, sink } = ctx;
  for (;;) {
    const next = await nextWithin(iterator, TRAILING_EVENTS_MS, ctx.signal, deps.timers);
    if (ctx.signal.aborted) throw new RunStopped();
    if (next === 'timeout' || next.done) return;
    await applyEvent(ctx, next.value, logCheck);
    sink?.offer(ctx.view, deps.clock());
  }
}

/**
 * Folds one new event into the view. One that arrived out of order would land after events that
 * follow it, so the view is rebuilt from the service's log instead; when the log cannot be read,
 * the event is applied where it arrived (out of place beats lost).
 */
async function applyEvent(ctx: RunContext, event: WorkflowStreamEvent, logCheck: LogCheckState): Promise<void> {
  if (event.offset !== undefined && ctx.cursor.isLate(event)) {
    if (await reconcileWithEventLog(ctx, { kind: 'late', lateOffset: event.offset })) {
      logCheck.unchecked = false;
      return;
    }
  }
  ctx.view = reduceRun(ctx.view, event);
  logCheck.unchecked = true;
}

/** Whether the view holds events the service's log has not confirmed. */
interface LogCheckState {
  unchecked: boolean;
}

/** Once the run's events end: fills in what the live stream left out, unless the view came from the log already. */
async function checkAgainstLog(ctx: RunContext, logCheck: LogCheckState): Promise<void> {
  if (!logCheck.unchecked) return;
  logCheck.unchecked = false;
  await reconcileWithEventLog(ctx, { kind: 'ended' });
}
