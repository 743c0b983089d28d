/**
 * Issue 33's acceptance, checked on one run's medians: for each app target, CPU per command
 * ≤ 1.5× the floor's at every rate; at 200/s ack p99 ≤ 20 ms and ≤ 2× the floor's, and
 * first-response overhead p99 ≤ 2× the floor's; idle CPU ≤ 0.5 ms a second. Pure, unit-tested
 * (test/bench/command-verdict.test.ts).
 */
import { ratio } from './command-figures.js';
import type { MedianStep } from './command-rounds.js';
import type { FloorCardCheck } from './floor-card-check.js';

export const ACCEPTANCE = {
  cpuPerCommandToFloor: 1.5,
  /** The rate the latency checks are made at. */
  latencyRate: 200,
  ackP99Ms: 20,
  ackP99ToFloor: 2,
  firstResponseOverheadP99ToFloor: 2,
  idleCpuMsPerSecond: 0.5,
} as const;

export interface VerdictLine {
  check: string;
  /** The measured figure (a ratio, ms, or ms a second); null when there is none to quote. */
  figure: number | null;
  /** null: a yes-or-no check, which has no figure either. */
  limit: number | null;
  /** null: not measured in this run (the rate was not asked for, or there is no floor). */
  pass: boolean | null;
  note?: string;
}

export interface TargetVerdict {
  target: string;
  /** true when every line passed; false when one failed; null when none failed but some were not measured. */
  pass: boolean | null;
  lines: VerdictLine[];
}

export interface VerdictInput {
  target: string;
  steps: readonly MedianStep[];
  idleCpuMsPerSecond: number | null;
  floorSteps: readonly MedianStep[] | undefined;
  /** The rates the run asked for. */
  rates: readonly number[];
  /** How many rounds the run had: a rate some round skipped (saturated below it) fails. */
  rounds: number;
  /** Whether the floor posts this app's card for its search; a floor that does not is no floor. */
  floorCard?: FloorCardCheck | undefined;
}

function line(check: string, figure: number | null, limit: number, measured: boolean, note?: string): VerdictLine {
  const pass = !measured ? null : figure !== null && figure <= limit;
  return { check, figure, limit, pass, ...(note ? { note } : {}) };
}

export function commandVerdict(input: VerdictInput): TargetVerdict {
  const { steps, floorSteps, rounds } = input;
  const at = (list: readonly MedianStep[] | undefined, rate: number) => list?.find((s) => s.rate === rate);
  const lines: VerdictLine[] = [];
  for (const rate of input.rates) {
    const step = at(steps, rate);
    const floor = at(floorSteps, rate);
    const skipped = !step || step.rounds < rounds;
    lines.push(
      line(
        `CPU per command ≤ ${ACCEPTANCE.cpuPerCommandToFloor}× floor at ${rate}/s`,
        skipped ? null : ratio(step.cpuMsPerCommand, floor?.cpuMsPerCommand),
        ACCEPTANCE.cpuPerCommandToFloor,
        floor !== undefined,
        skipped ? `measured in ${step?.rounds ?? 0} of ${rounds} rounds (saturated below this rate)` : undefined,
      ),
    );
  }
  const rate = ACCEPTANCE.latencyRate;
  const asked = input.rates.includes(rate);
  const step = at(steps, rate);
  const floor = at(floorSteps, rate);
  const failedNote = (figure: number | null | undefined) =>
    asked && figure === null ? 'more than 1% of commands failed or went unanswered' : undefined;
  lines.push(
    line(
      `ack p99 ≤ ${ACCEPTANCE.ackP99Ms} ms at ${rate}/s`,
      step?.ackP99Ms ?? null,
      ACCEPTANCE.ackP99Ms,
      asked,
      failedNote(step?.ackP99Ms),
    ),
  );
  lines.push(
    line(
      `ack p99 ≤ ${ACCEPTANCE.ackP99ToFloor}× floor at ${rate}/s`,
      ratio(step?.ackP99Ms, floor?.ackP99Ms),
      ACCEPTANCE.ackP99ToFloor,
      asked && floor !== undefined,
    ),
  );
  lines.push(
    line(
      `first-response overhead p99 ≤ ${ACCEPTANCE.firstResponseOverheadP99ToFloor}× floor at ${rate}/s`,
      ratio(step?.firstResponseOverheadP99Ms, floor?.firstResponseOverheadP99Ms),
      ACCEPTANCE.firstResponseOverheadP99ToFloor,
      asked && floor !== undefined,
    ),
  );
  lines.push(line(`idle CPU ≤ ${ACCEPTANCE.idleCpuMsPerSecond} ms/s`, input.idleCpuMsPerSecond, ACCEPTANCE.idleCpuMsPerSecond, true));
  if (input.floorCard) {
    lines.push({
      check: "the floor's card is this app's card for its search (bench/fixtures/research-card.json)",
      figure: null,
      limit: null,
      pass: input.floorCard.same,
      ...(input.floorCard.same ? {} : { note: `they differ at ${input.floorCard.at}: capture the app's card again` }),
    });
  }
  const passes = lines.map((l) => l.pass);
  const pass = passes.includes(false) ? false : passes.includes(null) ? null : true;
  return { target: input.target, pass, lines };
}
