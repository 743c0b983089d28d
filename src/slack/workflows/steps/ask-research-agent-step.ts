/**
 * *Ask the research agent*: the question is posted in the step's channel and answered in its
 * thread by an agent run like any other; the step completes when the run ends, minutes later, in
 * whichever process then relays it (agent/). The execution is recorded before the run starts, so
 * a redelivered event starts nothing twice and a restart loses nothing.
 */
import { completeAgentExecution } from '../agent/complete-agent-execution.js';
import { CHANNEL_ID, optionalSlackId, slackId, text, USER_ID } from '../step-inputs.js';
import type { WorkflowStep } from '../workflow-step.js';
import { WORKFLOW_STEP_IDS } from '../workflow-step-ids.js';

const inputs = {
  question: text('Question', 'e.g. How did NVIDIA’s cash position change this year?'),
  channel: slackId('Channel', 'pick a channel the app is a member of', CHANNEL_ID),
  asked_by: optionalSlackId('Asked by', 'pick a person, or leave it empty', USER_ID),
};

export const askResearchAgentStep: WorkflowStep<typeof inputs> = {
  callbackId: WORKFLOW_STEP_IDS.askResearchAgent,
  inputs,
  action: 'your question',
  outputs: ['answer', 'conversation_link'],
  async run(deps, hooks, call, input) {
    const executions = deps.stores.workflowExecutions;
    const execution = {
      teamId: call.workspace.teamId,
      ...(call.workspace.enterpriseId ? { enterpriseId: call.workspace.enterpriseId } : {}),
      executionId: call.executionId,
      callbackId: WORKFLOW_STEP_IDS.askResearchAgent,
      channelId: input.channel,
      createdAtMs: deps.clock(),
    };
    if (!(await executions.begin(execution, call.functionToken))) {
      call.log.info('workflow step already started; this delivery is ignored');
      return { waiting: true };
    }
    // "Asked by" left empty: the person who ran the workflow when Slack names one, else nobody
    // (the run then has no asker to note or to list on App Home).
    const askedBy = input.asked_by ?? call.userId;
    let started: Awaited<ReturnType<typeof hooks.workflowAgent.askForWorkflow>>;
    try {
      started = await hooks.workflowAgent.askForWorkflow(deps, {
        workspace: call.workspace,
        channelId: input.channel,
        question: input.question,
        ...(askedBy ? { userId: askedBy } : {}),
        requestId: `workflow:${call.executionId}`,
        log: call.log,
      });
    } catch (error) {
      // The step is ended here (with the failure's words): nothing is left for a sweep to complete.
      await executions.finish(execution.teamId, execution.executionId);
      throw error;
    }
    if (started.status === 'refused') {
      await executions.finish(execution.teamId, execution.executionId);
      return { error: started.message };
    }
    const waiting = { ...execution, runId: started.runId, threadTs: started.threadTs };
    await executions.waitFor(waiting);
    call.log.info('workflow step waits for its agent run', { runId: started.runId });
    // The run may have ended before the record named it (onRunEnded found nothing to complete).
    // A failure here leaves the step to the run's end and the sweep (follow-agent-executions.ts).
    await completeAgentExecution(deps, hooks, waiting, call.log).catch((error: unknown) =>
      call.log.warn('could not check the run of a workflow step that just started', { runId: started.runId, error }),
    );
    return { waiting: true };
  },
};
