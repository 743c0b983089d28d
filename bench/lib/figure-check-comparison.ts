/**
 * Issue 30's acceptance for the relay bench: "checking adds at most 10% to the median time from a
 * run's last event to its final answer". Two more strategies run this tree's relay in the same
 * run as the others, each against its own emulators, with the figure check off and on; their
 * run-end latencies (run-end-latency.ts) are compared here. A bench reports: the ratio is printed
 * and recorded, never asserted.
 *
 * Their questions name companies the demo data covers, so every report quotes statement figures
 * (revenue, margins, cash, growth) and the check really reads income statements, balance sheets
 * and cash flows. RELAY_BENCH_FIGURE_CHECK_AA=1 runs both with the check off (an A/A run): the
 * ratio then shows the bench's own noise.
 */
import type { FigureCheckProfile } from './figure-check-profile.js';
import { percentile, round } from './stats.js';

export const FIGURE_CHECK_QUESTIONS = [
  'Moutai margins',
  'CATL capex plans',
  'BYD export growth',
  'Tencent gaming revenue',
  'NVIDIA supply chain',
  'Ping An book value',
  'Xiaomi revenue growth',
  'Meituan take rate',
  'Wuliangye pricing',
  'Alibaba cash flow',
];

export const FIGURE_CHECK_STRATEGIES = { off: 'relay-check-off', on: 'relay-check-on' } as const;

export const FIGURE_CHECK_GOAL = 'median(last event → final answer) with the check on ≤ 1.10 × off (issue 30)';

export interface RunEndSide {
  strategy: string;
  figureCheck: 'on' | 'off';
  runsAnswered: number;
  p50Seconds: number;
  p95Seconds: number;
  /** Every run's time, sorted (a few runs decide a median at light load: the spread is part of the figure). */
  samplesSeconds: number[];
  /** Where the check's time went on this side (none made with the check off). */
  profile?: FigureCheckProfile;
}

export interface FigureCheckComparison {
  goal: string;
  /** true: both sides ran with the check off (RELAY_BENCH_FIGURE_CHECK_AA): the ratio is noise. */
  aaRun: boolean;
  off: RunEndSide;
  on: RunEndSide;
  medianRatio: number;
  p95Ratio: number;
  /** The median's added time, on − off. */
  medianAddedSeconds: number;
}

export function figureCheckSide(
  strategy: string,
  figureCheck: 'on' | 'off',
  samplesMs: readonly number[],
  profile?: FigureCheckProfile,
): RunEndSide {
  return {
    strategy,
    figureCheck,
    runsAnswered: samplesMs.length,
    p50Seconds: round(percentile(samplesMs, 50) / 1000, 3),
    p95Seconds: round(percentile(samplesMs, 95) / 1000, 3),
    samplesSeconds: [...samplesMs].sort((a, b) => a - b).map((ms) => round(ms / 1000, 3)),
    ...(profile ? { profile } : {}),
  };
}

export function compareFigureCheck(off: RunEndSide, on: RunEndSide, aaRun: boolean): FigureCheckComparison {
  const ratio = (a: number, b: number): number => (b > 0 ? round(a / b, 3) : Number.NaN);
  return {
    goal: FIGURE_CHECK_GOAL,
    aaRun,
    off,
    on,
    medianRatio: ratio(on.p50Seconds, off.p50Seconds),
    p95Ratio: ratio(on.p95Seconds, off.p95Seconds),
    medianAddedSeconds: round(on.p50Seconds - off.p50Seconds, 3),
  };
}

/** The lines the bench prints, so the figure is read without opening the JSON. */
export function describeComparison(c: FigureCheckComparison): string {
  const side = (s: RunEndSide) =>
    `${s.strategy} (check ${s.figureCheck}): p50 ${s.p50Seconds.toFixed(3)} s, p95 ${s.p95Seconds.toFixed(3)} s over ${s.runsAnswered} runs`;
  return [
    `Figure check, last event → final answer${c.aaRun ? ' [A/A run: the check is off on both sides]' : ''}:`,
    `  ${side(c.off)}`,
    `  ${side(c.on)}`,
    `  median on/off = ${c.medianRatio.toFixed(3)} (${c.medianAddedSeconds >= 0 ? '+' : ''}${c.medianAddedSeconds.toFixed(3)} s), p95 on/off = ${c.p95Ratio.toFixed(3)}; goal: ${c.goal}`,
    ...(c.on.profile ? [`  ${describeProfile(c.on.profile)}`] : []),
  ].join('\n');
}

/** One line: the checks' own time, then each call kind's, then any warnings. */
export function describeProfile(p: FigureCheckProfile): string {
  const t = (label: string, x: { count: number; msP50: number; msP95: number }) =>
    `${label} ${x.count}× p50 ${x.msP50} ms p95 ${x.msP95} ms`;
  const calls = Object.entries(p.calls)
    .filter(([, x]) => x.count > 0)
    .map(([method, x]) => t(method, x));
  const warnings = Object.entries(p.warnings).map(([msg, n]) => `${n}× "${msg}"`);
  return [
    `check ${t('made', p.checks)}`,
    calls.length > 0 ? `calls: ${calls.join(', ')}` : 'no service calls',
    ...(warnings.length > 0 ? [`warnings: ${warnings.join(', ')}`] : []),
  ].join('; ');
}
