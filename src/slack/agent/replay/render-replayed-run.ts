/**
 * A recorded run rendered exactly as the relay renders a finished run: events → the run reducer
 * → the relay's final renderer (the same createRunRenderer the live relay uses), so a replay
 * never has a renderer of its own that could drift.
 */
import { createRunRenderer } from '../relay/create-run-renderer.js';
import { orderEventsByOffset, reduceRecordedEvents } from '../../../agent/state/reduce-run.js';
import type { SlackMessage } from '../../../slack-api/slack-message.js';
import { initialRunView, type RunView } from '../../../agent/state/run-view.js';
import type { WorkflowStreamEvent } from '../../../service/types.js';
import type { FinalRenderExtras } from '../../../agent/sinks/run-renderer.js';

export interface ReplayRenderContext {
  teamId: string;
  channelId: string;
  userId: string;
  conversationId: string;
  assistantMessageId: string;
  conversationUrl?: string;
  demo: boolean;
  clock: () => number;
  /** As the relay's renderer has them, so links read the same in a replay. */
  trustedLinkHosts?: string[];
  showUsage?: boolean;
  /** The replayed question, when it could be read: the answer's language follows it. */
  question?: string;
}

export function reduceRecordedRun(events: readonly WorkflowStreamEvent[]): RunView {
  return reduceRecordedEvents(initialRunView(), orderEventsByOffset(events));
}

export function renderReplayedRun(view: RunView, ctx: ReplayRenderContext, extras?: FinalRenderExtras): SlackMessage[] {
  // A replay is a finished, read-only run of its own.
  const run = {
    runId: `replay-${ctx.assistantMessageId}`,
    askerUserId: ctx.userId,
    conversationId: ctx.conversationId,
    ...(ctx.conversationUrl ? { conversationUrl: ctx.conversationUrl } : {}),
    ...(ctx.question ? { question: ctx.question } : {}),
  };
  return createRunRenderer({
    demo: ctx.demo,
    clock: ctx.clock,
    ...(ctx.trustedLinkHosts ? { trustedLinkHosts: ctx.trustedLinkHosts } : {}),
    ...(ctx.showUsage ? { showUsage: true } : {}),
  })(run).final(view, { ...extras, assistantMessageId: ctx.assistantMessageId });
}
