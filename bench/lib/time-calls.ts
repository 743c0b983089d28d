import { performance } from 'node:perf_hooks';

/**
 * Wall time of `samples` calls of a synchronous function, one figure per call, after `warmUp`
 * calls that let the JIT settle. The result is kept so the call cannot be optimised away.
 */
export function timeCalls(fn: () => unknown, samples: number, warmUp = 5): number[] {
  let sink: unknown;
  for (let i = 0; i < warmUp; i++) sink = fn();
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    sink = fn();
    times.push(performance.now() - started);
  }
  if (sink === Symbol.for('never')) process.stdout.write('');
  return times;
}
