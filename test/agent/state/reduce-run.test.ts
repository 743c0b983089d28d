import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  endAfterReportedError,
  failWithError,
  orderEventsByOffset,
  reduceRecordedEvents,
  reduceRunEvents,
} from '../../../src/agent/state/reduce-run.js';
import { initialRunView, markCancelRequested, markTimedOut, type RunView } from '../../../src/agent/state/run-view.js';
import { createEventCursor, type EventCursor } from '../../../src/service/event-stream/event-cursor.js';
import { checkWorkflowEvent } from '../../../src/service/event-stream/parse-workflow-event.js';
import type { WorkflowStreamEvent } from '../../../src/service/types.js';
import { buildRunEvents, DEFAULT_REPORT } from '../../fixtures/build-run-events.js';

/**
 * The relay's path for events past the schema check: the run's cursor drops what it already
 * admitted (the one deduplication), the pure reducer folds the rest.
 */
const fold = (events: WorkflowStreamEvent[], start: RunView = initialRunView(), cursor: EventCursor = createEventCursor()): RunView =>
  reduceRunEvents(
    start,
    events.filter((e) => cursor.admit(e)),
  );

function ev(type: string, fields: Partial<WorkflowStreamEvent> = {}): WorkflowStreamEvent {
  return { event_id: `e_${type}_${String(fields.offset ?? 'x')}`, event_type: type, timestamp: 1000, response_id: 'r', ...fields };
}

describe('reduceRun on a realistic run', () => {
  const events = buildRunEvents();
  const cursor = createEventCursor();
  const view = fold(events, initialRunView(), cursor);

  it('ends completed with the workflow_end report keyed by the last node_id', () => {
    expect(view.status).toBe('completed');
    expect(view.report).toEqual({
      nodeId: 'final_report',
      title: '贵州茅台 2024 年财务简报',
      filename: 'report.md',
      markdown: DEFAULT_REPORT,
    });
    expect(view.openStepIds).toEqual([]);
    expect(view.currentStep).toBeUndefined();
    expect(view.steps.length).toBeGreaterThan(0);
    expect(view.steps.every((s) => s.status === 'done')).toBe(true);
  });

  it('counts events, tracks offsets and times', () => {
    const last = events[events.length - 1]!;
    expect(view.eventCount).toBe(events.length);
    expect(cursor.lastOffset).toBe(last.offset);
    expect(view.startedAtMs).toBe(events[0]!.timestamp);
    expect(view.endedAtMs).toBe(last.timestamp);
    expect(view.responseId).toBe('resp_0001');
  });

  it('lists tool calls with their key input, done at tool_end', () => {
    expect(view.tools.map((t) => [t.id, t.toolName, t.status])).toEqual([
      ['run_tool_search', 'search_documents', 'done'],
      ['run_tool_bs', 'get_balance_sheet', 'done'],
      ['run_tool_news', 'search_news', 'done'],
    ]);
    expect(view.tools[0]!.keyInput).toBe('“贵州茅台 2024 年报” · SH:600519 · 2024-01-01 → 2024-12-31 · top 10 · all');
    expect(view.tools[0]!.resultCount).toBe(2);
    expect(view.tools[0]!.stepId).toBe('run_agent_planner');
    expect(view.tools[1]!.keyInput).toBe('SH:600519 · top 4');
  });

  it('collects sources from tool outputs, deduplicated, tolerating bad JSON', () => {
    expect(view.sources.map((s) => s.docId)).toEqual(['d1', 'd2', 'n1']);
    expect(view.sources[0]).toEqual({ docId: 'd1', title: '贵州茅台 2024 年年度报告', url: 'https://research.example.com/docs/d1' });
  });

  it('sums usage from every layout', () => {
    expect(view.usage).toEqual({ inputTokens: 8200, outputTokens: 2300, totalTokens: 10500, reports: 3 });
  });

  it('keeps streamed text per segment and agent outputs', () => {
    expect(view.segments.map((s) => s.id)).toEqual(['run_stream_plan', 'run_stream_analyst', 'run_stream_report']);
    expect(view.segments[2]!.text).toBe(DEFAULT_REPORT);
    expect(view.segments[0]!.stepName).toBe('研究规划师');
    expect(view.segments.every((s) => !s.open)).toBe(true);
    expect(view.agentOutputs.map((o) => o.agentName)).toEqual(['财务分析师', '研究规划师', '报告撰写']);
  });

  it('shows the innermost open node and agent mid-run', () => {
    const idx = events.findIndex((e) => e.event_type === 'tool_start' && e.run_id === 'run_tool_bs');
    const mid = fold(events.slice(0, idx + 1));
    expect(mid.status).toBe('running');
    expect(mid.currentStep).toEqual({ nodeName: '资料研究', agentName: '财务分析师' });
    expect(mid.tools[1]!.status).toBe('running');
    const analyst = mid.steps.find((s) => s.id === 'run_agent_analyst')!;
    expect(analyst.parentId).toBe('run_agent_planner');
    expect(analyst.depth).toBe(3);
  });

  it('never sees an event at or below the offset already applied: the cursor drops it', () => {
    expect(cursor.admit(events[5]!)).toBe(false);
    expect(fold([events[5]!], view, cursor)).toBe(view);
  });

  it('does not mutate its input', () => {
    const before = fold(events.slice(0, 10));
    const snapshot = JSON.stringify(before);
    reduceRunEvents(before, events.slice(10));
    expect(JSON.stringify(before)).toBe(snapshot);
  });
});

