/**
 * Starts the questions that waited behind a run in their thread (thread-question-queue.ts), one at
 * a time and in the order they were asked. Called when a run ends in this process (whichever
 * replica relayed it, resumed runs included), when a question is queued, and by a sweep at start
 * and on an interval: a run that ended while its process died leaves its queue to the sweep.
 * Replicas may drain the same thread at once: the oldest question's run id is fixed by its
 * request, so the relay starts it once, and only the replica that removes an entry tells its asker.
 * Each thread's notes and run start go out with its own workspace's Slack client.
 */
import type { WebClient } from '@slack/web-api';
import { runIdFor } from '../../../agent/runtime/relay-runtime.js';
import type { Logger } from '../../../observability/logger.js';
import type { QueuedQuestion, ThreadRef } from '../../../store/thread-question-queue.js';
import type { ListenerDeps } from '../../kit/listener-deps.js';
import { startAgentRun } from './start-agent-run.js';
import { queuedQuestionExpiredMessage } from './start-run-messages.js';
import { tellUser } from './tell-user.js';

export interface QueuedQuestionStarter {
  log: Logger;
}

/** Starts the thread's oldest waiting question if the thread is free; drops and tells the expired. */
export async function startNextQueuedQuestion(deps: ListenerDeps, thread: ThreadRef, via: QueuedQuestionStarter): Promise<void> {
  const queue = deps.stores.questionQueue;
  const log = via.log.child({ component: 'start-queued-questions', channel: thread.channelId, thread_ts: thread.threadTs });
  // The queue keeps the team id only: an org-wide install is found from its workspace.
  const workspace = { teamId: thread.teamId };
  let client: WebClient | undefined;
  for (;;) {
    const waiting = await queue.list(thread);
    const head = waiting[0];
    if (!head) return;
    client ??= await deps.workspaces.slackClient(workspace);
    if (head.deadlineAtMs <= deps.clock()) {
      await giveUp(deps, head, client, log);
      continue;
    }
    const ownRunId = runIdFor({ teamId: head.teamId, channelId: head.channelId, requestId: head.requestId });
    const active = (await deps.stores.runs.listActive()).find(
      (r) => r.teamId === thread.teamId && r.channelId === thread.channelId && r.threadTs === thread.threadTs,
    );
    // The thread is busy: that run's end starts this one.
    if (active && active.runId !== ownRunId) return;
    const result = await startAgentRun(deps, {
      ...thread,
      noteThreadTs: thread.threadTs,
      userId: head.userId,
      ...(head.askerTeamId ? { askerTeamId: head.askerTeamId } : {}),
      question: head.question,
      questionIsPlain: true,
      ...(head.documents ? { documents: head.documents } : {}),
      requestId: head.requestId,
      fromQueue: true,
      workspace,
      client,
      log,
    });
    if (result.status === 'busy') return;
    await queue.remove(thread, head.requestId);
    log.info('queued question handed over', { requestId: head.requestId, status: result.status });
    // Started (or waiting out an outage, or already running): the thread is taken until it ends.
    if (
      result.status === 'started' ||
      result.status === 'deferred' ||
      (result.status === 'duplicate' && result.reason === 'already_running')
    ) {
      return;
    }
  }
}

async function giveUp(deps: ListenerDeps, question: QueuedQuestion, client: WebClient, log: Logger): Promise<void> {
  if (!(await deps.stores.questionQueue.remove(question, question.requestId))) return;
  log.warn('a queued question waited past its deadline; dropped', { requestId: question.requestId });
  const text = queuedQuestionExpiredMessage(question.question, question.deadlineAtMs - question.enqueuedAtMs);
  const to = { channelId: question.channelId, userId: question.userId, threadTs: question.threadTs };
  await tellUser(client, { ...to, text, ...(question.askerTeamId ? { recipientTeamId: question.askerTeamId } : {}) }, log);
}

/** Every thread with questions waiting (at start-up, and on an interval for runs that ended in a dead process). */
export async function startWaitingQuestions(deps: ListenerDeps, via: QueuedQuestionStarter): Promise<void> {
  for (const thread of await deps.stores.questionQueue.threads()) {
    await startNextQueuedQuestion(deps, thread, via);
  }
}
