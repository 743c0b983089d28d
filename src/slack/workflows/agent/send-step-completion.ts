/**
 * Ends a step that completed later (the agent step), from whichever process sees its run end.
 * The execution's own token goes first; Slack lets it expire 15 minutes after the event (or when
 * the step ends), and an agent run may take longer, or the process may have restarted without it:
 * then the workspace's bot token, which may end the app's own executions too. A completion Slack
 * refuses for good (an execution already ended or gone) is logged, never thrown.
 * @see https://docs.slack.dev/reference/methods/functions.completeSuccess
 * @see https://docs.slack.dev/reference/methods/functions.completeError
 * @see https://github.com/slackapi/bolt-python/issues/1075 (the token's 15 minutes, from Slack's maintainers)
 */
import type { Logger } from '../../../observability/logger.js';
import { toSlackCallError } from '../../../slack-api/slack-call-error.js';
import type { WorkflowExecution } from '../../../store/workflow-executions.js';
import type { ListenerDeps } from '../../kit/listener-deps.js';

/** The execution's token no longer works: try the bot token. */
const TOKEN_GONE = new Set(['invalid_auth', 'token_expired', 'token_revoked', 'not_authed', 'account_inactive']);
/** The execution ended already (completed, timed out at Slack, or its workflow was stopped). */
const ALREADY_ENDED = new Set(['function_execution_not_found', 'execution_not_in_running_state']);

export type StepCompletion = { outputs: Record<string, unknown> } | { error: string };

/**
 * `sent`: Slack took it. `ended`: Slack refuses it for good (the execution ended, or a refusal no
 * retry changes). `retry`: a passing failure (Slack unreachable, rate limited): worth trying again.
 */
export type CompletionSent = 'sent' | 'ended' | 'retry';

export async function sendStepCompletion(
  deps: ListenerDeps,
  execution: WorkflowExecution,
  completion: StepCompletion,
  log: Logger,
): Promise<CompletionSent> {
  const workspace = { teamId: execution.teamId, ...(execution.enterpriseId ? { enterpriseId: execution.enterpriseId } : {}) };
  const client = await deps.workspaces.slackClient(workspace);
  const functionToken = await deps.stores.workflowExecutions
    .functionToken(execution.teamId, execution.executionId)
    .catch((error: unknown) => {
      log.warn('the workflow step’s sealed token cannot be opened; completing with the bot token', { error });
      return undefined;
    });
  const method = 'outputs' in completion ? 'functions.completeSuccess' : 'functions.completeError';
  for (const token of functionToken ? [functionToken, undefined] : [undefined]) {
    try {
      const base = { function_execution_id: execution.executionId, ...(token ? { token } : {}) };
      if ('outputs' in completion) await client.functions.completeSuccess({ ...base, outputs: completion.outputs });
      else await client.functions.completeError({ ...base, error: completion.error });
      return 'sent';
    } catch (error) {
      const failure = toSlackCallError(method, error);
      if (token && TOKEN_GONE.has(failure.code)) {
        log.info('the workflow step’s own token no longer works; completing with the bot token', { slack_error: failure.code });
        continue;
      }
      if (ALREADY_ENDED.has(failure.code)) {
        log.info('the workflow step had already ended at Slack', { slack_error: failure.code });
        return 'ended';
      }
      log.error('Slack refused to end the workflow step', { slack_error: failure.code, retryable: failure.retryable });
      return failure.retryable ? 'retry' : 'ended';
    }
  }
  return 'ended';
}