describe('reduceRun endings', () => {
  it('an error event is noted, not an end: the run fails with it once its events end there', () => {
    const events = buildRunEvents({ outcome: 'failed' });
    const noted = fold(events);
    expect(noted.status).toBe('running');
    expect(noted.error).toMatchObject({ message: '财务数据服务暂时不可用', code: 'tool_execution_failed' });
    expect(noted.tools.find((t) => t.id === 'run_tool_bs')).toMatchObject({ status: 'error', errorMessage: '财务数据服务暂时不可用' });
    const view = endAfterReportedError(noted, 2000);
    expect(view.status).toBe('failed');
    expect(view.error?.message).toBe('财务数据服务暂时不可用');
    expect(view.currentStep).toBeUndefined();
    // A recorded log that ends with the error reads the same way; without an error nothing ends.
    expect(reduceRecordedEvents(initialRunView(), events)).toEqual(endAfterReportedError(noted, events.at(-1)!.timestamp));
    const running = fold(events.slice(0, 5));
    expect(endAfterReportedError(running, 2000)).toBe(running);
  });

  it('a non-fatal error followed by more events: the run goes on and completes, keeping the error', () => {
    const events = [
      ev('init', { offset: 1 }),
      ev('tool_start', { offset: 2, run_id: 't1', tool_name: 'search_news' }),
      ev('error', { offset: 3, run_id: 't1', error: { code: 'tool_timeout', message: 'News search timed out; retrying' } }),
      ev('tool_start', { offset: 4, run_id: 't2', tool_name: 'search_news' }),
      ev('tool_end', { run_id: 't2', tool_name: 'search_news', output: { content: '{"docs":[],"total_count":0}' } }),
      ev('workflow_end', { offset: 6, output: { content: '# done' } }),
    ];
    const mid = fold(events.slice(0, 4));
    expect(mid.status).toBe('running');
    expect(mid.tools.map((t) => [t.id, t.status])).toEqual([
      ['t1', 'error'],
      ['t2', 'running'],
    ]);
    const view = fold(events);
    expect(view.status).toBe('completed');
    expect(view.tools.map((t) => t.status)).toEqual(['error', 'done']);
    expect(view.error).toMatchObject({ message: 'News search timed out; retrying', code: 'tool_timeout' });
    expect(reduceRecordedEvents(initialRunView(), events)).toEqual(view);
  });

  it('usage after workflow_end still counts', () => {
    const view = fold([
      ev('workflow_end', { offset: 1, output: { content: '# done' } }),
      ev('usage', { offset: 2, usage: { input_tokens: 5, output_tokens: 3, total_tokens: 8 } }),
    ]);
    expect(view.status).toBe('completed');
    expect(view.usage).toEqual({ inputTokens: 5, outputTokens: 3, totalTokens: 8, reports: 1 });
  });

  it('the relay fails a run with its own reason', () => {
    const view = failWithError(fold([ev('init', { offset: 1 })]), { message: 'the stream was lost' }, 5000);
    expect(view).toMatchObject({ status: 'failed', error: { message: 'the stream was lost' }, endedAtMs: 5000 });
  });

  it('a cancel event cancels; running tools become stopped', () => {
    const events = buildRunEvents({ outcome: 'cancelled' });
    events.splice(
      events.length - 1,
      0,
      ev('tool_start', {
        run_id: 't9',
        tool_name: 'x',
        offset: (events[events.length - 2]!.offset! + events[events.length - 1]!.offset!) / 2,
      }),
    );
    const view = fold(events);
    expect(view.status).toBe('cancelled');
    expect(view.cancel?.confirmed).toBe(true);
    expect(view.tools.find((t) => t.id === 't9')?.status).toBe('stopped');
  });

  it('cancel wins over an error; workflow_end after an error completes but keeps the error', () => {
    const a = fold([ev('error', { offset: 1, error: { message: 'boom' } }), ev('cancel', { offset: 2 })]);
    expect(a.status).toBe('cancelled');
    const b = fold([ev('cancel', { offset: 1 }), ev('error', { offset: 2, error: { message: 'late' } })]);
    expect(b.status).toBe('cancelled');
    const c = fold([
      ev('error', { offset: 1, error: 'hiccup' as unknown as Record<string, unknown> }),
      ev('workflow_end', { offset: 2, output: { content: '# done' } }),
    ]);
    expect(c.status).toBe('completed');
    expect(c.error?.message).toBe('hiccup');
    expect(c.report?.markdown).toBe('# done');
  });

  it('reads error messages from several layouts', () => {
    const msg = (e: Partial<WorkflowStreamEvent>): string | undefined => fold([ev('error', { offset: 1, ...e })]).error?.message;
    expect(msg({ error: { detail: 'bad input' } })).toBe('bad input');
    expect(msg({ error: { error: { message: 'nested' } } })).toBe('nested');
    expect(msg({ content: 'from content' })).toBe('from content');
    expect(msg({ error: { code: 'E42' } })).toBe('error E42');
    expect(msg({})).toBe('the service reported an error without details');
    expect(msg({ error: { message: 'x'.repeat(1000) } })!.length).toBeLessThanOrEqual(300);
  });

  it('markCancelRequested and markTimedOut record what the relay learned', () => {
    const running = fold(buildRunEvents().slice(0, 12));
    const asked = markCancelRequested(running, 'U123', 5);
    expect(asked.cancel).toEqual({ confirmed: false, byUserId: 'U123', requestedAtMs: 5 });
    const timedOut = markTimedOut(running, 600_000, 9);
    expect(timedOut).toMatchObject({ status: 'failed', endedAtMs: 9, timeout: { silentForMs: 600_000, atMs: 9 } });
    expect(timedOut.tools.some((t) => t.status === 'running')).toBe(false);
    expect(markTimedOut(timedOut, 1, 1)).toBe(timedOut);
  });
});

