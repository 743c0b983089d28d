import type { WorkflowStreamEvent } from '../../service/types.js';
import { isObject, readNonEmptyString, readString, type JsonObject } from '../events/event-fields.js';
import { plainErrorMessage } from '../events/plain-error-message.js';
import { readUsage } from '../events/read-usage.js';
import { appendToSegment, endSegment, startSegment } from './reduce-text-segments.js';
import { endToolCall, startToolCall } from './reduce-tool-calls.js';
import type { RunStatus, RunStep, RunView } from './run-view.js';

type StepKind = RunStep['kind'];

const START_KIND: Record<string, StepKind> = { workflow_start: 'workflow', node_start: 'node', agent_start: 'agent' };
const END_KIND: Record<string, StepKind> = { workflow_end: 'workflow', node_end: 'node', agent_end: 'agent' };

/**
 * Folds one workflow stream event into the run view. Pure: never mutates `view`. It trusts its
 * input: the event passed the schema at the service edge (workflow-event-schema.ts) and the
 * run's EventCursor, which drops anything already applied, so every event it sees is new.
 * Only the undocumented insides (tool output, usage figures, error objects) are read tolerantly.
 */
export function reduceRun(view: RunView, event: WorkflowStreamEvent): RunView {
  const ts = event.timestamp;
  const v: RunView = {
    ...view,
    eventCount: view.eventCount + 1,
    startedAtMs: view.startedAtMs === undefined ? ts : Math.min(view.startedAtMs, ts),
    firstEventAtMs: view.firstEventAtMs === undefined ? ts : Math.min(view.firstEventAtMs, ts),
    lastEventAtMs: view.lastEventAtMs === undefined ? ts : Math.max(view.lastEventAtMs, ts),
  };
  if (v.responseId === undefined && event.response_id.trim() !== '') v.responseId = event.response_id;
  const runId = event.run_id;
  const id = runId ?? `evt:${event.event_id !== '' ? event.event_id : String(event.offset ?? v.eventCount)}`;
  const e: JsonObject = event;

  const type = event.event_type;
  const startKind = START_KIND[type];
  if (startKind) return openStep(v, startKind, id, event, ts);
  const endKind = END_KIND[type];
  if (endKind) return closeStepWithOutput(v, endKind, runId, event, ts);
  switch (type) {
    case 'tool_start':
      return startToolCall(v, id, event, ts);
    case 'tool_end':
      return endToolCall(v, id, runId, event, ts);
    case 'stream_start':
      return startSegment(v, id);
    case 'streaming':
      return appendToSegment(v, runId, event);
    case 'stream_end':
      return endSegment(v, runId, event);
    case 'usage':
      return addUsage(v, e);
    case 'cancel':
      return terminate({ ...v, cancel: { ...(v.cancel ?? {}), confirmed: true, atMs: ts } }, 'cancelled', ts);
    case 'error':
      // Not an end by itself: the service may go on after it (endAfterReportedError decides later).
      return noteError(v, runId, plainErrorMessage(e), ts);
    default:
      return v; // init and unknown types only count and advance times
  }
}

/** Folds events in the order given (each assumed new: see reduceRun). */
export function reduceRunEvents(view: RunView, events: Iterable<WorkflowStreamEvent>): RunView {
  let v = view;
  for (const e of events) v = reduceRun(v, e);
  return v;
}

/**
 * Puts events delivered in any order back into offset order (stable; an event without an
 * offset keeps its place after the event delivered before it), so a recorded batch can be
 * admitted through a cursor and folded.
 */
export function orderEventsByOffset(events: readonly WorkflowStreamEvent[]): WorkflowStreamEvent[] {
  let lastKey = -Infinity;
  const keyed = events.map((e, index) => {
    if (e.offset !== undefined) lastKey = e.offset;
    return { e, key: e.offset ?? lastKey, index };
  });
  keyed.sort((a, b) => a.key - b.key || a.index - b.index);
  return keyed.map((k) => k.e);
}

