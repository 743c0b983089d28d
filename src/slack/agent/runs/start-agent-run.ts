/**
 * The one path every trigger (mention, direct message, /research ask, "Ask the agent" button,
 * message shortcut) takes to start an agent run in a Slack thread: clean the question, refuse
 * what cannot run (with a note to the user), hand the run to the relay, remember it for App
 * Home. The relay posts the "Working…" reply and everything after it.
 */
import type { WebClient } from '@slack/web-api';
import { runIdFor } from '../../../agent/runtime/relay-runtime.js';
import type { Logger } from '../../../observability/logger.js';
import type { ThreadRef } from '../../../store/thread-question-queue.js';
import type { WorkspaceRef } from '../../../workspaces/workspace-ref.js';
import { connectionFailureOf } from '../../../workspaces/connection-failure.js';
import type { ListenerDeps } from '../../kit/listener-deps.js';
import { deferRunStart } from './defer-run-start.js';
import { isRetryableStartFailure, isShuttingDown } from './is-retryable-start-failure.js';
import { questionFromSlackText } from './question-from-slack-text.js';
import { documentsForRun, type RunDocument } from './run-documents.js';
import { BUSY_MESSAGE, FAILURE, queuedQuestionMessage, QUEUE_FULL_MESSAGE, RETRYABLE_FAILURE } from './start-run-messages.js';
import type { StartAgentRunResult } from './start-agent-run-result.js';
import { tellUser } from './tell-user.js';

export interface StartAgentRunInput {
  teamId: string;
  /** Whose service answers: a workspace that cannot use it is told how to connect instead. */
  workspace: WorkspaceRef;
  channelId: string;
  /** The thread the run lives in: the asker's message ts for a new thread. */
  threadTs: string;
  /**
   * Where notes to the asker (refusals, failures) go when the run's thread may not exist yet: the
   * thread when it already has replies, else unset for the channel. Slack shows an ephemeral
   * message in a thread only once the thread exists, so a note in a new thread would be invisible.
   * @see https://docs.slack.dev/reference/methods/chat.postEphemeral
   */
  noteThreadTs?: string;
  /**
   * Who asked; '' when nobody did (a workflow's agent step with no person): such a run sends no
   * notes (an ephemeral message needs a user) and is listed on nobody's App Home.
   */
  userId: string;
  /** The asker's own team when another organisation's (Slack Connect): streams and notes are addressed to it. */
  askerTeamId?: string;
  /** As Slack delivered it; the app's mention and Slack markup are removed here (unless `questionIsPlain`). */
  question: string;
  /** The question is already plain text (e.g. parsed from a slash command): only trimmed. */
  questionIsPlain?: boolean;
  /** The documents the question is about; the files added in its thread are added when it starts. */
  documents?: RunDocument[];
  /** What triggered the run (Slack event id, message ts, action ts): the same id starts one run. */
  requestId: string;
  client: WebClient;
  log: Logger;
  /** The app's user id, to remove its mention from the text (Bolt's context.botUserId). */
  botUserId?: string;
  /** The question waited in its thread's queue and its turn came: never queued again. */
  fromQueue?: boolean;
}

/** A bare mention is answered with what to ask and the commands, never with silence. */
export const EMPTY_QUESTION_HINT = [
  'Ask me a research question after the mention, for example:',
  '• @Research Desk how did NVIDIA’s cash position change this year?',
  '• @Research Desk compare Moutai and Wuliangye margins',
  '• @Research Desk what moved the SPX last week?',
  'In a thread where I answered, just reply to ask a follow-up.',
  // Concrete examples, not `<query>` placeholders: Slack reads `<…>` as a link or mention.
  'Commands: `/research NVDA data center` searches reports, filings and news; `/financials AAPL` shows statements and prices; `/concepts` lists trending market concepts.',
].join('\n');

/**
 * Starts (or, for a repeated request id, finds) the run. Every outcome other than `started` and
 * `duplicate` has already been explained to the user in an ephemeral note; a `deferred` run
 * starts later by itself, or the user is told why it did not.
 */
