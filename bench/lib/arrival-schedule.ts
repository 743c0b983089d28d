/**
 * When an open-loop load generator sends its commands: a Poisson process (exponential gaps) at a
 * fixed mean rate, from a seeded generator so every target of one run sees the same arrivals.
 * Open loop means a send never waits for an earlier answer: a slow app meets the load it would
 * meet in production instead of slowing its own load down (coordinated omission).
 */

/** mulberry32: a small, fast, seeded PRNG; uniform on [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Send offsets in ms from the start, ascending, all below `durationMs`. */
export function poissonArrivals(ratePerSecond: number, durationMs: number, seed: number): number[] {
  if (!(ratePerSecond > 0) || !(durationMs > 0)) return [];
  const random = seededRandom(seed);
  const meanGapMs = 1000 / ratePerSecond;
  const offsets: number[] = [];
  let at = 0;
  for (;;) {
    // 1 - random() is in (0, 1], so the logarithm is finite.
    at += -Math.log(1 - random()) * meanGapMs;
    if (at >= durationMs) return offsets;
    offsets.push(at);
  }
}
