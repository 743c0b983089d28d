/**
 * The check of a completed run's figures, made once before its final render and kept in the run
 * record: a run resumed after a crash (or rendered again) finds it there and reads no statement
 * twice. The check never holds the answer back for long nor keeps it from being posted: one that
 * fails, or takes longer than FIGURE_CHECK_BUDGET_MS on the relay's timers, is logged and the
 * answer goes out without its "Figures checked" section.
 */
import { z } from 'zod';
import { figureCheckSchema } from '../../figures/check/figure-check-schema.js';
import type { FigureCheck } from '../../figures/figure-types.js';
import { RunStopped } from '../events/next-within.js';
import type { CheckedFigures } from '../state/checked-figures.js';
import type { RunContext } from '../state/run-context.js';

/**
 * How long the final answer may wait for its check. The statements are a few reads per company,
 * each well under a second on a healthy service; a slower service gets the answer without them.
 */
export const FIGURE_CHECK_BUDGET_MS = 8000;

/** The run record's `figureCheck` as written by this module (the store keeps it as plain JSON). */
const checkedFiguresSchema = z.object({
  check: figureCheckSchema.optional(),
  companies: z.array(z.object({ symbol: z.string(), names: z.array(z.string()) })),
});

type Outcome = { made: CheckedFigures } | { failed: unknown } | 'timeout' | 'stopped';

/** The run's check: the stored one, else one made now and stored; undefined when there is none to show. */
export async function figureCheckForRun(ctx: RunContext): Promise<CheckedFigures | undefined> {
  const { deps, keeper, log } = ctx;
  const checkFigures = deps.checkFigures;
  if (!checkFigures || ctx.view.status !== 'completed') return undefined;
  const run = keeper.get();
  if (run.figureCheck !== undefined) {
    const stored = checkedFiguresSchema.safeParse(run.figureCheck);
    if (stored.success) return stored.data as CheckedFigures;
    log.warn('the stored figure check is unreadable; checking again', { issues: stored.error.issues.slice(0, 3) });
  }
  const started = deps.clock();
  const outcome = await withinBudget(ctx, (signal) => checkFigures({ service: deps.service, view: ctx.view, run, signal }));
  if (outcome === 'stopped' || ctx.signal.aborted) throw new RunStopped();
  if (outcome === 'timeout') {
    log.warn('the figure check took too long; the answer goes out without it', { budgetMs: FIGURE_CHECK_BUDGET_MS });
    return undefined;
  }
  if ('failed' in outcome) {
    log.warn('the figure check failed; the answer goes out without it', { error: outcome.failed });
    return undefined;
  }
  const made = outcome.made;
  log.info('figures checked', { ...counts(made.check), ms: deps.clock() - started });
  // Shown even when the save fails: this render has it, and only a resumed run would check again.
  await keeper
    .save({ figureCheck: made })
    .catch((error: unknown) => log.warn('could not store the figure check; a resumed run would check again', { error }));
  return made;
}

/**
 * The check, or 'timeout' once the budget is spent, or 'stopped' when the run's relay stops (the
 * check is then aborted, and not waited for: it may not heed its signal); never rejects.
 */
async function withinBudget(ctx: RunContext, check: (signal: AbortSignal) => Promise<CheckedFigures>): Promise<Outcome> {
  const controller = new AbortController();
  let timer: { cancel(): void } | undefined;
  let onStop: (() => void) | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = ctx.deps.timers.after(FIGURE_CHECK_BUDGET_MS, () => resolve('timeout'));
  });
  const stopped = new Promise<'stopped'>((resolve) => {
    onStop = () => resolve('stopped');
    if (ctx.signal.aborted) onStop();
    else ctx.signal.addEventListener('abort', onStop, { once: true });
  });
  try {
    const checked = Promise.resolve()
      .then(() => check(controller.signal))
      .then(
        (made): Outcome => ({ made }),
        (failed: unknown): Outcome => ({ failed }),
      );
    const outcome = await Promise.race([checked, timeout, stopped]);
    if (outcome === 'timeout' || outcome === 'stopped') controller.abort();
    return outcome;
  } finally {
    timer?.cancel();
    if (onStop) ctx.signal.removeEventListener('abort', onStop);
  }
}

function counts(check: FigureCheck | undefined): Record<string, number> {
  if (!check) return { figures: 0 };
  return { checked: check.checked, matched: check.matched, differs: check.differs.length, unchecked: check.unchecked };
}