export async function startAgentRun(deps: ListenerDeps, input: StartAgentRunInput): Promise<StartAgentRunResult> {
  const log = input.log.child({ component: 'start-agent-run', channel: input.channelId, thread_ts: input.threadTs });
  // A busy thread has the other run's reply in it, so it exists; other notes go where they show.
  const note = async (text: string, threadTs = input.noteThreadTs): Promise<boolean> => {
    if (!input.userId) {
      log.info('no asker to tell; note not sent', { note: text.slice(0, 80) });
      return false;
    }
    return tellUser(
      input.client,
      {
        channelId: input.channelId,
        userId: input.userId,
        text,
        ...(threadTs ? { threadTs } : {}),
        ...(input.askerTeamId ? { recipientTeamId: input.askerTeamId } : {}),
      },
      log,
    );
  };
  const question = input.questionIsPlain ? input.question.trim() : questionFromSlackText(input.question, input.botUserId);
  if (question === '') {
    await note(EMPTY_QUESTION_HINT);
    return { status: 'empty_question', message: EMPTY_QUESTION_HINT };
  }

  const ownRunId = runIdFor({ teamId: input.teamId, channelId: input.channelId, requestId: input.requestId });
  const handOver = () => handToRelay(deps, input, { question, ownRunId, log, note });
  try {
    const unconnected = await connectionFailureOf(deps.workspaces, input.workspace);
    if (unconnected) {
      log.info('question not started: workspace cannot use the research service', { reason: unconnected.name });
      await note(unconnected.message);
      return { status: 'not_connected', message: unconnected.message };
    }
    return await handOver();
  } catch (error) {
    const retryable = isRetryableStartFailure(error);
    log.error('could not hand the question to the relay', { error: error, retryable });
    if (retryable && !isShuttingDown(error)) return deferRunStart(deps, { runId: ownRunId, question, error, retry: handOver, note, log });
    const message = retryable ? RETRYABLE_FAILURE : FAILURE;
    await note(message);
    return { status: 'failed', retryable, message, error };
  }
}

interface HandOver {
  question: string;
  ownRunId: string;
  log: Logger;
  note: (text: string, threadTs?: string) => Promise<unknown>;
}

/** The busy check and the relay's start: what a store or service outage makes throw. */
async function handToRelay(deps: ListenerDeps, input: StartAgentRunInput, h: HandOver): Promise<StartAgentRunResult> {
  const busy = await activeRunInThread(deps, input, h.ownRunId);
  if (input.fromQueue) {
    // Its turn came, but another run got in first: it keeps its place and starts when that one ends.
    if (busy) return { status: 'busy', runId: busy, message: BUSY_MESSAGE };
  } else if (busy || (await othersWaiting(deps, input))) {
    return queueBehindRun(deps, input, h, busy);
  }
  // Two questions at the same moment in an idle thread both pass the busy check: the one that
  // claims the thread starts, the other waits behind it as if the run were already there.
  const thread = threadOf(input);
  if (!(await deps.stores.threadStarts.claim(thread, h.ownRunId))) {
    const holder = (await deps.stores.threadStarts.holder(thread)) ?? undefined;
    if (input.fromQueue) return { status: 'busy', runId: holder ?? '', message: BUSY_MESSAGE };
    return queueBehindRun(deps, input, h, holder);
  }
  let result: Awaited<ReturnType<typeof deps.relay.startRun>>;
  try {
    // Read at the start, not when queued: a file added while the question waited is passed too.
    const documents = await documentsForRun(deps, thread, input.documents, input.askerTeamId !== undefined);
    result = await deps.relay.startRun({
      teamId: input.teamId,
      channelId: input.channelId,
      threadTs: input.threadTs,
      askerUserId: input.userId,
      ...(input.askerTeamId ? { askerTeamId: input.askerTeamId } : {}),
      question: h.question,
      requestId: input.requestId,
      ...(documents.length > 0 ? { documents } : {}),
    });
  } finally {
    // The run's record (starting, then running) keeps the thread busy from here on.
    await deps.stores.threadStarts
      .release(thread, h.ownRunId)
      .catch((error: unknown) => h.log.warn('could not release a thread start claim', { error }));
  }
  if (!result.started) {
    h.log.info('request already handed to a run', { runId: result.runId, reason: result.reason });
    return { status: 'duplicate', runId: result.runId, reason: result.reason ?? 'already_running' };
  }
  h.log.info('agent run started', { runId: result.runId });
  // A run nobody asked (a workflow's, with no person) belongs on no one's App Home.
  if (input.userId) void rememberRun(deps, input, result.runId, h.question, h.log);
  return { status: 'started', runId: result.runId };
}

