/**
 * From what the load generator and the Slack stub recorded to the figures the command benchmark
 * quotes: pure functions, unit-tested (test/bench/command-figures.test.ts).
 */
import type { CommandSample } from './command-bench-messages.js';
import { round } from './stats.js';

/** Ack p99 above this at a rate means the target is saturated there (issue 17). */
export const SATURATION_ACK_P99_MS = 500;

export interface StepFigures {
  rate: number;
  /** Commands measured (sent after the warm-up). */
  commands: number;
  /** Every command sent in the step, warm-up included. */
  commandsSent: number;
  ackP50Ms: number | null;
  /** null when more than 1% of acks failed: the p99 is then a failure, not a latency. */
  ackP99Ms: number | null;
  ackFailures: number;
  /** First response minus the service's latency; null when too few commands were answered. */
  firstResponseOverheadP50Ms: number | null;
  firstResponseOverheadP99Ms: number | null;
  /** Acked commands whose response_url was never posted to within the drain time. */
  unanswered: number;
  /** The target's CPU over the whole step (warm-up and drain too) over every command sent. */
  cpuMsPerCommand: number;
  rssPeakMiB: number;
  /** How late the load generator sent against its schedule (p99): high means its figures are suspect. */
  sendLagP99Ms: number;
}

/**
 * Nearest-rank percentile where a missing value counts as worse than any: null when the rank
 * falls on one (so a p99 is never quoted from the 99% that did succeed).
 */
export function percentileWithMissing(values: ReadonlyArray<number | undefined>, p: number): number | null {
  if (values.length === 0) return null;
  const sorted = values.map((v) => v ?? Number.POSITIVE_INFINITY).sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  const value = sorted[rank] ?? Number.POSITIVE_INFINITY;
  return Number.isFinite(value) ? round(value) : null;
}

export function summarizeStep(input: {
  rate: number;
  samples: readonly CommandSample[];
  /** command number → when its response_url was first posted to (same clock as the samples). */
  firstResponses: ReadonlyMap<number, number>;
  serviceLatencyMs: number;
  cpuMs: number;
  rssPeakMiB: number;
  sendLagP99Ms: number;
}): StepFigures {
  const measured = input.samples.filter((s) => !s.warmup);
  const acks = measured.map((s) => (s.ackedAt === undefined ? undefined : s.ackedAt - s.sentAt));
  const overheads = measured.map((s) => {
    const at = input.firstResponses.get(s.n);
    return at === undefined ? undefined : at - s.sentAt - input.serviceLatencyMs;
  });
  return {
    rate: input.rate,
    commands: measured.length,
    commandsSent: input.samples.length,
    ackP50Ms: percentileWithMissing(acks, 50),
    ackP99Ms: percentileWithMissing(acks, 99),
    ackFailures: acks.filter((a) => a === undefined).length,
    firstResponseOverheadP50Ms: percentileWithMissing(overheads, 50),
    firstResponseOverheadP99Ms: percentileWithMissing(overheads, 99),
    unanswered: measured.filter((s) => s.ackedAt !== undefined && !input.firstResponses.has(s.n)).length,
    cpuMsPerCommand: input.samples.length === 0 ? 0 : round(input.cpuMs / input.samples.length, 2),
    rssPeakMiB: round(input.rssPeakMiB),
    sendLagP99Ms: round(input.sendLagP99Ms),
  };
}

export function isSaturated(step: StepFigures): boolean {
  return step.ackP99Ms === null || step.ackP99Ms > SATURATION_ACK_P99_MS;
}

/** The first rate where ack p99 crossed the line, or `> <highest rate run>`. */
export function saturationRate(steps: readonly StepFigures[], rates: readonly number[]): string {
  const first = steps.find(isSaturated);
  return first ? String(first.rate) : `> ${Math.max(...rates)}`;
}

/** a / b, rounded; null when either is missing or b is 0. */
export function ratio(a: number | null | undefined, b: number | null | undefined): number | null {
  if (a === null || a === undefined || b === null || b === undefined || b === 0) return null;
  return round(a / b, 2);
}
