/**
 * A recorded run rendered exactly as the relay renders a finished run: events → the run reducer
 * → the relay's final renderer (the same createRunRenderer the live relay uses), so a replay
 * never has a renderer of its own that could drift.
 */
import { createRunRenderer } from '../../relay/create-run-renderer.js';
import { orderEventsByOffset, reduceRunEvents } from '../../../agent/state/reduce-run.js';
import type { RenderedMessage } from '../../../agent/sinks/run-sink.js';
import { initialRunView, type RunView } from '../../../agent/state/run-view.js';
import type { WorkflowStreamEvent } from '../../../service/types.js';
import type { RunRecord } from '../../../store/records.js';

export interface ReplayRenderContext {
  teamId: string;
  channelId: string;
  userId: string;
  conversationId: number;
  assistantMessageId: string;
  conversationUrl?: string;
  demo: boolean;
  clock: () => number;
}

export function reduceRecordedRun(events: readonly WorkflowStreamEvent[]): RunView {
  return reduceRunEvents(initialRunView(), orderEventsByOffset(events));
}

export function renderReplayedRun(view: RunView, ctx: ReplayRenderContext): RenderedMessage[] {
  const now = ctx.clock();
  // The renderer is bound to a run record; a replay is a finished, read-only run.
  const record: RunRecord = {
    runId: `replay-${ctx.assistantMessageId}`,
    teamId: ctx.teamId,
    channelId: ctx.channelId,
    threadTs: '',
    replyTs: [],
    conversationId: ctx.conversationId,
    assistantMessageId: ctx.assistantMessageId,
    lastOffset: view.lastOffset,
    status: 'completed',
    askerUserId: ctx.userId,
    question: '',
    startedAtMs: view.startedAtMs ?? now,
    updatedAtMs: now,
    delivery: 'update',
    ...(ctx.conversationUrl ? { conversationUrl: ctx.conversationUrl } : {}),
  };
  return createRunRenderer({ demo: ctx.demo, clock: ctx.clock })(record).final(view);
}
