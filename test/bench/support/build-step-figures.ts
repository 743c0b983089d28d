import type { StepFigures } from '../../../bench/lib/command-figures.js';

/** One step's figures for the command benchmark's pure functions: ordinary values, with overrides. */
export function buildStepFigures<T extends Partial<StepFigures>>(overrides: T): StepFigures & T {
  return {
    rate: 100,
    commands: 600,
    commandsSent: 700,
    ackP50Ms: 2,
    ackP99Ms: 10,
    ackFailures: 0,
    firstResponseOverheadP50Ms: 5,
    firstResponseOverheadP99Ms: 20,
    unanswered: 0,
    cpuMsPerCommand: 2,
    rssPeakMiB: 100,
    sendLagP99Ms: 1,
    ...overrides,
  };
}
