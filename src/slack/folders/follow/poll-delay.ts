/** The wait before each processing status call: doubling from the first wait up to the longest. */
export function pollDelay(attempt: number, initialMs: number, maxMs: number): number {
  return Math.min(maxMs, initialMs * 2 ** Math.min(attempt, 30));
}
