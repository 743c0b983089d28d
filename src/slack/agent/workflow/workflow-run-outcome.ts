/**
 * How an agent run a workflow step waits for ended, in the step's terms: the answer (the report
 * the thread shows, as text) and the thread's permalink, or why there is none. The answer is read
 * again from the service's event log through the relay's own reducer, so a run that ended in
 * another process, or while none was up, reads the same as one that ended here.
 * @see https://docs.slack.dev/reference/methods/chat.getPermalink
 */
import type { RunRecord } from '../../../store/records.js';
import { isActiveRunStatus } from '../../../store/run-store.js';
import { plainText } from '../../blocks/escape.js';
import type { ListenerDeps } from '../../kit/listener-deps.js';
import type { WorkflowRunOutcome, WorkflowRunRef } from '../../kit/workflow-agent-hooks.js';
import { finalAnswerMarkdown } from '../cards/run-answer-text.js';
import { reduceRecordedRun } from '../replay/render-replayed-run.js';

const AGAIN = 'Run the workflow again to ask again.';

export async function workflowRunOutcome(deps: ListenerDeps, ref: WorkflowRunRef): Promise<WorkflowRunOutcome> {
  const run = await deps.stores.runs.get(ref.runId);
  if (!run)
    return { status: 'missing', message: `The agent’s run for this question is gone (it never started, or its record expired). ${AGAIN}` };
  if (isActiveRunStatus(run.status)) return { status: 'running' };
  const [link, view] = await Promise.all([threadLink(deps, ref, run), recordedView(deps, ref, run)]);
  const withLink = link ? { link } : {};
  switch (run.status) {
    case 'completed': {
      const answer = view ? finalAnswerMarkdown(view).trim() : '';
      return { status: 'completed', answer: answer || `The answer is in the thread${link ? `: ${link}` : ''}.`, ...withLink };
    }
    case 'cancelled':
      return { status: 'cancelled', message: `The question was cancelled before the agent answered. ${AGAIN}`, ...withLink };
    case 'timed_out':
      return {
        status: 'timed_out',
        message: `The agent stopped sending anything and the run timed out before it answered. ${AGAIN}, or ask a narrower question.`,
        ...withLink,
      };
    default: {
      const why = view?.error?.message ? ` (${plainText(view.error.message)})` : '';
      return { status: 'failed', message: `The agent could not answer${why}. ${AGAIN}`, ...withLink };
    }
  }
}

async function threadLink(deps: ListenerDeps, ref: WorkflowRunRef, run: RunRecord): Promise<string | undefined> {
  try {
    const client = await deps.workspaces.slackClient(ref.workspace);
    const res = await client.chat.getPermalink({ channel: run.channelId, message_ts: run.threadTs });
    return typeof res.permalink === 'string' ? res.permalink : undefined;
  } catch (error) {
    ref.log.warn('could not get the permalink of a workflow question’s thread', { runId: run.runId, error });
    return run.conversationUrl;
  }
}

async function recordedView(deps: ListenerDeps, ref: WorkflowRunRef, run: RunRecord) {
  if (!run.conversationId || !run.assistantMessageId) return undefined;
  try {
    const service = await deps.workspaces.service(ref.workspace);
    const events = await service.listEvents(run.conversationId, run.assistantMessageId, { fromOffset: 0 });
    return reduceRecordedRun(events);
  } catch (error) {
    ref.log.warn('could not read a finished run’s answer for its workflow step', { runId: run.runId, error });
    return undefined;
  }
}
