/**
 * Reading a run's event stream with a silence timeout and a stop signal: the relay must notice
 * both a run that went quiet and its own shutdown while waiting for the next event.
 */

/** The relay of a run was stopped (lease lost, shutdown); not a failure of the run. */
export class RunStopped extends Error {
  override readonly name = 'RunStopped';
  constructor() {
    super('the relay of this run was stopped');
  }
}

/** The iterator's next item, or 'timeout' after `ms` of silence; rejects with RunStopped when stopped. */
export async function nextWithin<T>(iterator: AsyncIterator<T>, ms: number, signal: AbortSignal): Promise<IteratorResult<T> | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  try {
    return await Promise.race([
      iterator.next(),
      new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), ms);
      }),
      new Promise<never>((_, reject) => {
        onAbort = () => reject(new RunStopped());
        if (signal.aborted) onAbort();
        else signal.addEventListener('abort', onAbort, { once: true });
      }),
    ]);
  } finally {
    if (timer) clearTimeout(timer);
    if (onAbort) signal.removeEventListener('abort', onAbort);
  }
}

/** Waits `ms`, or less when the signal aborts. */
export function sleepUnlessAborted(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(t);
        resolve();
      },
      { once: true },
    );
  });
}
