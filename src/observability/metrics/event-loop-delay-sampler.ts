/**
 * Node's event-loop delay histogram, sampling only while the app works. The histogram wakes the
 * process every `resolution` ms (100 times a second at 10 ms), and on an idle process each wake-up
 * costs CPU to measure nothing: idle CPU has a budget of 0.5 ms a second (issue 33). Work (a Slack
 * event, an outbound call) enables it; a check `idleAfterMs` later disables it when no work came
 * meanwhile and none is in progress (`busy`, e.g. agent runs), else looks again `idleAfterMs` on.
 * So at most one timer of ours is armed while busy (the check), none while idle, and the hot path
 * only sets a flag.
 *
 * Node records each tick's distance from the tick before: after an idle spell the first tick
 * would record the whole spell as one delay, so the histogram is reset when sampling stops (what
 * it held is kept for the next scrape). Its first tick after enabling records nothing, so the work
 * that wakes it is measured from about `resolution` ms on.
 * @see https://nodejs.org/api/perf_hooks.html#perf_hooksmonitoreventloopdelayoptions
 */
import { type ELDHistogram, monitorEventLoopDelay } from 'node:perf_hooks';
import { type DelayWindow, mergeDelayWindows, readDelayWindow } from './delay-window.js';

/** The histogram calls the sampler makes (a test passes its own). */
export type DelayHistogram = Pick<ELDHistogram, 'enable' | 'disable' | 'reset' | 'count' | 'min' | 'max' | 'mean' | 'percentile'>;

/** One-shot timers; the relay's Timers fit (src/agent/runtime/timers.ts). */
export interface SamplerTimers {
  after(ms: number, callback: () => unknown, options?: { background?: boolean }): { cancel(): void };
}

export interface EventLoopDelaySamplerOptions {
  /** The idle check's timer (default: Node's, unref'd). */
  timers?: SamplerTimers;
  /** Sampling stops once this long passes with no work (default 10 s). */
  idleAfterMs?: number;
  /** Work in progress that reports no arrival (agent runs between their calls): sampling goes on while true. */
  busy?: () => boolean;
  /** Default: Node's monitorEventLoopDelay at a 10 ms resolution, disabled until work arrives. */
  histogram?: DelayHistogram;
}

export interface EventLoopDelaySampler {
  /** Work arrived: sample from now on, until `idleAfterMs` passes without any. Cheap: called per event and per call. */
  workArrived(): void;
  /** The delays sampled since the previous take (null when none: the app did no work), and a new window begins. */
  takeWindow(): DelayWindow | null;
  /** Stops sampling and the idle check. */
  stop(): void;
  /** Whether the histogram samples now (for tests and the idle benchmark). */
  readonly sampling: boolean;
}

const DEFAULT_IDLE_AFTER_MS = 10_000;
const RESOLUTION_MS = 10;

const nodeTimers: SamplerTimers = {
  after(ms, callback) {
    const handle = setTimeout(callback, ms);
    handle.unref();
    return { cancel: () => clearTimeout(handle) };
  },
};

export function createEventLoopDelaySampler(options: EventLoopDelaySamplerOptions = {}): EventLoopDelaySampler {
  const timers = options.timers ?? nodeTimers;
  const idleAfterMs = options.idleAfterMs ?? DEFAULT_IDLE_AFTER_MS;
  const busy = options.busy ?? (() => false);
  const histogram = options.histogram ?? monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  let sampling = false;
  let workedSinceCheck = false;
  let idleCheck: { cancel(): void } | undefined;
  /** Samples of spells that ended since the last take. */
  let held: DelayWindow | null = null;

  const stopSampling = (): void => {
    histogram.disable();
    sampling = false;
    held = mergeDelayWindows(held, readDelayWindow(histogram));
    histogram.reset();
  };
  const checkIdle = (): void => {
    idleCheck = undefined;
    if (workedSinceCheck || busy()) {
      workedSinceCheck = false;
      idleCheck = timers.after(idleAfterMs, checkIdle, { background: true });
      return;
    }
    stopSampling();
  };

  return {
    workArrived() {
      if (sampling) {
        workedSinceCheck = true;
        return;
      }
      sampling = true;
      histogram.enable();
      idleCheck = timers.after(idleAfterMs, checkIdle, { background: true });
    },
    takeWindow() {
      const window = mergeDelayWindows(held, readDelayWindow(histogram));
      held = null;
      histogram.reset();
      return window;
    },
    stop() {
      idleCheck?.cancel();
      idleCheck = undefined;
      if (sampling) stopSampling();
    },
    get sampling() {
      return sampling;
    },
  };
}
