import type { Logger } from '../../observability/logger.js';
import { DEFAULT_NATIVE_STREAM_OPTIONS } from '../sinks/native-stream-sink.js';
import type { RelayMetrics } from '../sinks/relay-metrics.js';
import { createUpdateScheduler } from '../sinks/update-scheduler.js';
import type { RunDeps } from '../state/run-context.js';
import type { RelaySharedDeps, RunWorkspace } from './relay-runtime-deps.js';
import type { Timers } from './timers.js';

/** What the runtime has settled on: the defaults of `clock`, `timers` and `metrics` filled in. */
export interface RuntimeBasics {
  clock: () => number;
  timers: Timers;
  metrics: RelayMetrics;
  /** The runtime's own logger (the update scheduler logs through it). */
  log: Logger;
}

/**
 * What every run of the process is given, whichever workspace it belongs to, with the one update
 * scheduler all of them share (closed by the runtime at shutdown).
 */
export function sharedRunDeps(deps: RelaySharedDeps, basics: RuntimeBasics): Omit<RunDeps, keyof RunWorkspace> {
  const { clock, timers, metrics, log } = basics;
  const scheduler = createUpdateScheduler({
    budget: deps.budget,
    metrics,
    logger: log,
    clock,
    timers,
    ...(deps.stallAfterMs !== undefined ? { stallAfterMs: deps.stallAfterMs } : {}),
  });
  return {
    scheduler,
    runs: deps.store.runs,
    threads: deps.store.threads,
    metrics,
    logger: deps.logger.child({ instanceId: deps.instanceId }),
    clock,
    timers,
    streaming: deps.streaming,
    idleTimeoutMs: deps.idleTimeoutMs,
    offsetSaveIntervalMs: deps.offsetSaveIntervalMs ?? 2000,
    native: { ...DEFAULT_NATIVE_STREAM_OPTIONS, ...deps.native },
    rendererFor: deps.rendererFor,
    ...(deps.checkFigures ? { checkFigures: deps.checkFigures } : {}),
    ...(deps.warmFigures ? { warmFigures: deps.warmFigures } : {}),
    ...(deps.wrapPhase ? { wrapPhase: deps.wrapPhase } : {}),
  };
}
