/** A request's deadline: its timer, the caller's signal and the client's lifetime as one abort signal. */

export interface Deadline {
  signal: AbortSignal;
  timedOut: () => boolean;
  /** Stops the timer; the signal still follows the caller's signal and the client's lifetime. */
  clear: () => void;
  /** Stops the timer and stops following: for a call whose answer has been read in full. */
  release: () => void;
}

/**
 * One controller per request, aborted by its timer, the caller's signal or the client's lifetime.
 * Built by hand rather than with AbortSignal.any, which costs more per request; the lifetime has
 * one listener for all requests in flight (`inFlight`), not one per request.
 */
export function startDeadline(
  timeoutMs: number,
  [callerSignal, lifetime]: [AbortSignal | undefined, AbortSignal],
  inFlight: Set<AbortController>,
): Deadline {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new Error('request timed out'));
  }, timeoutMs);
  const follow = (): void => controller.abort(callerSignal?.reason);
  if (lifetime.aborted) controller.abort(lifetime.reason);
  else if (callerSignal?.aborted) follow();
  else callerSignal?.addEventListener('abort', follow, { once: true });
  inFlight.add(controller);
  const clear = (): void => clearTimeout(timer);
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    clear,
    release: () => {
      clear();
      callerSignal?.removeEventListener('abort', follow);
      inFlight.delete(controller);
    },
  };
}
