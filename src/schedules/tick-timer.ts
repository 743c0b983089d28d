/**
 * The digest scheduler's one timer (the wait between ticks), injected like the clock so tests
 * fire ticks by moving a manual clock instead of waiting on real time.
 */
export interface TickTimer {
  /** Calls `callback` once after `ms`; the returned function cancels it. */
  schedule(callback: () => void, ms: number): () => void;
}

/** Real time: an unref'd setTimeout, so a pending tick never keeps the process alive. */
export const realTickTimer: TickTimer = {
  schedule(callback, ms) {
    const timer = setTimeout(callback, ms);
    timer.unref();
    return () => clearTimeout(timer);
  },
};
