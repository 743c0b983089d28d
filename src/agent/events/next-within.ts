/**
 * Reading a run's event stream with a silence timeout and a stop signal: the relay must notice
 * both a run that went quiet and its own shutdown while waiting for the next event.
 */
import type { Timers } from '../runtime/timers.js';

/** The relay of a run was stopped (lease lost, shutdown); not a failure of the run. */
export class RunStopped extends Error {
  override readonly name = 'RunStopped';
  constructor() {
    super('the relay of this run was stopped');
  }
}

/** The iterator's next item, or 'timeout' after `ms` of silence; rejects with RunStopped when stopped. */
export async function nextWithin<T>(
  iterator: AsyncIterator<T>,
  ms: number,
  signal: AbortSignal,
  timers: Timers,
): Promise<IteratorResult<T> | 'timeout'> {
  let timer: { cancel(): void } | undefined;
  let onAbort: (() => void) | undefined;
  try {
    return await Promise.race([
      iterator.next(),
      new Promise<'timeout'>((resolve) => {
        timer = timers.after(ms, () => resolve('timeout'));
      }),
      new Promise<never>((_, reject) => {
        onAbort = () => reject(new RunStopped());
        if (signal.aborted) onAbort();
        else signal.addEventListener('abort', onAbort, { once: true });
      }),
    ]);
  } finally {
    timer?.cancel();
    if (onAbort) signal.removeEventListener('abort', onAbort);
  }
}
