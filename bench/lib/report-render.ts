/**
 * What the render benchmark times on a long report, as one module of its own so that it can also
 * be bundled against another revision's src/ (bundle-entries.ts, srcDir) and run that revision's
 * renderers on the same input in the same process.
 */
import { reduceRecordedEvents } from '../../src/agent/state/reduce-run.js';
import { initialRunView } from '../../src/agent/state/run-view.js';
import type { AgentRenderContext } from '../../src/slack/agent/cards/agent-render-context.js';
import { renderFinalAnswer } from '../../src/slack/agent/cards/render-final-answer.js';
import { markdownToBlocks } from '../../src/slack/blocks/markdown/markdown-to-blocks.js';
import { buildRunEvents } from '../../test/fixtures/build-run-events.js';

const START_MS = 1_750_000_000_000;
const CTX: AgentRenderContext = {
  runId: 'run-bench',
  askerUserId: 'U0ASKER',
  conversationUrl: 'https://research.example.com/c/1',
  nowMs: START_MS,
};

/** A finished run whose report is `report`, and the two renders the benchmark times on it. */
export function prepareReportRender(report: string) {
  const view = reduceRecordedEvents(initialRunView({ startedAtMs: START_MS }), buildRunEvents({ report, startMs: START_MS }));
  return {
    /** The Slack messages final reports are posted as. */
    finalAnswer: () => renderFinalAnswer(view, CTX),
    /** The Markdown → Block Kit step alone. */
    blocksOnly: () => markdownToBlocks(report),
  };
}
