import { describe, expect, it } from 'vitest';
import type { StepFigures } from '../../bench/lib/command-figures.js';
import { type MedianStep, medianSteps } from '../../bench/lib/command-rounds.js';
import { commandVerdict, type VerdictInput } from '../../bench/lib/command-verdict.js';
import { buildStepFigures } from './support/build-step-figures.js';

/** One round's step per entry (rounds numbered from 1), as medians over them. */
function buildSteps(...perRound: Array<Partial<StepFigures> & { round?: number }>): MedianStep[] {
  const steps = perRound.map((s) => buildStepFigures({ round: 1, rate: 200, commands: 1200, commandsSent: 1400, ...s }));
  return medianSteps(
    steps,
    [...new Set(steps.map((s) => s.rate))].sort((a, b) => a - b),
  );
}

function buildInput(overrides: Partial<VerdictInput>): VerdictInput {
  return {
    target: 'app',
    steps: buildSteps({ rate: 100, cpuMsPerCommand: 2.9 }, { rate: 200, cpuMsPerCommand: 3, ackP99Ms: 19, firstResponseOverheadP99Ms: 39 }),
    idleCpuMsPerSecond: 0.4,
    floorSteps: buildSteps(
      { rate: 100, cpuMsPerCommand: 2 },
      { rate: 200, cpuMsPerCommand: 2, ackP99Ms: 10, firstResponseOverheadP99Ms: 20 },
    ),
    rates: [100, 200],
    rounds: 1,
    ...overrides,
  };
}

describe('commandVerdict', () => {
  it('passes a target within every limit, each line with its figure', () => {
    const verdict = commandVerdict(buildInput({}));
    expect(verdict.pass).toBe(true);
    expect(verdict.lines.map((l) => [l.check, l.figure, l.pass])).toEqual([
      ['CPU per command ≤ 1.5× floor at 100/s', 1.45, true],
      ['CPU per command ≤ 1.5× floor at 200/s', 1.5, true],
      ['ack p99 ≤ 20 ms at 200/s', 19, true],
      ['ack p99 ≤ 2× floor at 200/s', 1.9, true],
      ['first-response overhead p99 ≤ 2× floor at 200/s', 1.95, true],
      ['idle CPU ≤ 0.5 ms/s', 0.4, true],
    ]);
  });

  it('fails each limit crossed, and only that one', () => {
    const verdict = commandVerdict(
      buildInput({
        steps: buildSteps(
          { rate: 100, cpuMsPerCommand: 3.1 },
          { rate: 200, cpuMsPerCommand: 3, ackP99Ms: 21, firstResponseOverheadP99Ms: 41 },
        ),
        idleCpuMsPerSecond: 0.51,
      }),
    );
    expect(verdict.pass).toBe(false);
    expect(verdict.lines.map((l) => l.pass)).toEqual([false, true, false, false, false, false]);
  });

  it('fails an ack p99 that is a failure, and a rate some round skipped', () => {
    const verdict = commandVerdict(
      buildInput({
        rounds: 2,
        steps: buildSteps(
          { round: 1, rate: 100 },
          { round: 2, rate: 100 },
          { round: 1, rate: 200, ackP99Ms: null },
          { round: 2, rate: 200, ackP99Ms: null },
        ),
        floorSteps: buildSteps(
          ...[1, 2].flatMap((round) => [
            { round, rate: 100 },
            { round, rate: 200 },
            { round, rate: 400 },
          ]),
        ),
        rates: [100, 200, 400],
      }),
    );
    const byCheck = Object.fromEntries(verdict.lines.map((l) => [l.check, l]));
    expect(byCheck['ack p99 ≤ 20 ms at 200/s']).toMatchObject({ figure: null, pass: false });
    expect(byCheck['CPU per command ≤ 1.5× floor at 400/s']).toMatchObject({
      figure: null,
      pass: false,
      note: expect.stringContaining('0 of 2'),
    });
    expect(verdict.pass).toBe(false);
  });

  it('says what was not measured instead of passing it', () => {
    const verdict = commandVerdict(buildInput({ rates: [100], floorSteps: undefined }));
    expect(verdict.lines.map((l) => l.pass)).toEqual([null, null, null, null, true]);
    expect(verdict.pass).toBeNull();
  });

  it('fails a run whose floor no longer posts the app’s card, and says where they differ', () => {
    const differs = commandVerdict(buildInput({ floorCard: { same: false, at: 'blocks[3].text.text' } }));
    expect(differs.pass).toBe(false);
    expect(differs.lines.at(-1)).toMatchObject({ pass: false, limit: null, note: expect.stringContaining('blocks[3].text.text') });
    const same = commandVerdict(buildInput({ floorCard: { same: true } }));
    expect(same.pass).toBe(true);
    expect(same.lines.at(-1)).toMatchObject({ pass: true, limit: null });
  });
});
