/** reduceRun's handling of stream_start / streaming / stream_end: text per segment. */
import type { WorkflowStreamEvent } from '../../service/types.js';
import type { RunView, TextSegment } from './run-view.js';

function segmentStepName(v: RunView): string | undefined {
  return v.currentStep?.agentName ?? v.currentStep?.nodeName;
}

export function startSegment(v: RunView, id: string): RunView {
  if (v.segments.some((s) => s.id === id)) return v;
  const seg: TextSegment = { id, text: '', open: true };
  const name = segmentStepName(v);
  if (name !== undefined) seg.stepName = name;
  return { ...v, segments: [...v.segments, seg] };
}

/** Index of the open segment the event belongs to: by run_id, else the latest open one. */
function openSegmentIndex(v: RunView, runId: string | undefined): number {
  if (runId !== undefined) {
    const i = v.segments.findIndex((s) => s.id === runId && s.open);
    if (i >= 0) return i;
  }
  for (let i = v.segments.length - 1; i >= 0; i--) if (v.segments[i]?.open) return i;
  return -1;
}

export function appendToSegment(v: RunView, runId: string | undefined, e: WorkflowStreamEvent): RunView {
  const content = typeof e.content === 'string' ? e.content : '';
  if (content === '') return v;
  const idx = openSegmentIndex(v, runId);
  if (idx < 0) {
    const seg: TextSegment = { id: runId ?? `seg:${v.segments.length}`, text: content, open: true };
    const name = segmentStepName(v);
    if (name !== undefined) seg.stepName = name;
    // Reusing a closed segment's id would make the native delta ambiguous: suffix it.
    if (v.segments.some((s) => s.id === seg.id)) seg.id = `${seg.id}#${v.segments.length}`;
    return { ...v, segments: [...v.segments, seg] };
  }
  return { ...v, segments: v.segments.map((s, i) => (i === idx ? { ...s, text: s.text + content } : s)) };
}

export function endSegment(v: RunView, runId: string | undefined, e: WorkflowStreamEvent): RunView {
  const idx = openSegmentIndex(v, runId);
  if (idx < 0) return v;
  const content = typeof e.content === 'string' ? e.content : undefined;
  return {
    ...v,
    segments: v.segments.map((s, i) => {
      if (i !== idx) return s;
      // Some services repeat the whole text at stream_end; only use it when nothing streamed.
      const text = s.text === '' && content !== undefined ? content : s.text;
      return { ...s, text, open: false };
    }),
  };
}
