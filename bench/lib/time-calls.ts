import { performance } from 'node:perf_hooks';

/**
 * Wall time of `samples` calls of a synchronous function, one figure per call, after `warmUp`
 * calls that let the JIT settle. The result is kept so the call cannot be optimised away.
 */
export function timeCalls(fn: () => unknown, samples: number, warmUp = 5): number[] {
  return timeCallsInTurn([fn], samples, warmUp)[0]!;
}

/**
 * timeCalls for several functions at once, one call of each in turn, so that whatever slows the
 * machine (or the heap) meanwhile weighs on all of them alike: figures per function, in order.
 */
export function timeCallsInTurn(fns: ReadonlyArray<() => unknown>, samples: number, warmUp = 5): number[][] {
  let sink: unknown;
  for (let i = 0; i < warmUp; i++) for (const fn of fns) sink = fn();
  const times = fns.map((): number[] => []);
  for (let i = 0; i < samples; i++) {
    for (const [k, fn] of fns.entries()) {
      const started = performance.now();
      sink = fn();
      times[k]!.push(performance.now() - started);
    }
  }
  if (sink === Symbol.for('never')) process.stdout.write('');
  return times;
}
