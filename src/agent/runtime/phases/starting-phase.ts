import { isSlackCallError } from '../../../slack-api/slack-call-error.js';
import { RunStopped } from '../../events/next-within.js';
import { bindRenderer } from '../bind-renderer.js';
import type { RunContext } from '../../state/run-context.js';
import { failStart } from '../fail-run.js';
import type { NextPhase } from '../run-phase.js';
import { ensureChat, ensureConversation, ensureReply } from '../start-run-steps.js';

/**
 * Conversation → renderer → reply → chat, each step idempotent (start-run-steps.ts). A run this
 * process started follows the chat's own stream; one whose chat already existed (taken over
 * after a crash) is rebuilt from the event log first.
 */
export async function startingPhase(ctx: RunContext): Promise<NextPhase> {
  try {
    // The conversation comes first: a crash right after creating it is the one step that cannot
    // be looked up again, so keep it as short as possible before the save.
    await ensureConversation(ctx);
    stopIfAsked(ctx);
    bindRenderer(ctx);
    await ensureReply(ctx);
    stopIfAsked(ctx);
    ctx.live = await ensureChat(ctx);
    stopIfAsked(ctx);
  } catch (error) {
    if (error instanceof RunStopped || ctx.signal.aborted) throw new RunStopped();
    if (isSlackCallError(error)) throw error;
    // A reply is needed to say what went wrong (the renderer binds without a conversation URL).
    await ensureReply(ctx);
    return failStart(ctx, error);
  }
  return ctx.live ? 'following' : 'resuming';
}

function stopIfAsked(ctx: RunContext): void {
  if (ctx.signal.aborted) throw new RunStopped();
}
