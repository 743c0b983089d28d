/**
 * A replayed answer is checked as the relay checks a finished run (check-run-figures.ts), so it
 * reads like the original, "Figures checked" included. A replay is posted once and keeps nothing,
 * so the check is made anew, within the relay's budget; one that fails or runs out of time leaves
 * the replay without the section, as it leaves a live answer.
 */
import { FIGURE_CHECK_BUDGET_MS } from '../../../agent/runtime/figure-check-for-run.js';
import type { CheckedFigures } from '../../../agent/state/checked-figures.js';
import type { RunView } from '../../../agent/state/run-view.js';
import type { Logger } from '../../../observability/logger.js';
import type { ResearchService } from '../../../service/types.js';
import type { RunRecord } from '../../../store/records.js';
import { runFigureChecker } from '../figures/check-run-figures.js';

export async function checkReplayedFigures(
  service: ResearchService,
  view: RunView,
  runId: string,
  log: Logger,
): Promise<CheckedFigures | undefined> {
  if (view.status !== 'completed') return undefined;
  try {
    const signal = AbortSignal.timeout(FIGURE_CHECK_BUDGET_MS);
    const check = runFigureChecker({ logger: log }).check({ service, view, run: { runId } as RunRecord, signal });
    const stopped = new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));
    return await Promise.race([check, stopped]);
  } catch (error) {
    log.warn("the replayed answer's figure check failed; it is posted without it", { error });
    return undefined;
  }
}
