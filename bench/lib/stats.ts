import { percentile } from '../../src/slack/app/percentile.js';

export { percentile };

export function median(samples: readonly number[]): number {
  return percentile(samples, 50);
}

export function round(value: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
