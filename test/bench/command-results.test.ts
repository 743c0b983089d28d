import { describe, expect, it } from 'vitest';
import { medianSteps } from '../../bench/lib/command-rounds.js';
import { compareToFloor, type TargetFigures } from '../../bench/lib/command-results.js';
import { buildStepFigures } from './support/build-step-figures.js';

function buildTarget(target: string, cpuMsPerCommand: number, rssIdleAfterStartMiB = 100): TargetFigures {
  const step = buildStepFigures({ round: 1, cpuMsPerCommand });
  return {
    target,
    description: target,
    rssIdleAfterStartMiB,
    rssIdleAfterLoadMiB: rssIdleAfterStartMiB,
    idleCpuMsPerSecond: 0.2,
    idleCpuMsPerSecondByRound: [0.2],
    saturationRate: '> 100',
    steps: medianSteps([step], [100]),
  };
}

describe('compareToFloor', () => {
  const rest = { loadAverageAtStart: [0.5], peerCalls: {}, harness: { commandsSent: 0, peersCpuMs: 0, loadGeneratorCpuMs: 0 } };

  it('compares the app targets to the floor with a verdict each, and the old floors to the floor without one', () => {
    const targets = [buildTarget('app', 3, 250), buildTarget('floor', 2), buildTarget('floor-respond', 3.5), buildTarget('app-redis', 2.8)];
    const figures = compareToFloor(targets, { rounds: 1, rates: [100] }, rest);
    expect(Object.keys(figures.ratiosToFloor)).toEqual(['app', 'app-redis']);
    expect(figures.ratiosToFloor.app?.[0]?.cpuMsPerCommand.ratio).toBe(1.5);
    expect(figures.oldFloorsToFloor['floor-respond']?.[0]?.cpuMsPerCommand.ratio).toBe(1.75);
    expect(figures.verdict.map((v) => [v.target, v.pass])).toEqual([
      ['app', null],
      ['app-redis', null],
    ]);
    expect(figures.idleRssToFloor).toEqual({ app: 2.5, 'app-redis': 1 });
  });

  it('has no ratios without a floor, and says the verdict is incomplete', () => {
    const figures = compareToFloor([buildTarget('app', 3)], { rounds: 1, rates: [100] }, rest);
    expect(figures.ratiosToFloor).toEqual({ app: [] });
    expect(figures.verdict[0]?.pass).toBeNull();
  });
});
