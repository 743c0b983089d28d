/**
 * The relay's timers, injected like its clock so a test drives them (vi.useFakeTimers, or an
 * object of its own) instead of waiting on the machine: lease renewals, the resume interval, the
 * silence timeout, the scheduler's lane wake-ups and stall checks, the coalescer's back-off.
 */
export interface Timer {
  cancel(): void;
}

export interface TimerOptions {
  /** A background timer does not keep the process alive on its own (Node's `unref`). */
  background?: boolean;
}

export interface Timers {
  /** Calls `callback` once, `ms` from now (what it returns is ignored, or awaited by a test's timers). */
  after(ms: number, callback: () => unknown, options?: TimerOptions): Timer;
  /** Calls `callback` every `ms` until cancelled. */
  every(ms: number, callback: () => unknown, options?: TimerOptions): Timer;
}

/** Node's timers, looked up at call time (so vi.useFakeTimers replaces them too). */
export const systemTimers: Timers = {
  after(ms, callback, options) {
    const handle = setTimeout(callback, ms);
    if (options?.background) handle.unref();
    return { cancel: () => clearTimeout(handle) };
  },
  every(ms, callback, options) {
    const handle = setInterval(callback, ms);
    if (options?.background) handle.unref();
    return { cancel: () => clearInterval(handle) };
  },
};
