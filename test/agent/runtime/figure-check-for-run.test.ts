/**
 * The relay's figure check of a completed run (figure-check-for-run.ts): made once and stored, read
 * back from the record instead of made again, and never in the answer's way: a check that fails,
 * or outlasts its budget on the relay's own timers (no real wait here), leaves no section and a
 * warning, and the run's stop aborts it.
 */
import { describe, expect, it } from 'vitest';
import { FIGURE_CHECK_BUDGET_MS, figureCheckForRun } from '../../../src/agent/runtime/figure-check-for-run.js';
import { RunStopped } from '../../../src/agent/events/next-within.js';
import type { CheckedFigures } from '../../../src/agent/state/checked-figures.js';
import type { CheckFigures, RunContext } from '../../../src/agent/state/run-context.js';
import { createRunRecordKeeper } from '../../../src/agent/state/run-record-keeper.js';
import { initialRunView, type RunView } from '../../../src/agent/state/run-view.js';
import { createLogger } from '../../../src/observability/logger.js';
import { createRedactor } from '../../../src/observability/redactor.js';
import type { ResearchService } from '../../../src/service/types.js';
import { createMemoryStateStore } from '../../../src/store/memory-state-store.js';
import type { RunRecord } from '../../../src/store/records.js';
import { RunStore } from '../../../src/store/run-store.js';
import { createManualTimers, type ManualTimers } from '../support/manual-timers.js';

const MADE: CheckedFigures = {
  check: {
    checked: 2,
    matched: 1,
    differs: [
      {
        status: 'differs',
        figure: {
          symbol: 'US:NVDA',
          metric: 'revenue',
          measure: 'level',
          period: { fiscalYear: 2026, kind: 'Q1' },
          value: { value: 49.34e9, unit: 'amount', currency: 'USD', rounding: 5e6 },
          written: 'USD 49.34bn',
          source: 'text',
          offset: 10,
        },
        statement: {
          value: 44.06e9,
          unit: 'amount',
          currency: 'USD',
          statement: 'income',
          line: 'revenue',
          period: { fiscalYear: 2026, kind: 'Q1' },
        },
      },
    ],
    unchecked: 1,
  },
  companies: [{ symbol: 'US:NVDA', names: ['NVIDIA'] }],
};

function record(over: Partial<RunRecord> = {}): RunRecord {
  return {
    runId: 'r-figures',
    teamId: 'T1',
    channelId: 'C1',
    threadTs: '1700000000.000100',
    replyTs: ['1700000000.000200'],
    conversationId: '77',
    assistantMessageId: '42',
    lastOffset: 17,
    status: 'running',
    askerUserId: 'U1',
    question: 'NVIDIA revenue?',
    startedAtMs: 1_000,
    updatedAtMs: 2_000,
    delivery: 'update',
    ...over,
  };
}

interface Rig {
  ctx: RunContext;
  runs: RunStore;
  timers: ManualTimers;
  lines: string[];
  calls: Array<{ service: ResearchService; runId: string; signal: AbortSignal }>;
  stop: AbortController;
}

/** A run's context as the finishing phase has it, over an in-memory store; `check` is the injected dep. */
function rig(
  check: ((signal: AbortSignal) => Promise<CheckedFigures>) | undefined,
  over: { record?: Partial<RunRecord>; view?: Partial<RunView> } = {},
): Rig {
  const store = createMemoryStateStore({ clock: () => 5_000 });
  const runs = new RunStore(store, () => 5_000);
  const lines: string[] = [];
  const logger = createLogger({ level: 'info', redact: createRedactor([]), write: (l) => lines.push(l) });
  const timers = createManualTimers();
  const service = { name: 'the run workspace service' } as unknown as ResearchService;
  const calls: Rig['calls'] = [];
  const checkFigures: CheckFigures | undefined = check
    ? (input) => {
        calls.push({ service: input.service, runId: input.run.runId, signal: input.signal });
        return check(input.signal);
      }
    : undefined;
  const stop = new AbortController();
  const keeper = createRunRecordKeeper(record(over.record), { runs, clock: () => 5_000, offset: () => 17, logger });
  const ctx = {
    deps: { service, clock: () => 5_000, timers, ...(checkFigures ? { checkFigures } : {}) },
    log: logger,
    signal: stop.signal,
    keeper,
    view: { ...initialRunView(), status: 'completed', ...over.view },
  } as unknown as RunContext;
  return { ctx, runs, timers, lines, calls, stop };
}

