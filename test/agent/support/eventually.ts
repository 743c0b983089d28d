/**
 * The one shared poll of the test suite: calls `probe` until `done` accepts its result (every
 * 50 ms), or fails after `timeoutMs`. A generous deadline that only a hung or broken system meets,
 * never a measure of speed: the test goes on as soon as the condition holds. `explain` adds what
 * the failure message should carry (a child process's output, say).
 */
export async function eventually<T>(
  probe: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 10_000,
  explain?: () => string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > deadline) {
      throw new Error(`condition not met within ${timeoutMs} ms: ${JSON.stringify(value)}${explain ? `\n${explain()}` : ''}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}
