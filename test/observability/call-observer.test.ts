import { describe, expect, it } from 'vitest';
import { type CallObserver, type CallOutcome, combineCallObservers } from '../../src/observability/call-observer.js';

function recording(log: string[], tag: string): CallObserver {
  return {
    start: (peer, name) => {
      log.push(`${tag} start ${peer} ${name}`);
      return (outcome: CallOutcome) => log.push(`${tag} end ${outcome.status ?? outcome.error}`);
    },
  };
}

describe('combineCallObservers', () => {
  it('gives no observer for none, so callers add no layer', () => {
    expect(combineCallObservers([])).toBeUndefined();
  });

  it('gives the one observer itself, unwrapped', () => {
    const one = recording([], 'a');
    expect(combineCallObservers([one])).toBe(one);
  });

  it('tells every observer of the start and of the end', () => {
    const log: string[] = [];
    const both = combineCallObservers([recording(log, 'metrics'), recording(log, 'traces')]);
    both?.start('slack', 'chat.postMessage')({ status: 200 });
    expect(log).toEqual([
      'metrics start slack chat.postMessage',
      'traces start slack chat.postMessage',
      'metrics end 200',
      'traces end 200',
    ]);
  });
});
