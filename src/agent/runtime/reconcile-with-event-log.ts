import { RunStopped } from '../events/next-within.js';
import { orderEventsByOffset, reduceRunEvents } from '../state/reduce-run.js';
import type { RunContext } from '../state/run-context.js';
import { initialRunView, markCancelRequested, type RunView } from '../state/run-view.js';

/** Why the live view is checked against the service's log. */
export type LogCheck =
  /** An event arrived below the highest offset applied: the events after it were applied too early. */
  | { kind: 'late'; lateOffset: number }
  /** The run's events have ended: the log may hold events the live stream left out. */
  | { kind: 'ended' };

/** Offsets named in one log line, at most. */
const OFFSETS_LOGGED = 50;

/**
 * Checks the run's view against the service's log of its events (stream=false from offset 0, the
 * read a resumed run starts from) and, when the live stream delivered them out of order or left
 * some out, rebuilds the view from the log in offset order. Offsets grow by varying amounts
 * (interface document, Events, rule 2), so the live stream alone cannot show a gap; a late event
 * shows disorder at once, and the check at the run's end finds what never arrived. The view is a
 * fold, so an event is put in its place by folding the whole log again; every log event passes the
 * run's cursor, which thereby learns the missing ones and drops them if the live stream brings
 * them later. True repeats never come here: the cursor drops them.
 *
 * @returns false when the log could not be read: the view stays as the live stream built it.
 */
export async function reconcileWithEventLog(ctx: RunContext, check: LogCheck): Promise<boolean> {
  const run = ctx.keeper.get();
  let log: Awaited<ReturnType<RunContext['deps']['service']['listEvents']>>;
  try {
    log = await ctx.deps.service.listEvents(run.conversationId, run.assistantMessageId, {
      fromOffset: 0,
      signal: ctx.signal,
      correlationId: run.runId,
    });
  } catch (error) {
    if (error instanceof RunStopped || ctx.signal.aborted) throw new RunStopped();
    ctx.log.warn('could not re-read the run’s events to check them; the reply shows them as they arrived', {
      error,
      ...(check.kind === 'late' ? { lateOffset: check.lateOffset } : {}),
    });
    return false;
  }
  const ordered = orderEventsByOffset(log);
  const missing = ordered.filter((e) => ctx.cursor.admit(e));
  if (check.kind === 'ended' && missing.length === 0) return true;
  const missingOffsets = missing.flatMap((e) => (e.offset === undefined ? [] : [e.offset]));
  ctx.log.warn(
    check.kind === 'late'
      ? 'run events arrived out of order; rebuilt the run from the service’s event log'
      : 'the run’s event stream left events out; filled them from the service’s event log',
    {
      ...(check.kind === 'late' ? { lateOffset: check.lateOffset } : {}),
      lastOffset: ctx.cursor.lastOffset,
      ...(missingOffsets.length > 0 ? { firstMissingOffset: missingOffsets[0] } : {}),
      missingOffsets: missingOffsets.slice(0, OFFSETS_LOGGED),
      missingEvents: missing.length,
    },
  );
  ctx.view = rebuiltView(ctx, ordered);
  return true;
}

/** The view the log's events make, with what the relay learned outside them (who pressed Cancel). */
function rebuiltView(ctx: RunContext, ordered: Parameters<typeof reduceRunEvents>[1]): RunView {
  const base = initialRunView({ startedAtMs: ctx.keeper.get().startedAtMs });
  const folded = reduceRunEvents(base, ordered);
  const cancel = ctx.view.cancel;
  return cancel?.byUserId ? markCancelRequested(folded, cancel.byUserId, cancel.requestedAtMs ?? ctx.deps.clock()) : folded;
}
