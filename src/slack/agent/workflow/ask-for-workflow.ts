/**
 * *Ask the research agent*, a Workflow Builder step (src/slack/workflows/): the question is posted
 * in the step's channel ("A workflow asked: …", or the person it names) and the run lives in its
 * thread, started through the one path every trigger takes (startAgentRun), so it is leased,
 * resumed after a restart and answered like any other run. The step's execution id is the
 * request id: the same execution starts one run.
 */
import type { WebClient } from '@slack/web-api';
import { toSlackCallError } from '../../../slack-api/slack-call-error.js';
import { connectionFailureOf } from '../../../workspaces/connection-failure.js';
import { NOT_A_MEMBER } from '../../kit/deliver-card.js';
import type { ListenerDeps } from '../../kit/listener-deps.js';
import { channelPostPacer } from '../../kit/pacing/channel-post-pacer.js';
import { postPacedMessage } from '../../kit/pacing/post-paced-messages.js';
import type { WorkflowQuestion, WorkflowQuestionResult } from '../../kit/workflow-agent-hooks.js';
import { startAgentRun } from '../runs/start-agent-run.js';
import { renderWorkflowQuestion } from './render-workflow-question.js';

export const NOT_IN_CHANNEL =
  'The app is not a member of the step’s channel, so the answer would have nowhere to go: invite it with /invite @Research Desk, or pick another channel.';
const CANNOT_POST = 'The question could not be posted in the step’s channel. Run the workflow again in a minute.';
const QUEUED = 'The question could not start in its own thread. Run the workflow again.';

export async function askForWorkflow(deps: ListenerDeps, q: WorkflowQuestion): Promise<WorkflowQuestionResult> {
  const log = q.log.child({ component: 'ask-for-workflow', channel: q.channelId });
  const unconnected = await connectionFailureOf(deps.workspaces, q.workspace);
  if (unconnected) return { status: 'refused', message: unconnected.message };
  const client = await deps.workspaces.slackClient(q.workspace);
  const threadTs = await postQuestion(deps, client, q, log);
  if (typeof threadTs !== 'string') return threadTs;
  const result = await startAgentRun(deps, {
    teamId: q.workspace.teamId,
    workspace: q.workspace,
    channelId: q.channelId,
    threadTs,
    userId: q.userId ?? '',
    question: q.question,
    questionIsPlain: true,
    requestId: q.requestId,
    client,
    log,
  });
  switch (result.status) {
    case 'started':
    case 'duplicate':
    case 'deferred':
      return { status: 'started', runId: result.runId, channelId: q.channelId, threadTs };
    case 'queued':
    case 'busy':
      return { status: 'refused', message: QUEUED };
    default:
      return { status: 'refused', message: result.message };
  }
}

async function postQuestion(
  deps: ListenerDeps,
  client: WebClient,
  q: WorkflowQuestion,
  log: WorkflowQuestion['log'],
): Promise<string | WorkflowQuestionResult> {
  try {
    const pacer = channelPostPacer(deps, { teamId: q.workspace.teamId, channelId: q.channelId }, log);
    return await postPacedMessage(client, { channel: q.channelId }, renderWorkflowQuestion(q.userId, q.question), { pacer });
  } catch (error) {
    const failure = toSlackCallError('chat.postMessage', error);
    log.warn('could not post a workflow’s question', { slack_error: failure.code });
    return { status: 'refused', message: NOT_A_MEMBER.has(failure.code) ? NOT_IN_CHANNEL : CANNOT_POST };
  }
}
