import { describe, expect, it } from 'vitest';
import type { CommandSample } from '../../bench/lib/command-bench-messages.js';
import { percentileWithMissing, ratio, saturationRate, summarizeStep, type StepFigures } from '../../bench/lib/command-figures.js';
import { buildStepFigures } from './support/build-step-figures.js';

/** Command n sent at n·10 ms, acked after `ackMs` (undefined: failed). */
function buildSample(n: number, ackMs: number | undefined, warmup = false): CommandSample {
  const sentAt = 1_000_000 + n * 10;
  return ackMs === undefined ? { n, warmup, sentAt } : { n, warmup, sentAt, ackedAt: sentAt + ackMs };
}

function buildStep(overrides: Partial<StepFigures>): StepFigures {
  return buildStepFigures({ rate: 10, commands: 100, commandsSent: 110, ...overrides });
}

describe('percentileWithMissing', () => {
  it('is the nearest-rank percentile of complete samples', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentileWithMissing(values, 50)).toBe(50);
    expect(percentileWithMissing(values, 99)).toBe(99);
  });

  it('counts a missing value as worse than any, and says so rather than quoting the survivors', () => {
    const values: Array<number | undefined> = Array.from({ length: 100 }, (_, i) => i + 1);
    values[0] = undefined;
    expect(percentileWithMissing(values, 99)).toBe(100);
    values[1] = undefined;
    expect(percentileWithMissing(values, 99)).toBeNull();
    expect(percentileWithMissing([], 50)).toBeNull();
  });
});

describe('summarizeStep', () => {
  it('quotes latencies of measured commands only, and CPU over every command sent', () => {
    const samples = [buildSample(0, 900, true), ...Array.from({ length: 10 }, (_, i) => buildSample(i + 1, i + 1))];
    const firstResponses = new Map(samples.map((s) => [s.n, s.sentAt + 320] as const));
    const step = summarizeStep({
      rate: 10,
      samples,
      firstResponses,
      serviceLatencyMs: 300,
      cpuMs: 44,
      rssPeakMiB: 150.04,
      sendLagP99Ms: 0.26,
    });
    expect(step).toMatchObject({
      commands: 10,
      commandsSent: 11,
      ackP50Ms: 5,
      ackP99Ms: 10,
      ackFailures: 0,
      firstResponseOverheadP50Ms: 20,
      firstResponseOverheadP99Ms: 20,
      unanswered: 0,
      cpuMsPerCommand: 4,
      rssPeakMiB: 150,
      sendLagP99Ms: 0.3,
    });
  });

  it('counts failed acks and acked commands never answered', () => {
    const samples = [buildSample(1, 3), buildSample(2, undefined), buildSample(3, 4)];
    const step = summarizeStep({
      rate: 10,
      samples,
      firstResponses: new Map([[1, 1_000_010 + 400]]),
      serviceLatencyMs: 300,
      cpuMs: 3,
      rssPeakMiB: 1,
      sendLagP99Ms: 0,
    });
    expect(step.ackFailures).toBe(1);
    expect(step.ackP99Ms).toBeNull();
    expect(step.unanswered).toBe(1);
    expect(step.firstResponseOverheadP50Ms).toBeNull();
  });
});

describe('saturationRate', () => {
  const rates = [10, 50, 100];
  it('is the first rate whose ack p99 passed 500 ms or failed', () => {
    expect(saturationRate([buildStep({ rate: 10 }), buildStep({ rate: 50, ackP99Ms: 501 })], rates)).toBe('50');
    expect(saturationRate([buildStep({ rate: 10, ackP99Ms: null })], rates)).toBe('10');
  });
  it('is "> the highest rate" when none did', () => {
    expect(saturationRate([buildStep({ rate: 10, ackP99Ms: 500 })], rates)).toBe('> 100');
  });
});

describe('ratio', () => {
  it('divides and rounds, and leaves out what cannot be divided', () => {
    expect(ratio(3, 2)).toBe(1.5);
    expect(ratio(1, 3)).toBe(0.33);
    expect(ratio(null, 2)).toBeNull();
    expect(ratio(2, undefined)).toBeNull();
    expect(ratio(2, 0)).toBeNull();
  });
});