function stepName(kind: StepKind, e: WorkflowStreamEvent): string {
  if (kind === 'node') return e.node_name ?? e.node_id ?? 'node';
  if (kind === 'agent') return e.agent_name ?? e.agent_id ?? 'agent';
  return e.workflow_name ?? e.workflow_id ?? 'workflow';
}

function withCurrentStep(v: RunView): RunView {
  let nodeName: string | undefined;
  let agentName: string | undefined;
  for (let i = v.openStepIds.length - 1; i >= 0; i--) {
    const step = v.steps.find((s) => s.id === v.openStepIds[i]);
    if (!step) continue;
    if (step.kind === 'agent' && agentName === undefined) agentName = step.name;
    if (step.kind === 'node' && nodeName === undefined) nodeName = step.name;
  }
  const current: RunView['currentStep'] = {};
  if (nodeName !== undefined) current.nodeName = nodeName;
  if (agentName !== undefined) current.agentName = agentName;
  return { ...v, currentStep: nodeName === undefined && agentName === undefined ? undefined : current };
}

function openStep(v: RunView, kind: StepKind, id: string, e: WorkflowStreamEvent, ts: number): RunView {
  if (v.steps.some((s) => s.id === id)) return v;
  const parentId = v.openStepIds[v.openStepIds.length - 1];
  const step: RunStep = { id, kind, name: stepName(kind, e), depth: v.openStepIds.length, status: 'running', startedAtMs: ts };
  if (parentId !== undefined) step.parentId = parentId;
  if (kind === 'node' && e.node_id !== undefined) step.nodeId = e.node_id;
  return withCurrentStep({ ...v, steps: [...v.steps, step], openStepIds: [...v.openStepIds, id] });
}

/** Closes the step (by run_id, else the innermost open one of that kind) and any opened inside it. */
function closeStep(v: RunView, kind: StepKind, runId: string | undefined, ts: number): RunView {
  let idx = runId !== undefined ? v.openStepIds.lastIndexOf(runId) : -1;
  if (idx < 0) {
    for (let i = v.openStepIds.length - 1; i >= 0 && idx < 0; i--) {
      if (v.steps.find((s) => s.id === v.openStepIds[i])?.kind === kind) idx = i;
    }
  }
  if (idx < 0) return v;
  const closing = new Set(v.openStepIds.slice(idx));
  return withCurrentStep({
    ...v,
    openStepIds: v.openStepIds.slice(0, idx),
    steps: v.steps.map((s) => (closing.has(s.id) ? { ...s, status: 'done' as const, endedAtMs: ts } : s)),
  });
}

function closeStepWithOutput(v: RunView, kind: StepKind, runId: string | undefined, e: WorkflowStreamEvent, ts: number): RunView {
  const closedId =
    runId ??
    v.openStepIds
      .slice()
      .reverse()
      .find((sid) => v.steps.find((s) => s.id === sid)?.kind === kind);
  const closed = closeStep(v, kind, runId, ts);
  const output = e.output;
  if (kind === 'agent') {
    // output.content is the service's own (undocumented) layout: read tolerantly.
    const markdown = readString(output?.content) ?? (typeof e.content === 'string' ? e.content : undefined);
    if (markdown === undefined || markdown.trim() === '') return closed;
    const agentName = e.agent_name ?? e.agent_id ?? v.steps.find((s) => s.id === closedId)?.name ?? 'agent';
    const out = { stepId: closedId ?? 'agent', agentName, markdown, atMs: ts };
    return { ...closed, agentOutputs: [...closed.agentOutputs, out] };
  }
  if (kind === 'workflow') {
    const report = readReport(output, v);
    const withReport = report ? { ...closed, report } : closed;
    // A run that reported an error and then finished anyway counts as completed (the error is kept).
    return terminate(withReport, v.status === 'cancelled' ? 'cancelled' : 'completed', ts);
  }
  return closed;
}

