/**
 * Workflow Builder step executions that wait for an agent run ("execution X waits for run R"):
 * written before the run starts, so a process that stops mid-run leaves the record and whichever
 * process sees the run end — the one that resumes it, or a sweep after it ended while none was
 * up — completes the step (src/slack/workflows/agent/). Completion is claimed once across
 * restarts and replicas. The execution's own bot token is kept only sealed (a SecretSealer), and
 * only when the deployment has one; without it the workspace's bot token completes the step.
 * @see https://docs.slack.dev/workflows/workflow-steps
 */
import { keys, TTL } from './keys.js';
import { readJsonRecord } from './json-record.js';
import type { SecretSealer } from './secret-sealer.js';
import type { StateStore } from './state-store.js';

export interface WorkflowExecution {
  teamId: string;
  enterpriseId?: string;
  /** Slack's function_execution_id. */
  executionId: string;
  /** The step's callback id (manifest `functions`). */
  callbackId: string;
  /** Where the answer goes. */
  channelId: string;
  /** Set once the question is posted and the run handed over; absent while it starts. */
  runId?: string;
  threadTs?: string;
  createdAtMs: number;
}

interface StoredExecution extends WorkflowExecution {
  /** The execution's bot_access_token, sealed; never in plain text. */
  sealedToken?: string;
}

export class WorkflowExecutions {
  constructor(
    private readonly store: StateStore,
    private readonly sealer?: SecretSealer,
  ) {}

  /** Records a new execution; false when it is already recorded (Slack delivered it twice). */
  async begin(execution: WorkflowExecution, functionToken?: string): Promise<boolean> {
    return this.store.setIfAbsent(this.key(execution), this.serialise(execution, functionToken), TTL.workflowExecutionMs);
  }

  /** The run the execution now waits for (the token, when kept, stays as it was sealed). */
  async waitFor(execution: WorkflowExecution & Required<Pick<WorkflowExecution, 'runId' | 'threadTs'>>): Promise<void> {
    const current = await readJsonRecord<StoredExecution>(this.store, this.key(execution));
    const stored: StoredExecution = { ...execution, ...(current?.sealedToken ? { sealedToken: current.sealedToken } : {}) };
    await this.store.set(this.key(execution), JSON.stringify(stored), TTL.workflowExecutionMs);
  }

  async get(teamId: string, executionId: string): Promise<WorkflowExecution | null> {
    const stored = await readJsonRecord<StoredExecution>(this.store, keys.workflowExecution(teamId, executionId));
    return stored && withoutToken(stored);
  }

  /** Every execution still waiting, in any workspace (a sweep after a restart). */
  async list(): Promise<WorkflowExecution[]> {
    const found = await Promise.all(
      (await this.store.keys(keys.workflowExecutionPrefix)).map((key) => readJsonRecord<StoredExecution>(this.store, key)),
    );
    return found.filter((r): r is StoredExecution => r !== null).map(withoutToken);
  }

  /**
   * The execution's own token, opened; undefined when none was kept. Throws when the sealed value
   * cannot be opened (a key no longer configured): the caller completes with the bot token.
   */
  async functionToken(teamId: string, executionId: string): Promise<string | undefined> {
    const stored = await readJsonRecord<StoredExecution>(this.store, keys.workflowExecution(teamId, executionId));
    if (!stored?.sealedToken || !this.sealer) return undefined;
    return this.sealer.open(stored.sealedToken);
  }

  /** True for the one caller that completes the execution; everyone else leaves it. */
  async claimCompletion(teamId: string, executionId: string): Promise<boolean> {
    return this.store.setIfAbsent(keys.workflowExecutionDone(teamId, executionId), '1', TTL.workflowExecutionMs);
  }

  /** Slack could not be told (a passing failure): whoever comes next may complete it. */
  async releaseCompletion(teamId: string, executionId: string): Promise<void> {
    await this.store.delete(keys.workflowExecutionDone(teamId, executionId));
  }

  /** The execution is completed (or cannot be): its record goes, the claim stays until its TTL. */
  async finish(teamId: string, executionId: string): Promise<void> {
    await this.store.delete(keys.workflowExecution(teamId, executionId));
  }

  private key(execution: Pick<WorkflowExecution, 'teamId' | 'executionId'>): string {
    return keys.workflowExecution(execution.teamId, execution.executionId);
  }

  private serialise(execution: WorkflowExecution, functionToken: string | undefined): string {
    const sealedToken = functionToken && this.sealer ? this.sealer.seal(functionToken) : undefined;
    return JSON.stringify({ ...execution, ...(sealedToken ? { sealedToken } : {}) } satisfies StoredExecution);
  }
}

function withoutToken(stored: StoredExecution): WorkflowExecution {
  const { sealedToken: _sealed, ...execution } = stored;
  return execution;
}