describe('figureCheckForRun', () => {
  it('checks a completed run with its own workspace service, once, and stores the check in the run record', async () => {
    const r = rig(async () => MADE);
    expect(await figureCheckForRun(r.ctx)).toEqual(MADE);
    expect(r.calls).toHaveLength(1);
    expect(r.calls[0]?.service).toBe(r.ctx.deps.service);
    expect((await r.runs.get('r-figures'))?.figureCheck).toEqual(MADE);
    expect(r.lines.some((l) => l.includes('figures checked'))).toBe(true);
  });

  it('a resumed run renders the stored check and checks nothing again', async () => {
    const r = rig(async () => MADE, { record: { figureCheck: JSON.parse(JSON.stringify(MADE)) } });
    expect(await figureCheckForRun(r.ctx)).toEqual(MADE);
    expect(r.calls).toHaveLength(0);
  });

  it('a report without figures is remembered too, so a resumed run does not look again', async () => {
    const r = rig(async () => ({ companies: [] }));
    expect(await figureCheckForRun(r.ctx)).toEqual({ companies: [] });
    const again = rig(async () => MADE, { record: { figureCheck: (await r.runs.get('r-figures'))?.figureCheck } });
    expect(await figureCheckForRun(again.ctx)).toEqual({ companies: [] });
    expect(again.calls).toHaveLength(0);
  });

  it('checks again when the stored check cannot be read (never renders half of one)', async () => {
    const r = rig(async () => MADE, {
      record: { figureCheck: { check: { checked: 3, matched: 1, differs: [], unchecked: 0 }, companies: [] } },
    });
    expect(await figureCheckForRun(r.ctx)).toEqual(MADE);
    expect(r.calls).toHaveLength(1);
    expect(r.lines.some((l) => l.includes('stored figure check is unreadable'))).toBe(true);
  });

  it('is not made when the check is off, or for a run that did not complete', async () => {
    expect(await figureCheckForRun(rig(undefined).ctx)).toBeUndefined();
    for (const status of ['failed', 'cancelled'] as const) {
      const r = rig(async () => MADE, { view: { status } });
      expect(await figureCheckForRun(r.ctx)).toBeUndefined();
      expect(r.calls).toHaveLength(0);
    }
  });

  it('a failed check leaves no section, a warning, and nothing stored', async () => {
    const r = rig(async () => {
      throw new Error('statements unavailable');
    });
    expect(await figureCheckForRun(r.ctx)).toBeUndefined();
    expect(r.lines.some((l) => l.includes('"level":"warn"') && l.includes('the figure check failed'))).toBe(true);
    expect(await r.runs.get('r-figures')).toBeNull();
  });

  it(`a check longer than ${FIGURE_CHECK_BUDGET_MS} ms on the relay's timers is given up and aborted`, async () => {
    const r = rig(
      (signal) => new Promise<CheckedFigures>((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted')))),
    );
    const outcome = figureCheckForRun(r.ctx);
    await r.timers.advance(FIGURE_CHECK_BUDGET_MS - 1);
    expect(r.calls[0]?.signal.aborted).toBe(false);
    await r.timers.advance(1);
    expect(await outcome).toBeUndefined();
    expect(r.calls[0]?.signal.aborted).toBe(true);
    expect(r.lines.some((l) => l.includes('the figure check took too long'))).toBe(true);
    expect(r.timers.pending()).toBe(0);
  });

  it('a check within its budget cancels its timer', async () => {
    const r = rig(async () => MADE);
    await figureCheckForRun(r.ctx);
    expect(r.timers.pending()).toBe(0);
  });

  it("the run's stop aborts the check and stops the run (another relay checks it)", async () => {
    const r = rig(
      (signal) => new Promise<CheckedFigures>((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted')))),
    );
    const outcome = figureCheckForRun(r.ctx);
    r.stop.abort();
    await expect(outcome).rejects.toBeInstanceOf(RunStopped);
    expect(await r.runs.get('r-figures')).toBeNull();
  });
});
