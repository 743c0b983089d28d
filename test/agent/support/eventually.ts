/**
 * Calls `probe` until `done` accepts its result, or fails after `timeoutMs`: the suite's one poll
 * (test/support/poll-until.ts) with a predicate. A generous deadline that only a hung or broken
 * system meets, never a measure of speed: the test goes on as soon as the condition holds.
 * `explain` adds what the failure message should carry (a child process's output, say).
 */
import { pollUntil } from '../../support/poll-until.js';

export async function eventually<T>(
  probe: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 10_000,
  explain?: () => string,
): Promise<T> {
  let last: T | undefined;
  const met = await pollUntil(
    async () => {
      last = await probe();
      return done(last) ? { value: last } : undefined;
    },
    {
      what: () => `condition (last seen: ${JSON.stringify(last)})${explain ? `\n${explain()}` : ''}`,
      timeoutMs,
      intervalMs: 50,
    },
  );
  return met.value;
}
