import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reduceRecordedEvents, reduceRunEvents } from '../../../../src/agent/state/reduce-run.js';
import { initialRunView, markCancelRequested, markTimedOut, type RunView } from '../../../../src/agent/state/run-view.js';
import type { WorkflowStreamEvent } from '../../../../src/service/types.js';
import type { ActionsBlock } from '@slack/types';
import type { SlackMessage } from '../../../../src/slack-api/slack-message.js';
import { findMessageViolations } from '../../blocks/limit-violations.js';
import { renderFinalAnswer, renderFinalAnswerWithFile } from '../../../../src/slack/agent/cards/render-final-answer.js';
import { decodeFeedbackValue, FEEDBACK_ACTION_ID } from '../../../../src/slack/agent/feedback/feedback-buttons.js';
import { toStreamMarkdown, toTaskUpdateChunks } from '../../../../src/slack/agent/cards/render-native-stream-chunks.js';
import { renderRunProgress } from '../../../../src/slack/agent/cards/render-run-progress.js';
import { blockTextLength, MESSAGE_TEXT_BUDGET } from '../../../../src/slack/blocks/markdown/split-into-messages.js';
import type { AgentRenderContext } from '../../../../src/slack/agent/cards/agent-render-context.js';
import { buildRunEvents } from '../../../fixtures/build-run-events.js';
import { buildLongReport } from '../../../fixtures/build-long-report.js';

const START = 1_750_000_000_000;
const ctx: AgentRenderContext = {
  runId: 'run-42',
  askerUserId: 'U0ASKER',
  conversationId: '77',
  conversationUrl: 'https://research.example.com/c/77',
  nowMs: START + 95_000,
  trustedLinkHosts: ['research.example.com'],
  // The asker wrote in English (the fixture's report is Chinese): our words stay English.
  language: 'en',
  showUsage: true,
};
// Finished runs as a replay reads them (an error that ends the log ended the run).
const fold = (events: WorkflowStreamEvent[]): RunView => reduceRecordedEvents(initialRunView({ startedAtMs: START }), events);
const prefixUntil = (events: WorkflowStreamEvent[], pred: (e: WorkflowStreamEvent) => boolean): WorkflowStreamEvent[] =>
  events.slice(0, events.findIndex(pred) + 1);

function allStrings(v: unknown): string[] {
  if (typeof v === 'string') return [v];
  if (Array.isArray(v)) return v.flatMap(allStrings);
  if (v && typeof v === 'object') return Object.values(v).flatMap(allStrings);
  return [];
}

