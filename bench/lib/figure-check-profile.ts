/**
 * Where the figure check's time goes, seen from the bench worker without touching the relay: the
 * service calls the check makes (statement reads, the company-names lookup) timed by wrapping the
 * service the relay is given, and each check's own duration from the relay's "figures checked" log
 * line (figure-check-for-run.ts logs its ms). Extraction and matching are what the check's time
 * leaves once the calls are taken out (the calls of one check may overlap, so that is a floor).
 */
import { performance } from 'node:perf_hooks';
import type { ResearchService } from '../../src/service/types.js';
import { percentile, round } from './stats.js';

/** The calls the figure check makes: the names lookup, then one read per company, statement and period kind. */
export const FIGURE_CHECK_CALLS = ['stockQuery', 'incomeStatement', 'balanceSheet', 'cashFlow'] as const;
type TimedCall = (typeof FIGURE_CHECK_CALLS)[number];

export interface CallTimes {
  count: number;
  msP50: number;
  msP95: number;
  msTotal: number;
}

export interface FigureCheckProfile {
  /** Checks the relay logged as made ("figures checked"), with their duration. */
  checks: CallTimes;
  /** Sum over the checks of their counts (checked, matched, differs, unchecked, figures). */
  verdicts: Record<string, number>;
  /** Per service method the check uses, every call this worker made (only the check makes them here). */
  calls: Record<string, CallTimes>;
  /** Warnings the relay logged, by message (a check over its budget, a failed check, a failed names call). */
  warnings: Record<string, number>;
}

export interface FigureCheckRecorder {
  /** The service, with the check's calls timed. */
  wrap(service: ResearchService): ResearchService;
  /** The logger's line sink: keeps "figures checked" durations and counts warnings; drops the rest. */
  onLogLine(line: string): void;
  profile(): FigureCheckProfile;
}

function times(samples: readonly number[]): CallTimes {
  return {
    count: samples.length,
    msP50: round(percentile(samples, 50), 1),
    msP95: round(percentile(samples, 95), 1),
    msTotal: round(
      samples.reduce((a, b) => a + b, 0),
      0,
    ),
  };
}

export function figureCheckRecorder(): FigureCheckRecorder {
  const calls = new Map<TimedCall, number[]>(FIGURE_CHECK_CALLS.map((m) => [m, []]));
  const checks: number[] = [];
  const verdicts: Record<string, number> = {};
  const warnings: Record<string, number> = {};
  return {
    wrap(service) {
      const timed: Partial<Record<TimedCall, unknown>> = {};
      for (const method of FIGURE_CHECK_CALLS) {
        const call = service[method] as (...args: unknown[]) => Promise<unknown>;
        timed[method] = async (...args: unknown[]) => {
          const started = performance.now();
          try {
            return await call.apply(service, args);
          } finally {
            calls.get(method)!.push(performance.now() - started);
          }
        };
      }
      return Object.assign(Object.create(service) as ResearchService, timed);
    },
    onLogLine(line) {
      let record: Record<string, unknown>;
      try {
        record = JSON.parse(line) as Record<string, unknown>;
      } catch {
        return;
      }
      if (record.msg === 'figures checked' && typeof record.ms === 'number') {
        checks.push(record.ms);
        for (const key of ['figures', 'checked', 'matched', 'differs', 'unchecked']) {
          if (typeof record[key] === 'number') verdicts[key] = (verdicts[key] ?? 0) + (record[key] as number);
        }
      } else if (record.level === 'warn' || record.level === 'error') {
        // A retried service call says which call and why: that is where a slow check's time goes.
        const detail = record.path ? ` (${String(record.kind)} ${String(record.status)} ${String(record.path)})` : '';
        const msg = `${String(record.msg)}${detail}`;
        warnings[msg] = (warnings[msg] ?? 0) + 1;
      }
    },
    profile: () => ({
      checks: times(checks),
      verdicts,
      calls: Object.fromEntries([...calls].map(([method, samples]) => [method, times(samples)])),
      warnings,
    }),
  };
}
