/**
 * Binds the Block Kit renderers of src/slack/agent/cards to one run. The final render gets a
 * clock reading taken from the event log (the run's end), never the wall clock, so rendering the
 * same events twice (an uninterrupted run and one resumed after a crash) gives the same messages.
 */
import type { RunRecord } from '../../../store/records.js';
import type { AgentRenderContext } from '../cards/agent-render-context.js';
import { renderFinalAnswer, renderFinalAnswerWithFile } from '../cards/render-final-answer.js';
import { toStreamMarkdown, toTaskUpdateChunks } from '../cards/render-native-stream-chunks.js';
import { renderRunProgress } from '../cards/render-run-progress.js';
import type { FinalRenderExtras, RunRenderer } from '../../../agent/sinks/run-renderer.js';
import type { RunView } from '../../../agent/state/run-view.js';
import { languageOfText } from '../../../language/answer-language.js';

export interface RunRenderContext {
  /** Playground runs against demo data are labelled. */
  demo?: boolean;
  clock?: () => number;
  /** Hosts whose links in agent text may keep a plain label (present-link.ts). */
  trustedLinkHosts?: readonly string[];
  /** Token usage in the footer (AGENT_USAGE_FOOTER=on). */
  showUsage?: boolean;
}

/** The run a renderer is bound to (once per run, after its conversation is known). */
export type RunRenderTarget = Pick<RunRecord, 'runId' | 'askerUserId' | 'conversationUrl'> &
  Partial<Pick<RunRecord, 'conversationId' | 'question'>>;

export function createRunRenderer(base: RunRenderContext): (run: RunRenderTarget) => RunRenderer {
  const clock = base.clock ?? Date.now;
  return (run) => {
    // One language per answer, the question's; a question of symbols only leaves it to the answer's own text.
    const language = run.question === undefined ? undefined : languageOfText(run.question);
    const ctx = (nowMs: number, extras: FinalRenderExtras = {}): AgentRenderContext => ({
      runId: run.runId,
      askerUserId: run.askerUserId,
      conversationId: run.conversationId ?? '',
      nowMs,
      ...(run.conversationUrl ? { conversationUrl: run.conversationUrl } : {}),
      ...(base.demo ? { demo: true } : {}),
      ...(base.trustedLinkHosts ? { trustedLinkHosts: base.trustedLinkHosts } : {}),
      ...(base.showUsage ? { showUsage: true } : {}),
      ...(language ? { language } : {}),
      ...(extras.figures ? { figures: extras.figures } : {}),
      ...(extras.assistantMessageId ? { assistantMessageId: extras.assistantMessageId } : {}),
    });
    // The final render's clock is the run's end (see above), never the wall clock.
    const endOf = (view: RunView): number => view.endedAtMs ?? view.lastEventAtMs ?? view.startedAtMs ?? 0;
    return {
      progress: (view) => renderRunProgress(view, ctx(clock())),
      final: (view, extras) => renderFinalAnswer(view, ctx(endOf(view), extras)),
      finalWithFile: (view, extras) => renderFinalAnswerWithFile(view, ctx(endOf(view), extras)),
      taskChunks: (view) => toTaskUpdateChunks(view),
      // Links stream with the final answer's policy: trusted document hosts keep a plain label.
      streamMarkdown: (view) => toStreamMarkdown(view, { trustedHosts: base.trustedLinkHosts ?? [] }),
    };
  };
}
