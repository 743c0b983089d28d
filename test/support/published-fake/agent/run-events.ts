/**
 * The events of one agent run, built from the published schema's own examples of
 * WorkflowStreamEvent (one per event type: init, workflow_start, node_start, …, workflow_end):
 * each event starts as the example of its type, keeps its field set, and gets this run's ids,
 * offsets, times and content. As in the examples (and the README): `init` has run_id "",
 * `tool_end` has no offset, offsets grow by varying steps and continue across a conversation's
 * runs. A `usage` event follows `workflow_end`, as the real service sends it. Every event is
 * checked against the schema when built.
 */
import { componentPointer, type PublishedSpec } from '../published-spec.js';

export type WireEvent = Record<string, unknown> & { event_type: string; offset?: number };

export interface RunEventsInput {
  responseId: string;
  question: string;
  /** Offset of the run's first event. */
  firstOffset: number;
  startMs: number;
  /** `tool_end` output content: the search tool's answer (SearchToolsResponse), as a JSON string. */
  toolOutput: string;
  toolInput: { query: string; symbols: string[] };
  report: { title: string; content: string };
  /** Distinct per run: ids are derived from it. */
  seed: number;
}

/** The schema's example event of each type (2025-12 keys them by type; 2026-04 lists them). */
export function exampleEvents(spec: PublishedSpec): Map<string, WireEvent> {
  const raw = spec.resolve(componentPointer('WorkflowStreamEvent')).examples as unknown;
  const list: unknown[] = Array.isArray(raw) ? raw : Object.values(raw as Record<string, { value: unknown }>).map((e) => e.value);
  const out = new Map<string, WireEvent>();
  for (const e of list as WireEvent[]) out.set(e.event_type, e);
  return out;
}

const hex = (seed: number, n: number, width: number): string => `019b${(seed * 65_536 + n).toString(16).padStart(width - 4, '0')}`;