/** workflow_end output is keyed by the last node's node_id; prefer that key, else the last with content. */
function readReport(output: JsonObject | undefined, v: RunView): RunView['report'] {
  if (!output) return undefined;
  const direct = readString(output.content);
  if (direct !== undefined && direct.trim() !== '') return { nodeId: '', markdown: direct };
  const nodeIds = v.steps.flatMap((s) => (s.nodeId !== undefined ? [s.nodeId] : []));
  const entries = Object.entries(output).filter(([, val]) => isObject(val) && readString(val.content) !== undefined);
  if (entries.length === 0) return undefined;
  const byLastNode = entries.find(([k]) => k === nodeIds[nodeIds.length - 1]);
  const chosen = byLastNode ?? entries.at(-1);
  if (!chosen) return undefined;
  const [nodeId, val] = chosen;
  const obj = val as JsonObject;
  const report: NonNullable<RunView['report']> = { nodeId, markdown: readString(obj.content) ?? '' };
  const title = readNonEmptyString(obj.title);
  if (title !== undefined) report.title = title;
  const filename = readNonEmptyString(obj.filename);
  if (filename !== undefined) report.filename = filename;
  return report;
}

function addUsage(v: RunView, e: JsonObject): RunView {
  const f = readUsage(e);
  if (!f) return v;
  return {
    ...v,
    usage: {
      inputTokens: v.usage.inputTokens + f.inputTokens,
      outputTokens: v.usage.outputTokens + f.outputTokens,
      totalTokens: v.usage.totalTokens + f.totalTokens,
      reports: v.usage.reports + 1,
    },
  };
}

/** Records an error the run reported (the latest one is kept) and fails the tool call it names. */
function noteError(v: RunView, runId: string | undefined, reported: { message: string; code?: string }, ts: number): RunView {
  const error: NonNullable<RunView['error']> = { message: reported.message, atMs: ts };
  if (reported.code !== undefined) error.code = reported.code;
  const tools = v.tools.map((t) =>
    t.status === 'running' && t.id === runId ? { ...t, status: 'error' as const, errorMessage: reported.message } : t,
  );
  return { ...v, error, tools };
}

/**
 * The run's events have ended (the service closed its stream and says the run is over) with the
 * view still running: an error it reported earlier was the end, and the run failed with it.
 * Returns the view unchanged when there was no such error (the caller says what went wrong).
 */
export function endAfterReportedError(view: RunView, ts: number): RunView {
  return view.status === 'running' && view.error ? terminate(view, 'failed', ts) : view;
}

/** Ends the run as failed with a reason of the relay's own (a lost stream, a failed start). */
export function failWithError(view: RunView, reason: { message: string; code?: string }, ts: number): RunView {
  return terminate(noteError(view, undefined, reason, ts), 'failed', ts);
}

/**
 * A recorded run (a replay's stream=false read): the log as the service has it now. A run whose
 * last event is an error ended with it; one that reported an error and went on did not.
 */
export function reduceRecordedEvents(view: RunView, events: readonly WorkflowStreamEvent[]): RunView {
  const folded = reduceRunEvents(view, events);
  const last = events[events.length - 1];
  return last?.event_type === 'error' ? endAfterReportedError(folded, last.timestamp) : folded;
}

/**
 * Ends the run. The first end decides, except that workflow_end after a failure completes the
 * run and cancel wins over a failure (cancelling often produces an error).
 */
function terminate(v: RunView, status: RunStatus, ts: number): RunView {
  let next: RunStatus = v.status;
  if (v.status === 'running') next = status;
  else if (v.status === 'failed' && (status === 'completed' || status === 'cancelled')) next = status;
  return {
    ...v,
    status: next,
    endedAtMs: Math.max(v.endedAtMs ?? ts, ts),
    openStepIds: [],
    currentStep: undefined,
    steps: v.steps.map((s) =>
      s.status === 'running' ? { ...s, status: status === 'completed' ? ('done' as const) : ('failed' as const) } : s,
    ),
    // Calls still open when the run ended never reported back.
    tools: v.tools.map((t) => (t.status === 'running' ? { ...t, status: 'stopped' as const } : t)),
    segments: v.segments.map((s) => (s.open ? { ...s, open: false } : s)),
  };
}
