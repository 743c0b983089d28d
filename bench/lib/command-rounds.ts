/**
 * The command benchmark in rounds (issue 33): every rate, and at each rate every target in turn,
 * once per round; what it quotes is the median over rounds of each figure, with the rounds' own
 * figures next to it, and ratios to the floor as the ratio of the medians with the range of the
 * rounds' ratios. Pure functions, unit-tested (test/bench/command-rounds.test.ts).
 */
import { ratio, type StepFigures } from './command-figures.js';
import { round } from './stats.js';

/** One step's figures, and the round it was measured in. */
export type RoundStep = StepFigures & { round: number };

/** The median over rounds of each figure of one rate, and the rounds it was taken over. */
export type MedianStep = StepFigures & { rounds: number; byRound: RoundStep[] };

/** The order targets take at every rate of round `roundIndex` (from 0): rotated, so none always goes first. */
export function targetOrderForRound<T>(targets: readonly T[], roundIndex: number): T[] {
  if (targets.length === 0) return [];
  const shift = roundIndex % targets.length;
  return [...targets.slice(shift), ...targets.slice(0, shift)];
}

/**
 * The median, where a missing value (a failed p99, a rate a round skipped) counts as worse than
 * any: null when the middle falls on one. An even count takes the mean of the two middle values.
 */
export function medianWithMissing(values: ReadonlyArray<number | null | undefined>, digits = 2): number | null {
  if (values.length === 0) return null;
  const sorted = values.map((v) => v ?? Number.POSITIVE_INFINITY).sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const middle = sorted.length % 2 === 1 ? (sorted[mid] ?? Number.POSITIVE_INFINITY) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
  return Number.isFinite(middle) ? round(middle, digits) : null;
}

const medianOf = (steps: readonly RoundStep[], pick: (s: StepFigures) => number | null, digits = 2): number | null =>
  medianWithMissing(steps.map(pick), digits);

/** A rate's figures over rounds (those that ran it: a saturated round skips the higher rates). */
export function medianStep(rate: number, byRound: readonly RoundStep[]): MedianStep {
  const steps = byRound.filter((s) => s.rate === rate);
  const count = (pick: (s: StepFigures) => number) => medianOf(steps, pick, 0) ?? 0;
  return {
    rate,
    rounds: steps.length,
    commands: count((s) => s.commands),
    commandsSent: count((s) => s.commandsSent),
    ackP50Ms: medianOf(steps, (s) => s.ackP50Ms, 1),
    ackP99Ms: medianOf(steps, (s) => s.ackP99Ms, 1),
    ackFailures: count((s) => s.ackFailures),
    firstResponseOverheadP50Ms: medianOf(steps, (s) => s.firstResponseOverheadP50Ms, 1),
    firstResponseOverheadP99Ms: medianOf(steps, (s) => s.firstResponseOverheadP99Ms, 1),
    unanswered: count((s) => s.unanswered),
    cpuMsPerCommand: medianOf(steps, (s) => s.cpuMsPerCommand) ?? 0,
    rssPeakMiB: medianOf(steps, (s) => s.rssPeakMiB, 1) ?? 0,
    sendLagP99Ms: medianOf(steps, (s) => s.sendLagP99Ms, 1) ?? 0,
    byRound: [...steps],
  };
}

/** Every rate some round ran, in the order asked, as medians over rounds. */
export function medianSteps(byRound: readonly RoundStep[], rates: readonly number[]): MedianStep[] {
  return rates.filter((rate) => byRound.some((s) => s.rate === rate)).map((rate) => medianStep(rate, byRound));
}

/** A target's figure over the floor's: the ratio of the medians, and the lowest and highest of the rounds' ratios. */
export interface RatioRange {
  ratio: number | null;
  min: number | null;
  max: number | null;
}

export interface RatioRow {
  rate: number;
  ackP50: RatioRange;
  ackP99: RatioRange;
  firstResponseOverheadP50: RatioRange;
  firstResponseOverheadP99: RatioRange;
  cpuMsPerCommand: RatioRange;
  rssPeak: RatioRange;
}

function ratioRange(target: MedianStep, floor: MedianStep, pick: (s: StepFigures) => number | null): RatioRange {
  // Round by round: a round's target step against the floor's step of the same round.
  const perRound = target.byRound.flatMap((t) => {
    const f = floor.byRound.find((s) => s.round === t.round);
    const r = f ? ratio(pick(t), pick(f)) : null;
    return r === null ? [] : [r];
  });
  return {
    ratio: ratio(pick(target), pick(floor)),
    min: perRound.length > 0 ? Math.min(...perRound) : null,
    max: perRound.length > 0 ? Math.max(...perRound) : null,
  };
}

/** Rate by rate (rates both ran), a target's medians over the floor's. */
export function ratiosOverRounds(target: readonly MedianStep[], floor: readonly MedianStep[]): RatioRow[] {
  return target.flatMap((step) => {
    const base = floor.find((f) => f.rate === step.rate);
    if (!base) return [];
    return [
      {
        rate: step.rate,
        ackP50: ratioRange(step, base, (s) => s.ackP50Ms),
        ackP99: ratioRange(step, base, (s) => s.ackP99Ms),
        firstResponseOverheadP50: ratioRange(step, base, (s) => s.firstResponseOverheadP50Ms),
        firstResponseOverheadP99: ratioRange(step, base, (s) => s.firstResponseOverheadP99Ms),
        cpuMsPerCommand: ratioRange(step, base, (s) => s.cpuMsPerCommand),
        rssPeak: ratioRange(step, base, (s) => s.rssPeakMiB),
      },
    ];
  });
}