export function buildRunEvents(spec: PublishedSpec, input: RunEventsInput): WireEvent[] {
  const examples = exampleEvents(spec);
  const events: WireEvent[] = [];
  let offset = input.firstOffset;
  let n = 0;
  // Offsets jump by varying amounts, as in the examples (9199 → 9217 → 9264 …).
  const steps = [1, 1, 1, 1, 18, 1, 47, 3, 1, 59, 1, 1, 2, 1, 31, 1, 2, 1];
  const runId = (name: string): string => `${hex(input.seed, 0, 32)}_${name}`;
  const push = (type: string, fields: Record<string, unknown>, withOffset = true): void => {
    const example = examples.get(type);
    const base: WireEvent = example ? structuredClone(example) : { event_type: type };
    delete base.offset;
    n += 1;
    const event: WireEvent = {
      ...base,
      ...fields,
      event_id: hex(input.seed, n, 36),
      event_type: type,
      timestamp: input.startMs + n * 40,
      response_id: input.responseId,
    };
    if (withOffset) {
      event.offset = offset;
      offset += steps[n % steps.length] ?? 1;
    }
    events.push(event);
  };

  const workflow = { workflow_id: '11887655289749510', execution_id: '' };
  const plan = `你的任务是回答：${input.question}。先确定研究范围，再检索最新资料并撰写报告。`;
  const scope = `# 研究范围\n\n- 问题：${input.question}\n- 资料：公司公告、业绩会纪要、研报与新闻`;

  push('init', { ...workflow, execution_id: hex(input.seed, 999, 36), run_id: '', content: '' });
  push('workflow_start', { ...workflow, run_id: runId('workflow') });
  push('node_start', { ...workflow, run_id: runId('node_start'), node_id: 'start', node_name: '开始', node_type: 'start' });
  push('stream_start', { ...workflow, run_id: runId('plan'), node_id: 'start', agent_id: 'workflow_planner' });
  push('streaming', { ...workflow, run_id: runId('plan'), node_id: 'start', agent_id: 'workflow_planner', content: plan.slice(0, 12) });
  push('streaming', { ...workflow, run_id: runId('plan'), node_id: 'start', agent_id: 'workflow_planner', content: plan.slice(12) });
  push('stream_end', { ...workflow, run_id: runId('plan'), node_id: 'start', agent_id: 'workflow_planner', content: plan });
  push('node_end', {
    ...workflow,
    run_id: runId('node_start'),
    node_id: 'start',
    node_name: '开始',
    node_type: 'start',
    output: { content: plan },
  });

  const scopeNode = { node_id: 'define_report_scope', node_name: '确定报告范围', node_type: 'agent' };
  const scopeAgent = { agent_id: 'agent_action', agent_name: '执行智能体', agent_type: 'action_agent' };
  push('node_start', { ...workflow, run_id: runId('node_scope'), ...scopeNode });
  push('agent_start', { ...workflow, run_id: runId('agent_scope'), ...scopeNode, ...scopeAgent });
  const tool = {
    node_id: 'define_report_scope',
    agent_id: 'agent_deep_search',
    tool_id: 'tool_news_search',
    tool_name: '新闻搜索',
    run_id: runId('tool_search'),
  };
  const end = new Date(input.startMs);
  const start = new Date(input.startMs - 30 * 86_400_000);
  const localDatetime = (d: Date): string => d.toISOString().slice(0, 19);
  push('tool_start', {
    ...workflow,
    ...tool,
    input: {
      query: input.toolInput.query,
      symbols: input.toolInput.symbols,
      start_datetime: localDatetime(start),
      end_datetime: localDatetime(end),
      num: 15,
      filetype: 'json',
    },
  });
  push('tool_end', { ...workflow, ...tool, output: { content: input.toolOutput } }, false);
  push('agent_end', { ...workflow, run_id: runId('agent_scope'), ...scopeNode, ...scopeAgent, output: { content: scope } });
  push('node_end', { ...workflow, run_id: runId('node_scope'), ...scopeNode, output: { content: scope } });

  const reportNode = { node_id: 'generate_daily_report', node_name: '生成报告', node_type: 'agent' };
  push('node_start', { ...workflow, run_id: runId('node_report'), ...reportNode });
  push('stream_start', { ...workflow, run_id: runId('summary'), node_id: 'generate_daily_report', agent_id: 'workflow_summarizer' });
  const half = Math.ceil(input.report.content.length / 2);
  for (const piece of [input.report.content.slice(0, half), input.report.content.slice(half)])
    push('streaming', {
      ...workflow,
      run_id: runId('summary'),
      node_id: 'generate_daily_report',
      agent_id: 'workflow_summarizer',
      content: piece,
    });
  push('stream_end', {
    ...workflow,
    run_id: runId('summary'),
    node_id: 'generate_daily_report',
    agent_id: 'workflow_summarizer',
    content: input.report.content,
  });
  const file = {
    title: input.report.title,
    filetype: 'markdown',
    content: input.report.content,
    filename: `${input.report.title}.md`,
    filepath: `/${input.report.title}.md`,
  };
  push('node_end', { ...workflow, run_id: runId('node_report'), ...reportNode, output: file });
  push('workflow_end', { ...workflow, run_id: runId('workflow'), output: { generate_daily_report: file } });
  push('usage', { ...workflow, run_id: runId('workflow') });

  for (const e of events) {
    const issues = spec.validate(componentPointer('WorkflowStreamEvent'), e);
    if (issues.length > 0) throw new Error(`built ${e.event_type} event is off the published schema: ${JSON.stringify(issues)}`);
  }
  return events;
}

/** A `cancel` event ending a run at `offset`. */
export function cancelEvent(spec: PublishedSpec, responseId: string, offset: number, atMs: number): WireEvent {
  const event: WireEvent = {
    event_id: `${responseId}ffff`,
    event_type: 'cancel',
    timestamp: atMs,
    response_id: responseId,
    workflow_id: '11887655289749510',
    execution_id: '',
    run_id: '',
    offset,
  };
  const issues = spec.validate(componentPointer('WorkflowStreamEvent'), event);
  if (issues.length > 0) throw new Error(`cancel event is off the published schema: ${JSON.stringify(issues)}`);
  return event;
}
