/**
 * The one poll of the test support code: tests wait for a condition, never for a guessed time. The
 * deadline only bounds a wait that never ends (a failing test); it measures nothing, and a busy
 * machine merely polls fewer times before the condition holds.
 */

export interface PollOptions {
  /** What is awaited, for the error; a function is read when the wait fails (e.g. the last state seen). */
  what: string | (() => string);
  timeoutMs: number;
  /** Pause between probes (default 40 ms). */
  intervalMs?: number;
}

/** Calls `probe` until it yields a value (anything but undefined, null or false), or throws after `timeoutMs`. */
export async function pollUntil<T>(
  probe: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  opts: PollOptions,
): Promise<T> {
  const deadline = Date.now() + opts.timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== null && value !== false) return value;
    if (Date.now() > deadline) {
      const what = typeof opts.what === 'function' ? opts.what() : opts.what;
      throw new Error(`${what}: not met within ${opts.timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, opts.intervalMs ?? 40));
  }
}
