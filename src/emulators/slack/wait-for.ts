import type { EventEmitter } from 'node:events';

export class WaitForTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`waitFor: condition not met within ${timeoutMs} ms`);
    this.name = 'WaitForTimeoutError';
  }
}

/**
 * Resolves with the first truthy value of `fn`, re-checked on every state change and every 25 ms
 * (some state, like stream expiry, changes with time alone). The deadline only bounds a wait that
 * fails: it is generous so that a busy machine never fails one that would have held.
 */
export function waitFor<T>(events: EventEmitter, fn: () => T | undefined | false | null, timeoutMs = 20_000): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const check = (): boolean => {
      const value = fn();
      // A promise is truthy: an async check would "hold" at once without being met.
      if (isThenable(value)) throw new TypeError('waitFor takes a synchronous check; poll an async one until it holds instead');
      if (value === undefined || value === false || value === null) return false;
      cleanup();
      resolve(value);
      return true;
    };
    const onChange = (): void => {
      try {
        check();
      } catch (err) {
        cleanup();
        reject(err as Error);
      }
    };
    const poll = setInterval(onChange, 25);
    const timer = setTimeout(() => {
      cleanup();
      reject(new WaitForTimeoutError(timeoutMs));
    }, timeoutMs);
    function cleanup(): void {
      clearInterval(poll);
      clearTimeout(timer);
      events.off('change', onChange);
    }
    events.on('change', onChange);
    onChange();
  });
}

const isThenable = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