describe('reduceRun on odd input', () => {
  it('tool_end failures, missing tool_start and bad JSON', () => {
    const view = fold([
      ev('tool_start', { offset: 1, run_id: 't1', tool_name: 'search', input: { q: 'abc' } }),
      ev('tool_end', { offset: 2, run_id: 't1', output: { content: '{"error": "quota exceeded"}' } }),
      ev('tool_end', { offset: 3, run_id: 't2', tool_name: 'orphan', output: { content: '{not json' } }),
      ev('tool_end', { offset: 4, run_id: 't3', tool_name: 'arr', output: { content: '[{"title":"T","url":"javascript:alert(1)"}]' } }),
    ]);
    expect(view.tools[0]).toMatchObject({ status: 'error', errorMessage: 'quota exceeded', keyInput: '“abc”' });
    expect(view.tools[1]).toMatchObject({ id: 't2', toolName: 'orphan', status: 'done' });
    expect(view.sources).toEqual([{ title: 'T' }]);
  });

  it('dedupes events without an offset by event_id', () => {
    const e = { event_id: 'same', event_type: 'streaming', timestamp: 1, response_id: 'r', content: 'a' };
    const view = fold([e, e, { ...e, event_id: 'other' }]);
    expect(view.segments[0]!.text).toBe('aa');
    expect(view.eventCount).toBe(2);
  });

  it('streaming without stream_start opens a segment; stream_end text fills an empty one', () => {
    const view = fold([
      ev('streaming', { offset: 1, content: 'hello ' }),
      ev('streaming', { offset: 2, content: 'world' }),
      ev('stream_end', { offset: 3 }),
      ev('stream_start', { offset: 4, run_id: 's2' }),
      ev('stream_end', { offset: 5, run_id: 's2', content: 'whole text' }),
    ]);
    expect(view.segments.map((s) => s.text)).toEqual(['hello world', 'whole text']);
  });

  it('accepts figures in the event, in output, in a usage member', () => {
    const view = fold([
      ev('usage', { offset: 1, input_tokens: 10, output_tokens: 5 }),
      ev('usage', { offset: 2, output: { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 } }),
      ev('usage', { offset: 3, usage: { total_tokens: 100 }, output: { total_tokens: 100 } }),
      ev('usage', { offset: 4, content: 'no figures' }),
    ]);
    expect(view.usage).toEqual({ inputTokens: 11, outputTokens: 7, totalTokens: 118, reports: 3 });
  });
});

