/**
 * Keeps *Ask the research agent* executions moving in this process: each run that ends here
 * (relay.onRunEnded — runs this process started or resumed after a restart) completes the
 * executions waiting for it, and a sweep, at start and then every `sweepMs`, completes those whose
 * run ended while no process was up, or in a process that died before completing them.
 */
import type { RelayRuntime } from '../../../agent/runtime/relay-runtime.js';
import type { Timers } from '../../../agent/runtime/timers.js';
import type { Logger } from '../../../observability/logger.js';
import type { FeatureHooks } from '../../kit/feature-hooks.js';
import type { ListenerDeps } from '../../kit/listener-deps.js';
import { completeAgentExecution } from './complete-agent-execution.js';

export interface AgentExecutionFollower {
  stop(): void;
}

export function followAgentExecutions(
  deps: ListenerDeps,
  hooks: Pick<FeatureHooks, 'workflowAgent'>,
  options: { relay: Pick<RelayRuntime, 'onRunEnded'>; timers: Timers; sweepMs: number; logger: Logger },
): AgentExecutionFollower {
  const log = options.logger.child({ component: 'workflow-agent-executions' });
  let stopped = false;
  const completeWaitingFor = async (runId?: string): Promise<number> => {
    const waiting = (await deps.stores.workflowExecutions.list()).filter((e) => runId === undefined || e.runId === runId);
    let completed = 0;
    for (const execution of waiting) {
      if (stopped) break;
      try {
        if ((await completeAgentExecution(deps, hooks, execution, log)) === 'completed') completed += 1;
      } catch (error) {
        log.error('could not complete a workflow step for its agent run', { function_execution_id: execution.executionId, error });
      }
    }
    return completed;
  };
  options.relay.onRunEnded((run) => {
    if (stopped) return;
    completeWaitingFor(run.runId).catch((error: unknown) =>
      log.error('completing workflow steps of an ended run failed', { runId: run.runId, error }),
    );
  });
  const sweep = () =>
    completeWaitingFor().then(
      (completed) => (completed > 0 ? log.info('workflow steps completed by the sweep', { completed }) : undefined),
      (error: unknown) => log.error('the sweep of waiting workflow steps failed', { error }),
    );
  void sweep();
  const timer = options.timers.every(options.sweepMs, () => void sweep(), { background: true });
  return {
    stop() {
      stopped = true;
      timer.cancel();
    },
  };
}
