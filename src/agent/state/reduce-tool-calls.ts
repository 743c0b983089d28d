/** reduceRun's handling of tool_start / tool_end: the tool-call list and the sources found. */
import type { WorkflowStreamEvent } from '../../service/types.js';
import { plainErrorMessage } from '../events/plain-error-message.js';
import { moreRelevantChart, readToolChart } from '../events/read-tool-chart.js';
import { readToolOutput, sourceKey } from '../events/read-tool-output.js';
import { summariseToolInput } from '../events/summarise-tool-input.js';
import { MAX_SOURCES, type RunView, type SourceRef, type ToolCall } from './run-view.js';

export function startToolCall(v: RunView, id: string, e: WorkflowStreamEvent, ts: number): RunView {
  if (v.tools.some((t) => t.id === id)) return v;
  const tool: ToolCall = {
    id,
    toolName: e.tool_name ?? e.tool_id ?? 'tool',
    keyInput: summariseToolInput(e.input),
    status: 'running',
    startedAtMs: ts,
  };
  const stepId = v.openStepIds[v.openStepIds.length - 1];
  if (stepId !== undefined) tool.stepId = stepId;
  return { ...v, tools: [...v.tools, tool] };
}

export function endToolCall(v: RunView, id: string, runId: string | undefined, e: WorkflowStreamEvent, ts: number): RunView {
  const name = e.tool_name ?? e.tool_id;
  let idx = runId !== undefined ? v.tools.findIndex((t) => t.id === runId) : -1;
  if (idx < 0 && runId === undefined) {
    for (let i = v.tools.length - 1; i >= 0 && idx < 0; i--) {
      const t = v.tools[i];
      if (t && t.status === 'running' && (name === undefined || t.toolName === name)) idx = i;
    }
  }
  const summary = readToolOutput(e.output);
  const eventError = e.error !== undefined ? plainErrorMessage(e).message : undefined;
  const errorMessage = summary.errorMessage ?? eventError;
  // A tool_end without its tool_start (e.g. a view rebuilt from a late offset) still counts.
  const base: ToolCall = v.tools[idx] ?? {
    id,
    toolName: name ?? 'tool',
    keyInput: summariseToolInput(e.input),
    status: 'running',
  };
  if (base.status !== 'running') return addSources(v, summary.sources);
  const ended: ToolCall = { ...base, status: errorMessage !== undefined ? 'error' : 'done', endedAtMs: ts };
  if (summary.resultCount !== undefined) ended.resultCount = summary.resultCount;
  if (errorMessage !== undefined) ended.errorMessage = errorMessage;
  const tools = idx >= 0 ? v.tools.map((t, i) => (i === idx ? ended : t)) : [...v.tools, ended];
  const chart = errorMessage === undefined ? moreRelevantChart(v.chart, readToolChart(e.output)) : v.chart;
  return addSources({ ...v, tools, ...(chart ? { chart } : {}) }, summary.sources);
}

function addSources(v: RunView, found: readonly SourceRef[]): RunView {
  if (found.length === 0) return v;
  const seen = new Set(v.sources.map(sourceKey));
  const sources = [...v.sources];
  let dropped = v.sourcesDropped;
  for (const s of found) {
    const key = sourceKey(s);
    if (seen.has(key)) continue;
    seen.add(key);
    if (sources.length < MAX_SOURCES) sources.push(s);
    else dropped += 1; // beyond the cap duplicates cannot be told apart: an upper bound
  }
  return { ...v, sources, sourcesDropped: dropped };
}