const EVENT_TYPES = [
  'init',
  'workflow_start',
  'workflow_end',
  'node_start',
  'node_end',
  'agent_start',
  'agent_end',
  'tool_start',
  'tool_end',
  'stream_start',
  'streaming',
  'stream_end',
  'usage',
  'cancel',
  'error',
  'bogus',
];

describe('reduceRun properties', () => {
  const valid = buildRunEvents();
  const expected = fold(valid);

  it('any permutation with duplicates, reordered by offset, gives the in-order view', () => {
    fc.assert(
      fc.property(
        fc.shuffledSubarray(valid, { minLength: valid.length, maxLength: valid.length }),
        fc.array(fc.nat({ max: valid.length - 1 }), { maxLength: 30 }),
        (shuffled, dupIdx) => {
          const delivered = [...shuffled, ...dupIdx.map((i) => valid[i]!)];
          expect(fold(orderEventsByOffset(delivered))).toEqual(expected);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('late re-deliveries of earlier events (resume overlap) are ignored', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat({ max: valid.length - 1 }), fc.nat({ max: valid.length - 1 })), { maxLength: 40 }), (dups) => {
        const delivered: WorkflowStreamEvent[] = [];
        valid.forEach((e, i) => {
          delivered.push(e);
          for (const [at, which] of dups) if (at === i && which <= i) delivered.push(valid[which]!);
        });
        expect(fold(delivered)).toEqual(expected);
      }),
      { numRuns: 60 },
    );
  });

  it('resuming from a saved offset with a fresh view applies only newer events', () => {
    fc.assert(
      fc.property(fc.nat({ max: valid.length - 1 }), (cut) => {
        const saved = fold(valid.slice(0, cut + 1));
        expect(fold(valid, saved, createEventCursor(valid[cut]!.offset))).toEqual(expected);
      }),
      { numRuns: 30 },
    );
  });

  it('random junk events never throw past the schema check and keep the view well-formed', () => {
    const junkEvent = fc.oneof(
      fc.anything(),
      fc.record(
        {
          event_id: fc.oneof(fc.string(), fc.integer(), fc.constant(undefined)),
          event_type: fc.constantFrom(...EVENT_TYPES),
          timestamp: fc.oneof(fc.integer(), fc.double(), fc.string()),
          offset: fc.oneof(fc.integer({ min: -5, max: 500 }), fc.double(), fc.constant(undefined), fc.string()),
          run_id: fc.oneof(fc.constantFrom('a', 'b', 'c'), fc.constant(undefined), fc.integer()),
          content: fc.oneof(fc.string(), fc.constant(undefined), fc.object()),
          input: fc.oneof(fc.object(), fc.string(), fc.constant(null)),
          output: fc.oneof(
            fc.object(),
            fc.record({ content: fc.oneof(fc.string(), fc.json(), fc.constant('{"docs":[{"title":1}],"chunks":[null,{"doc":5}]}')) }),
            fc.constant(null),
          ),
          error: fc.oneof(fc.object(), fc.string(), fc.constant(null)),
          usage: fc.oneof(fc.object(), fc.record({ total_tokens: fc.oneof(fc.integer(), fc.string()) })),
        },
        { requiredKeys: ['event_type'] },
      ),
    );
    fc.assert(
      fc.property(fc.array(junkEvent, { maxLength: 40 }), (junk) => {
        const checked = junk.flatMap((raw) => {
          const parsed = checkWorkflowEvent(raw);
          return parsed.ok ? [parsed.event] : [];
        });
        const view = fold([...checked, ...valid.slice(0, 10)]);
        expect(['running', 'completed', 'cancelled', 'failed']).toContain(view.status);
        expect(Array.isArray(view.tools) && Array.isArray(view.segments)).toBe(true);
        expect(() => JSON.stringify(view)).not.toThrow();
      }),
      { numRuns: 150 },
    );
  });
});
