/**
 * Which text a run's answer is, from the view: kept beside the renderers because
 * src/slack/blocks imports only types from the agent layer.
 */
import type { RunView } from '../../../agent/state/run-view.js';

/** All streamed text so far, segments separated by a blank line. Only ever grows. */
export function streamedAnswerText(view: RunView): string {
  return view.segments
    .map((s) => s.text)
    .filter((t) => t.trim() !== '')
    .join('\n\n');
}

/** The workflow_end report, else the last agent_end output, else the streamed text. */
export function finalAnswerMarkdown(view: RunView): string {
  if (view.report && view.report.markdown.trim() !== '') return view.report.markdown;
  for (let i = view.agentOutputs.length - 1; i >= 0; i--) {
    const out = view.agentOutputs[i];
    if (out && out.markdown.trim() !== '') return out.markdown;
  }
  return streamedAnswerText(view);
}
