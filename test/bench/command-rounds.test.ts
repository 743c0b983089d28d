import { describe, expect, it } from 'vitest';
import type { StepFigures } from '../../bench/lib/command-figures.js';
import {
  medianStep,
  medianSteps,
  medianWithMissing,
  type RoundStep,
  ratiosOverRounds,
  targetOrderForRound,
} from '../../bench/lib/command-rounds.js';
import { buildStepFigures } from './support/build-step-figures.js';

function buildRoundStep(overrides: Partial<StepFigures> & { round: number }): RoundStep {
  return buildStepFigures(overrides);
}

describe('targetOrderForRound', () => {
  it('rotates the order so each target goes first in one round of every n', () => {
    const targets = ['app', 'app-redis', 'floor'];
    expect(targetOrderForRound(targets, 0)).toEqual(['app', 'app-redis', 'floor']);
    expect(targetOrderForRound(targets, 1)).toEqual(['app-redis', 'floor', 'app']);
    expect(targetOrderForRound(targets, 2)).toEqual(['floor', 'app', 'app-redis']);
    expect(targetOrderForRound(targets, 3)).toEqual(['app', 'app-redis', 'floor']);
    expect(targetOrderForRound([], 1)).toEqual([]);
  });
});

describe('medianWithMissing', () => {
  it('is the middle value of an odd count and the mean of the middle two of an even one', () => {
    expect(medianWithMissing([3, 1, 2])).toBe(2);
    expect(medianWithMissing([4, 1, 2, 3])).toBe(2.5);
    expect(medianWithMissing([1.234567], 3)).toBe(1.235);
    expect(medianWithMissing([])).toBeNull();
  });

  it('counts a missing value as worse than any, and is null when the middle falls on one', () => {
    expect(medianWithMissing([null, 1, 2])).toBe(2);
    expect(medianWithMissing([null, undefined, 2])).toBeNull();
    expect(medianWithMissing([1, null])).toBeNull();
  });
});

describe('medianStep', () => {
  it('takes the median of each figure over the rounds that ran the rate, and keeps those rounds', () => {
    const byRound = [
      buildRoundStep({ round: 1, cpuMsPerCommand: 2.4, ackP99Ms: 30, firstResponseOverheadP99Ms: 40 }),
      buildRoundStep({ round: 2, cpuMsPerCommand: 2.1, ackP99Ms: null, firstResponseOverheadP99Ms: 10 }),
      buildRoundStep({ round: 3, cpuMsPerCommand: 2.2, ackP99Ms: 12, firstResponseOverheadP99Ms: 25, ackFailures: 9 }),
      buildRoundStep({ round: 1, rate: 200, cpuMsPerCommand: 9 }),
    ];
    const step = medianStep(100, byRound);
    expect(step).toMatchObject({
      rate: 100,
      rounds: 3,
      cpuMsPerCommand: 2.2,
      ackP99Ms: 30,
      firstResponseOverheadP99Ms: 25,
      ackFailures: 0,
      commands: 600,
    });
    expect(step.byRound.map((s) => s.round)).toEqual([1, 2, 3]);
  });

  it('lists the rates some round ran, in the order asked', () => {
    const byRound = [buildRoundStep({ round: 1, rate: 200 }), buildRoundStep({ round: 1, rate: 10 })];
    expect(medianSteps(byRound, [10, 50, 200]).map((s) => s.rate)).toEqual([10, 200]);
  });
});

describe('ratiosOverRounds', () => {
  it('is the ratio of the medians, with the range of the ratios of the rounds paired by round', () => {
    const app = medianSteps(
      [
        buildRoundStep({ round: 1, cpuMsPerCommand: 3 }),
        buildRoundStep({ round: 2, cpuMsPerCommand: 2 }),
        buildRoundStep({ round: 3, cpuMsPerCommand: 4 }),
      ],
      [100],
    );
    const floor = medianSteps(
      [
        buildRoundStep({ round: 1, cpuMsPerCommand: 2 }),
        buildRoundStep({ round: 2, cpuMsPerCommand: 1 }),
        buildRoundStep({ round: 3, cpuMsPerCommand: 4 }),
      ],
      [100],
    );
    const [row] = ratiosOverRounds(app, floor);
    expect(row?.cpuMsPerCommand).toEqual({ ratio: 1.5, min: 1, max: 2 });
    expect(row?.ackP99).toEqual({ ratio: 1, min: 1, max: 1 });
  });

  it('leaves out rates the floor did not run and ratios that cannot be taken', () => {
    const app = medianSteps([buildRoundStep({ round: 1, ackP99Ms: null }), buildRoundStep({ round: 1, rate: 400 })], [100, 400]);
    const floor = medianSteps([buildRoundStep({ round: 1 })], [100]);
    const rows = ratiosOverRounds(app, floor);
    expect(rows.map((r) => r.rate)).toEqual([100]);
    expect(rows[0]?.ackP99).toEqual({ ratio: null, min: null, max: null });
  });
});
