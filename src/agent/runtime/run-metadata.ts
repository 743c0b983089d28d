import { buildRunMetadata, type RunMessageMetadata } from '../sinks/run-message-metadata.js';
import type { RunContext } from '../state/run-context.js';
import type { RunView } from '../state/run-view.js';

/** The metadata of the run's reply for `view`: the offset is the cursor's, the one owner. */
export function runMetadata(ctx: RunContext, view: RunView, part = 1): RunMessageMetadata {
  const r = ctx.keeper.get();
  return buildRunMetadata({
    run_id: r.runId,
    part,
    conversation_id: r.conversationId,
    assistant_message_id: r.assistantMessageId,
    offset: ctx.cursor.lastOffset,
    status: view.status,
  });
}
