/**
 * The relay's picture of one agent run, built by folding workflow stream events through
 * `reduceRun` (./reduce-run.ts). Plain JSON data: it can be persisted, compared and rendered.
 * Everything else the relay learns from outside the event stream (who pressed Cancel, a
 * silence timeout) is recorded with the small pure helpers at the bottom of this file.
 * @see src/emulators/service/routes/agent-routes.ts (the agent operations, as the service emulator serves them)
 */

import type { ToolChart } from '../events/read-tool-chart.js';

export type RunStatus = 'running' | 'completed' | 'cancelled' | 'failed';

/** A workflow, node or agent opened by a *_start event and closed by its *_end (same run_id). */
export interface RunStep {
  /** run_id of the pair, or a synthetic `evt:<event_id>` when the service sent none. */
  id: string;
  kind: 'workflow' | 'node' | 'agent';
  /** node_name / agent_name, else node_id / agent_id, else the kind. */
  name: string;
  /** node_id of a node step (workflow_end output is keyed by the last node's node_id). */
  nodeId?: string;
  /** id of the enclosing open step when this one started (nesting). */
  parentId?: string;
  depth: number;
  status: 'running' | 'done' | 'failed';
  startedAtMs?: number;
  endedAtMs?: number;
}

export type ToolCallStatus = 'running' | 'done' | 'error' | 'stopped';

export interface ToolCall {
  /** run_id of tool_start/tool_end (the native task id), or `evt:<event_id>`. */
  id: string;
  toolName: string;
  /** The input that tells what the call does: query, symbols, dates, num — one short line. */
  keyInput: string;
  status: ToolCallStatus;
  /** The step (node/agent) that was innermost when the call started. */
  stepId?: string;
  startedAtMs?: number;
  endedAtMs?: number;
  /** Documents (or chunks) the call returned, when its output said so. */
  resultCount?: number;
  /** Plain words, when the call failed. */
  errorMessage?: string;
}

/** Text streamed between one stream_start and its stream_end (streaming events' `content`). */
export interface TextSegment {
  id: string;
  /** The agent (or node) innermost when the segment began. */
  stepName?: string;
  text: string;
  open: boolean;
}

export interface AgentOutput {
  stepId: string;
  agentName: string;
  /** agent_end output.content (Markdown, untrusted). */
  markdown: string;
  atMs?: number;
}

/** workflow_end output, keyed there by the last node's node_id. */
export interface RunReport {
  nodeId: string;
  title?: string;
  filename?: string;
  /** The full report, Markdown, untrusted. */
  markdown: string;
}

export interface SourceRef {
  docId?: string;
  title: string;
  url?: string;
}

export interface RunUsage {
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
  /** How many usage events were summed. */
  reports: number;
}

export interface RunError {
  /** Plain words, safe to show (still untrusted text: escape when rendering). */
  message: string;
  code?: string;
  atMs?: number;
}

export interface RunCancel {
  /** The cancel event's timestamp, when the service reported it. */
  atMs?: number;
  /** Slack user who pressed Cancel (recorded by the relay with `markCancelRequested`). */
  byUserId?: string;
  requestedAtMs?: number;
  /** True once the service's `cancel` event arrived. */
  confirmed: boolean;
}

export interface RunTimeout {
  silentForMs: number;
  atMs: number;
}

export interface RunView {
  status: RunStatus;
  responseId?: string;
  /** Earliest event timestamp seen (or the start given to initialRunView). */
  startedAtMs?: number;
  /** Earliest event timestamp seen, from events only: a replay of the same events has the same. */
  firstEventAtMs?: number;
  /** Timestamp of the terminal event (workflow_end / cancel / error), or of the timeout. */
  endedAtMs?: number;
  /** Latest event timestamp seen. */
  lastEventAtMs?: number;
  /** Events applied. (Where the run stands in the event log is the run's EventCursor, not the view's.) */
  eventCount: number;
  /** Workflows, nodes and agents in start order. */
  steps: RunStep[];
  /** ids of open steps, outermost first. */
  openStepIds: string[];
  /** Innermost open node and agent names, for the status line. */
  currentStep?: { nodeName?: string; agentName?: string };
  tools: ToolCall[];
  segments: TextSegment[];
  agentOutputs: AgentOutput[];
  report?: RunReport;
  /** Deduplicated, in first-seen order; capped at MAX_SOURCES. */
  sources: SourceRef[];
  /** How many distinct sources were seen beyond the cap. */
  sourcesDropped: number;
  /** The chart the final answer attaches: the most relevant series the data tools returned. */
  chart?: ToolChart;
  usage: RunUsage;
  error?: RunError;
  cancel?: RunCancel;
  timeout?: RunTimeout;
}

export const MAX_SOURCES = 200;

export interface InitialRunViewOptions {
  startedAtMs?: number;
  responseId?: string;
}

export function initialRunView(opts: InitialRunViewOptions = {}): RunView {
  const view: RunView = {
    status: 'running',
    eventCount: 0,
    steps: [],
    openStepIds: [],
    tools: [],
    segments: [],
    agentOutputs: [],
    sources: [],
    sourcesDropped: 0,
    usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0, reports: 0 },
  };
  if (opts.startedAtMs !== undefined) view.startedAtMs = opts.startedAtMs;
  if (opts.responseId !== undefined) view.responseId = opts.responseId;
  return view;
}

export function isTerminal(view: RunView): boolean {
  return view.status !== 'running';
}

/** Records that a Slack user pressed Cancel (the service's cancel event confirms it later). */
export function markCancelRequested(view: RunView, byUserId: string, atMs: number): RunView {
  return {
    ...view,
    cancel: { ...(view.cancel ?? { confirmed: false }), byUserId, requestedAtMs: atMs },
  };
}

/** Ends a run that went silent: status failed, with the timeout recorded for the ending line. */
export function markTimedOut(view: RunView, silentForMs: number, atMs: number): RunView {
  if (view.status !== 'running') return view;
  return {
    ...view,
    status: 'failed',
    endedAtMs: atMs,
    timeout: { silentForMs, atMs },
    openStepIds: [],
    currentStep: undefined,
    steps: view.steps.map((s) => (s.status === 'running' ? { ...s, status: 'failed' as const } : s)),
    tools: view.tools.map((t) => (t.status === 'running' ? { ...t, status: 'stopped' as const } : t)),
    segments: view.segments.map((s) => (s.open ? { ...s, open: false } : s)),
  };
}