function threadOf(input: StartAgentRunInput): ThreadRef {
  return { teamId: input.teamId, channelId: input.channelId, threadTs: input.threadTs };
}

/** Questions asked earlier in the thread still wait their turn: a new one goes behind them. */
async function othersWaiting(deps: ListenerDeps, input: StartAgentRunInput): Promise<boolean> {
  const waiting = await deps.stores.questionQueue.list(threadOf(input));
  return waiting.some((q) => q.requestId !== input.requestId);
}

/**
 * One run at a time per thread (it is one service conversation): the question waits in the
 * thread's queue, in the store, and the asker is told. Whoever sees the run end starts it.
 */
async function queueBehindRun(
  deps: ListenerDeps,
  input: StartAgentRunInput,
  h: HandOver,
  busy: string | undefined,
): Promise<StartAgentRunResult> {
  const thread = threadOf(input);
  const queued = await deps.stores.questionQueue.enqueue({
    ...thread,
    requestId: input.requestId,
    userId: input.userId,
    ...(input.askerTeamId ? { askerTeamId: input.askerTeamId } : {}),
    question: h.question,
    ...(input.documents && input.documents.length > 0 ? { documents: input.documents } : {}),
  });
  if (!queued.accepted) {
    h.log.info('the thread’s question queue is full; question refused', { activeRunId: busy });
    await h.note(QUEUE_FULL_MESSAGE, input.threadTs);
    return { status: 'queue_full', message: QUEUE_FULL_MESSAGE };
  }
  const message = queuedQuestionMessage(queued.position);
  h.log.info('question queued behind the thread’s run', { activeRunId: busy, position: queued.position, duplicate: queued.duplicate });
  if (!queued.duplicate) deps.onQuestionQueued?.();
  // A repeat of a request already waiting was told the first time.
  if (!queued.duplicate) await h.note(message, input.threadTs);
  // The run may have ended between the check and the queueing, its end finding the queue empty.
  deps.startQueuedQuestions(thread);
  return { status: 'queued', position: queued.position, message };
}

/** A run other than this request's own that is still starting or running in the same thread. */
async function activeRunInThread(deps: ListenerDeps, input: StartAgentRunInput, ownRunId: string): Promise<string | undefined> {
  const active = await deps.stores.runs.listActive();
  return active.find(
    (r) => r.runId !== ownRunId && r.teamId === input.teamId && r.channelId === input.channelId && r.threadTs === input.threadTs,
  )?.runId;
}

/** App Home lists the user's recent runs; its status is refreshed when this process sees the run end. */
async function rememberRun(deps: ListenerDeps, input: StartAgentRunInput, runId: string, question: string, log: Logger): Promise<void> {
  const entry = { runId, channelId: input.channelId, threadTs: input.threadTs, question, startedAtMs: deps.clock() };
  try {
    await deps.stores.recentRuns.record(input.teamId, input.userId, { ...entry, status: 'starting' });
    const outcome = await deps.relay.waitForRun(runId);
    if (outcome?.ended) await deps.stores.recentRuns.record(input.teamId, input.userId, { ...entry, status: outcome.status });
  } catch (error) {
    log.warn('could not record the run for App Home', { runId, error: error });
  }
}