function expectValid(messages: SlackMessage[]): void {
  for (const m of messages) {
    expect(findMessageViolations(m)).toEqual([]);
    expect(blockTextLength(m.blocks)).toBeLessThanOrEqual(MESSAGE_TEXT_BUDGET);
    for (const s of allStrings(m.blocks)) expect(s).not.toMatch(/<[!#]|<@(?!U0ASKER>|UCANCEL>)/);
  }
}

describe('renderRunProgress', () => {
  const events = buildRunEvents();

  it('mid-run: status, step, tools, streamed text, Cancel button', () => {
    const view = fold(prefixUntil(events, (e) => e.event_type === 'tool_start' && e.run_id === 'run_tool_bs'));
    const message = renderRunProgress(view, ctx);
    expectValid([message]);
    expect(message).toMatchSnapshot();
    const actions = message.blocks.find((b): b is ActionsBlock => b.type === 'actions');
    expect(actions?.elements[0]).toMatchObject({ type: 'button', action_id: 'agent_run_cancel', value: 'run-42' });
    expect(message.text).toContain('Working on your question');
  });

  it('while the report streams: the tail of the text, tables as text', () => {
    const view = fold(prefixUntil(events, (e) => e.event_type === 'stream_end' && e.run_id === 'run_stream_report'));
    const message = renderRunProgress(view, ctx);
    expectValid([message]);
    expect(message).toMatchSnapshot();
  });

  it('clamps many tool calls to the recent ones with "+N earlier" and long text to a tail', () => {
    const many: WorkflowStreamEvent[] = [];
    for (let i = 0; i < 30; i++) {
      many.push({
        event_id: `s${i}`,
        event_type: 'tool_start',
        timestamp: START + i,
        response_id: 'r',
        run_id: `t${i}`,
        tool_name: `tool_${i}`,
        input: { query: `q${i}` },
        offset: 2 * i,
      });
      if (i < 29)
        many.push({
          event_id: `e${i}`,
          event_type: 'tool_end',
          timestamp: START + i,
          response_id: 'r',
          run_id: `t${i}`,
          offset: 2 * i + 1,
        });
    }
    many.push({
      event_id: 'txt',
      event_type: 'streaming',
      timestamp: START + 99,
      response_id: 'r',
      content: `${'很长的分析内容。'.repeat(2000)}最后一句`,
      offset: 100,
    });
    const message = renderRunProgress(fold(many), ctx);
    expectValid([message]);
    const texts = allStrings(message.blocks).join('\n');
    expect(texts).toContain('+24 earlier calls');
    expect(texts).toContain('… `tool_29` “q29”');
    expect(texts).toContain('最后一句');
    expect(blockTextLength(message.blocks)).toBeLessThan(4000);
  });

  it('after the end: no Cancel button', () => {
    const message = renderRunProgress(fold(events), ctx);
    expect(message.blocks.some((b) => b.type === 'actions')).toBe(false);
    expect(message.text).toBe('Done (25s)');
  });
});

describe('renderFinalAnswer', () => {
  it('completed: report as blocks, sources, footer', () => {
    const messages = renderFinalAnswer(fold(buildRunEvents()), ctx);
    expectValid(messages);
    expect(messages).toMatchSnapshot();
    const strings = allStrings(messages);
    expect(strings.some((s) => s.includes('<https://research.example.com/docs/d1|贵州茅台 2024 年年度报告>'))).toBe(true);
    expect(strings.some((s) => s.includes('茅台：高端白酒龙头的韧性 &lt;!channel&gt;'))).toBe(true);
    expect(strings.some((s) => s.includes('3 tool calls') && s.includes('10,500 tokens (8,200 in / 2,300 out)'))).toBe(true);
    expect(strings).toContain('<https://research.example.com/c/77|Open the conversation>');
  });

  it('is deterministic: the clock does not change a finished render', () => {
    const view = fold(buildRunEvents());
    expect(renderFinalAnswer(view, { ...ctx, nowMs: ctx.nowMs + 3_600_000 })).toEqual(renderFinalAnswer(view, ctx));
  });

  it('failed: partial text then "The agent stopped" in plain words', () => {
    const messages = renderFinalAnswer(fold(buildRunEvents({ outcome: 'failed' })), ctx);
    expectValid(messages);
    expect(messages).toMatchSnapshot();
    expect(allStrings(messages)).toContain(':warning: The agent stopped: 财务数据服务暂时不可用');
  });

  it('cancelled: says who cancelled', () => {
    const view = markCancelRequested(fold(buildRunEvents({ outcome: 'cancelled' })), 'UCANCEL', START + 1);
    const messages = renderFinalAnswer(view, ctx);
    expectValid(messages);
    expect(allStrings(messages)).toContain(':no_entry_sign: Cancelled by <@UCANCEL>.');
    const anonymous = renderFinalAnswer(fold(buildRunEvents({ outcome: 'cancelled' })), ctx);
    expect(allStrings(anonymous)).toContain(':no_entry_sign: Cancelled.');
  });

  it('timed out: says how long the agent was silent', () => {
    const events = buildRunEvents().slice(0, 15);
    const view = markTimedOut(fold(events), 10 * 60_000, events[14]!.timestamp + 600_000);
    const messages = renderFinalAnswer(view, ctx);
    expect(allStrings(messages)).toContain(':hourglass: No news from the agent for 10 minutes; the run was stopped.');
  });

  it('timed out: states a timeout under a minute, or not in whole minutes, as it was configured', () => {
    const events = buildRunEvents().slice(0, 15);
    const endingAfter = (silentForMs: number) =>
      allStrings(renderFinalAnswer(markTimedOut(fold(events), silentForMs, events[14]!.timestamp + silentForMs), ctx));
    expect(endingAfter(15_000)).toContain(':hourglass: No news from the agent for 15 seconds; the run was stopped.');
    expect(endingAfter(1_000)).toContain(':hourglass: No news from the agent for 1 second; the run was stopped.');
    expect(endingAfter(60_000)).toContain(':hourglass: No news from the agent for 1 minute; the run was stopped.');
    expect(endingAfter(90_000)).toContain(':hourglass: No news from the agent for 1 minute 30 seconds; the run was stopped.');
  });

  it('a completed answer ends with feedback buttons whose values name the conversation', () => {
    const messages = renderFinalAnswer(fold(buildRunEvents({ report: buildLongReport() })), ctx);
    expect(messages.length).toBeGreaterThan(1);
    const last = messages[messages.length - 1]!.blocks;
    const feedback = last[last.length - 1] as {
      type: string;
      elements: Array<Record<string, { value: string }> & { type: string; action_id: string }>;
    };
    expect(feedback.type).toBe('context_actions');
    expect(feedback.elements).toHaveLength(1);
    const [buttons] = feedback.elements;
    expect(buttons).toMatchObject({ type: 'feedback_buttons', action_id: FEEDBACK_ACTION_ID });
    expect(decodeFeedbackValue(buttons!.positive_button!.value)).toEqual({ vote: 'positive', conversationId: '77' });
    expect(decodeFeedbackValue(buttons!.negative_button!.value)).toEqual({ vote: 'negative', conversationId: '77' });
    for (const m of messages.slice(0, -1)) expect(m.blocks.some((b) => b.type === 'context_actions')).toBe(false);
  });

  it('a run that ended without an answer (failed, cancelled) has no feedback buttons', () => {
    for (const outcome of ['failed', 'cancelled'] as const) {
      const messages = renderFinalAnswer(fold(buildRunEvents({ outcome })), ctx);
      expect(messages.flatMap((m) => m.blocks).some((b) => b.type === 'context_actions')).toBe(false);
    }
  });

  it('a 40,000-char report splits into several valid messages, footer in the last', () => {
    const messages = renderFinalAnswer(fold(buildRunEvents({ report: buildLongReport() })), { ...ctx, demo: true });
    // Its tables are data_tables, several to a message, so it takes fewer messages than with `table`.
    expect(messages.length).toBeGreaterThan(3);
    expectValid(messages);
    const last = allStrings(messages[messages.length - 1]!.blocks);
    expect(last.some((s) => s.startsWith(':stopwatch:'))).toBe(true);
    expect(last).toContain('Demo run: answers come from sample data.');
    for (const [i, m] of messages.entries()) expect(m.text.endsWith(`(part ${i + 1} of ${messages.length})`)).toBe(true);
  });

  it('a report longer than 4 messages renders as one first part saying a file follows, and the file with the full report', () => {
    const view = fold(buildRunEvents({ report: buildLongReport() }));
    const withFile = renderFinalAnswerWithFile(view, { ...ctx, demo: true });
    expect(withFile).toBeDefined();
    expect(withFile!.parts).toHaveLength(1);
    expectValid(withFile!.parts);
    const strings = allStrings(withFile!.parts[0]!.blocks);
    expect(strings.some((s) => s.includes(`the full report is attached below as ${withFile!.file.filename}`))).toBe(true);
    expect(strings.some((s) => s.startsWith(':stopwatch:'))).toBe(true);
    expect(withFile!.file.markdown).toBe(view.report!.markdown);
    expect(withFile!.file.filename).toMatch(/^[\p{L}\p{N}-]+\.md$/u);
    // Sources once: in the first part, not repeated anywhere else.
    expect(JSON.stringify(withFile!.parts).split('*Sources*').length - 1).toBeLessThanOrEqual(1);
    // Deterministic, so a resumed run writes the same first part and the same file.
    expect(renderFinalAnswerWithFile(view, { ...ctx, demo: true })).toEqual(withFile);
  });

  it('an answer of a few messages has no file form', () => {
    expect(renderFinalAnswerWithFile(fold(buildRunEvents()), ctx)).toBeUndefined();
  });

  it('falls back to the last agent output, then to the streamed text', () => {
    const events = buildRunEvents();
    const noReport = events.filter((e) => e.event_type !== 'workflow_end');
    const fromAgent = renderFinalAnswer(fold(noReport), ctx);
    expect(allStrings(fromAgent).some((s) => s.includes('贵州茅台 2024 年财务简报'))).toBe(true);
    const streamedOnly = fold(events.filter((e) => !['workflow_end', 'agent_end'].includes(e.event_type)));
    expect(allStrings(renderFinalAnswer(streamedOnly, ctx)).some((s) => s.includes('好的，我先检索贵州茅台的年报与研报'))).toBe(true);
  });

  it('a completed run without any text says so', () => {
    const view = fold([{ event_id: 'w', event_type: 'workflow_end', timestamp: START + 10, response_id: 'r', offset: 1 }]);
    expect(allStrings(renderFinalAnswer(view, ctx))).toContain('The agent finished without writing an answer.');
  });
});

describe('native stream chunks', () => {
  const events = buildRunEvents({ outcome: 'failed' });

  it('task_update chunks: one per tool call with status, details and output (in the run’s language: Chinese here)', () => {
    const chunks = toTaskUpdateChunks(fold(events));
    expect(chunks).toEqual([
      {
        type: 'task_update',
        id: 'run_tool_search',
        title: 'search_documents',
        status: 'complete',
        details: '“贵州茅台 2024 年报” · SH:600519 · 2024-01-01 → 2024-12-31 · top 10 · all',
        output: '2条结果',
      },
      {
        type: 'task_update',
        id: 'run_tool_bs',
        title: 'get_balance_sheet',
        status: 'error',
        details: 'SH:600519 · top 4',
        output: '失败：财务数据服务暂时不可用',
      },
    ]);
    const midway = toTaskUpdateChunks(fold(events.slice(0, -1)));
    expect(midway[1]!.status).toBe('in_progress');
  });

  it('stream markdown is the streamed text, escaped', () => {
    expect(toStreamMarkdown(fold(buildRunEvents())).startsWith('好的，我先检索贵州茅台的年报与研报')).toBe(true);
  });

  it('stream markdown is escaped, even when an entity is split across events', () => {
    const hostile: WorkflowStreamEvent[] = [
      { event_id: 'h1', event_type: 'streaming', timestamp: START, response_id: 'r', content: 'hi <!here> a &l', offset: 1 },
      { event_id: 'h2', event_type: 'streaming', timestamp: START, response_id: 'r', content: 't; [x](https://e.com) <@U1>', offset: 2 },
    ];
    const streamed = toStreamMarkdown(fold(hostile));
    expect(streamed).not.toMatch(/<[!@]/);
    expect(streamed).toBe('hi &lt;!here&gt; a &lt; [x (e.com)](https://e.com/) &lt;@U1&gt;');
  });
});

describe('renderers on odd runs', () => {
  it('property: any event soup renders valid progress and final messages', () => {
    const text = fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.constantFrom('<!channel>', '<@U1>', '| a |\n|---|\n| 1 |', '**粗体**', '```', '&lt;!here&gt;'),
    );
    const event = fc.record(
      {
        event_id: fc.string({ maxLength: 4 }),
        event_type: fc.constantFrom(
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
        ),
        timestamp: fc.integer({ min: START, max: START + 1_000_000 }),
        response_id: fc.constant('r'),
        run_id: fc.constantFrom('a', 'b', 'c', 'd'),
        node_name: text,
        agent_name: text,
        tool_name: text,
        input: fc.record({ query: text, symbols: fc.array(text, { maxLength: 3 }) }),
        output: fc.oneof(
          fc.record({ content: text }),
          fc.dictionary(fc.string({ maxLength: 5 }), fc.record({ content: text, title: text })),
        ),
        content: text,
        error: fc.record({ message: text }),
        offset: fc.nat({ max: 1000 }),
      },
      { requiredKeys: ['event_id', 'event_type', 'timestamp', 'response_id'] },
    );
    fc.assert(
      fc.property(fc.array(event, { maxLength: 40 }), fc.boolean(), (events, cancelled) => {
        let view = reduceRunEvents(initialRunView({ startedAtMs: START }), events as WorkflowStreamEvent[]);
        if (cancelled) view = markCancelRequested(view, 'UCANCEL', START);
        expectValid([renderRunProgress(view, ctx)]);
        expectValid(renderFinalAnswer(view, ctx));
        for (const c of toTaskUpdateChunks(view)) expect(c.title).not.toMatch(/<[!@#]/);
      }),
      { numRuns: 150 },
    );
  });
});
