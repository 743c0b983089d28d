/**
 * A lower bound on relay staleness that no scheduler can beat, computed from the event trace.
 *
 * Model. A run's reply shows its events through chat.update, which Slack budgets per workspace at
 * B calls a minute (tier 3, B = 50; src/slack-api/rate-limits.ts). Slack guarantees the rate, not
 * bursts, so the budget is: in any interval of length L at most β + B·L/60 s calls. β = 2 covers
 * the relay's own pacing (one call per fixed window of 60/47 s: ≤ floor(L/W) + 2 ≤ 2 + 50·L/60 s
 * calls in any L) as well as strict pacing (β = 1); `budgetExcess` checks a measured call log
 * against it. One update shows the pending events of one run. An event's staleness is the time
 * from its arrival (the service's timestamp) to the first update of its run at or after it.
 *
 * Why 60·k/B is not a floor (the old bench's mistake): for k runs continuously active, a run can
 * be refreshed at best every 60·k/B s on average, so an event arriving at a random moment waits
 * at best uniform on [0, 60·k/B] (for fixed mean interval, unequal intervals only lengthen the
 * waits, by convexity): p95 ≥ 0.95·60·k/B, and 60·k/B itself is the *maximum* wait of the ideal
 * round-robin, not a floor of the p95. For a burst (N runs ending together), the finals are N
 * distinct updates after the burst, so the last lands ≥ 60·(N − β)/B after it. The bench's
 * workload is neither: 50 runs start staggered (their replies are paced per channel), last about
 * 15 s each and end spread over some 20 s, with most events in each run's second half. So the
 * bound below is computed from the trace itself, by an argument that yields both closed forms as
 * special cases.
 *
 * Argument. Fix x. Take any arrival window [t1, t3]. An event in it shown within x is shown by an
 * update in [t1, t3 + x], of which there are at most U = floor(β + B·(t3 + x − t1)/60 s). One
 * update covers events of one run r that arrived in the x before it: at most c_r, the most events
 * of r inside any x-long stretch of [t1, t3]; and all updates of r together cover at most E_r,
 * its events in the window. So at most G = the sum of the U largest "marginal gains" (run r
 * offers floor(E_r/c_r) gains of c_r and one of the remainder) are shown within x, and at least
 * E − G events of the window wait longer than x. If that exceeds the share a p-quantile allows,
 * the quantile exceeds x. The bound is the smallest x no window refutes (binary search: the
 * refutation weakens as x grows). For k continuous runs over a long window this gives
 * x ≥ 0.95·60·k/B; for a burst it gives the finals' queue.
 */
export interface BudgetModel {
  /** Calls a minute Slack sustains (chat.update: 50). */
  perMinute: number;
  /** Calls allowed back to back beyond the rate (see above). */
  burst: number;
}

export interface TracedEvent {
  runKey: string;
  atMs: number;
}

/** Most calls in any interval beyond what the model allows (≤ 0: the log kept to the model). */
export function budgetExcess(callTimesMs: readonly number[], model: BudgetModel): number {
  const t = [...callTimesMs].sort((a, b) => a - b);
  let worst = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < t.length; i += 1) {
    for (let j = i; j < t.length; j += 1) {
      const allowed = model.burst + (model.perMinute * (t[j]! - t[i]!)) / 60_000;
      worst = Math.max(worst, j - i + 1 - allowed);
    }
  }
  return t.length === 0 ? 0 : worst;
}

function groupByRun(events: readonly TracedEvent[]): number[][] {
  const runs = new Map<string, number[]>();
  for (const e of events) {
    const list = runs.get(e.runKey) ?? [];
    list.push(e.atMs);
    runs.set(e.runKey, list);
  }
  return [...runs.values()].map((l) => l.sort((a, b) => a - b));
}

function lowerIndex(sorted: readonly number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Most of `sorted[from..to)` inside any stretch of length `x`. */
function densest(sorted: readonly number[], from: number, to: number, x: number): number {
  let best = 0;
  let head = from;
  for (let tail = from; tail < to; tail += 1) {
    while (sorted[tail]! - sorted[head]! > x) head += 1;
    best = Math.max(best, tail - head + 1);
  }
  return best;
}

/** True when some arrival window proves that more than `allowedLate` events wait longer than x. */
function refuted(runs: number[][], grid: number[], x: number, model: BudgetModel, allowedLate: number): boolean {
  for (let a = 0; a < grid.length; a += 1) {
    for (let b = a; b < grid.length; b += 1) {
      const t1 = grid[a]!;
      const t3 = grid[b]!;
      const updates = Math.floor(model.burst + (model.perMinute * (t3 + x - t1)) / 60_000);
      const gains: number[] = [];
      let inWindow = 0;
      for (const run of runs) {
        const from = lowerIndex(run, t1);
        const to = lowerIndex(run, t3 + 1e-9);
        const count = to - from;
        if (count === 0) continue;
        inWindow += count;
        const perUpdate = densest(run, from, to, x);
        for (let left = count; left > 0; left -= perUpdate) gains.push(Math.min(perUpdate, left));
      }
      if (inWindow <= allowedLate) continue;
      gains.sort((p, q) => q - p);
      let shown = 0;
      for (let i = 0; i < Math.min(updates, gains.length); i += 1) shown += gains[i]!;
      if (inWindow - shown > allowedLate) return true;
    }
  }
  return false;
}

/**
 * The smallest staleness quantile `q` (0–100, nearest rank as in stats.ts) that any scheduler
 * within `model` could reach on this trace, in ms (to `resolutionMs`).
 */
export function stalenessLowerBoundMs(
  events: readonly TracedEvent[],
  model: BudgetModel,
  q: number,
  options: { gridMs?: number; resolutionMs?: number } = {},
): number {
  if (events.length === 0) return 0;
  const gridMs = options.gridMs ?? 500;
  const resolutionMs = options.resolutionMs ?? 100;
  const runs = groupByRun(events);
  const times = events.map((e) => e.atMs);
  const first = Math.min(...times);
  const last = Math.max(...times);
  // Window edges on a grid, plus the exact first and last arrival so no event falls outside.
  const grid: number[] = [];
  for (let t = first; t < last; t += gridMs) grid.push(t);
  grid.push(last);
  const allowedLate = events.length - Math.ceil((q / 100) * events.length);
  let lo = 0;
  let hi = last - first + (60_000 * (runs.length + 1)) / model.perMinute;
  while (hi - lo > resolutionMs) {
    const mid = (lo + hi) / 2;
    if (refuted(runs, grid, mid, model, allowedLate)) lo = mid;
    else hi = mid;
  }
  return lo;
}

/**
 * The burst part on its own: the finals of the runs ending at or after t are distinct updates
 * after t, so the last final lands at ≥ t + 60 s·(n_t − β)/B for every t.
 */
export function lastFinalLowerBoundMs(runEndsMs: readonly number[], model: BudgetModel): number {
  const ends = [...runEndsMs].sort((a, b) => a - b);
  let bound = ends.at(-1) ?? 0;
  for (const [i, t] of ends.entries()) {
    bound = Math.max(bound, t + (60_000 * (ends.length - i - model.burst)) / model.perMinute);
  }
  return bound;
}
