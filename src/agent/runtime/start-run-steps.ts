/**
 * The start of a run, one idempotent step each, every one saving the record after its external
 * call so a crash between steps resumes at the next: the thread's conversation (reused for a
 * follow-up, else created), the reply (posted, or adopted from the thread by its metadata), and
 * the chat (or, after a crash, the assistant message it already created, found in listMessages).
 */
import type { WorkflowStreamEvent } from '../../service/types.js';
import { postOrAdopt } from '../sinks/post-or-adopt.js';
import { bindRenderer } from './bind-renderer.js';
import { runMetadata } from './run-metadata.js';
import type { RunContext } from '../state/run-context.js';
import { initialRunView } from '../state/run-view.js';
import { findStartedChat } from './find-started-chat.js';
import { resendUnanswered } from './resend-unanswered.js';

export async function ensureConversation(ctx: RunContext): Promise<void> {
  const run = ctx.keeper.get();
  if (run.conversationId) return;
  const mapped = await ctx.deps.threads.get(run.teamId, run.channelId, run.threadTs);
  if (mapped) {
    await ctx.keeper.save({
      conversationId: mapped.conversationId,
      ...(mapped.conversationUrl ? { conversationUrl: mapped.conversationUrl } : {}),
    });
    return;
  }
  // Sent again without looking first: a conversation the first call created is empty and harmless.
  const conversation = await resendUnanswered(ctx, 'creating the conversation', () =>
    ctx.deps.service.createConversation(
      { title: titleFrom(run.question), conversationType: 'agent_chat' },
      { correlationId: run.runId, signal: ctx.signal },
    ),
  );
  await ctx.deps.threads.save({
    teamId: run.teamId,
    channelId: run.channelId,
    threadTs: run.threadTs,
    conversationId: conversation.id,
    askerUserId: run.askerUserId,
    ...(conversation.url ? { conversationUrl: conversation.url } : {}),
  });
  await ctx.keeper.save({ conversationId: conversation.id, ...(conversation.url ? { conversationUrl: conversation.url } : {}) });
}

export async function ensureReply(ctx: RunContext): Promise<void> {
  const run = ctx.keeper.get();
  if (run.replyTs[0]) return;
  const v0 = initialRunView({ startedAtMs: run.startedAtMs });
  const { slack, scheduler, clock } = ctx.deps;
  // Claim before posting, record the ts after: a restart finding no claim knows nothing was
  // posted and reads no thread (a non-Marketplace app may read one a minute).
  const mayHavePosted = ctx.resumed && run.replyClaimed !== false;
  if (run.replyClaimed !== true) await ctx.keeper.save({ replyClaimed: true });
  const { ts, adopted } = await postOrAdopt(
    run,
    bindRenderer(ctx).progress(v0),
    runMetadata(ctx, v0),
    { slack, scheduler, clock },
    {
      lookFirst: mayHavePosted,
    },
  );
  if (adopted) ctx.log.info('adopted the reply found in the thread', { ts });
  await ctx.keeper.save({ replyTs: [ts, ...run.replyTs.slice(1)] });
}

/** Returns the live events when this call started the run (else they are read by offset). */
export async function ensureChat(ctx: RunContext): Promise<AsyncIterable<WorkflowStreamEvent> | undefined> {
  const run = ctx.keeper.get();
  if (run.assistantMessageId) return undefined;
  if (ctx.resumed) {
    // A crash may have come after the chat call and before its id was saved: never chat twice.
    const found = await findStartedChat(ctx.deps.service, run, ctx.signal);
    if (found) {
      ctx.log.info('recovered the assistant message id from listMessages', { assistantMessageId: found });
      await ctx.keeper.save({ assistantMessageId: found, status: 'running' });
      return undefined;
    }
  }
  const started = await resendUnanswered<{ assistantMessageId: string; events?: AsyncIterable<WorkflowStreamEvent> }>(
    ctx,
    'the chat call',
    () =>
      ctx.deps.service.chat(
        {
          conversationId: run.conversationId,
          message: run.question,
          ...(run.documents ? { documents: run.documents } : {}),
        },
        { correlationId: run.runId, signal: ctx.signal, cursor: ctx.cursor },
      ),
    // Never chat twice: the unanswered call may have started the run.
    async () => {
      const found = await findStartedChat(ctx.deps.service, run, ctx.signal);
      if (found) ctx.log.info('the unanswered chat call had started the run; following it', { assistantMessageId: found });
      return found ? { assistantMessageId: found } : undefined;
    },
  );
  await ctx.keeper.save({ assistantMessageId: started.assistantMessageId, status: 'running' });
  return started.events;
}

function titleFrom(question: string): string {
  const oneLine = question.replace(/\s+/g, ' ').trim();
  return oneLine.length > 80 ? `${oneLine.slice(0, 79)}…` : oneLine || 'Research question';
}
