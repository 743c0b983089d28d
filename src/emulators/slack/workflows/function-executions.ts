/**
 * Every execution of an app's function as a workflow step, and its workflow token.
 *
 * Slack: "Workflow tokens expire, but cannot be refreshed. These tokens expire either 15 minutes
 * after being issued, or when a function step is completed successfully or returns an error —
 * whichever occurs first. The token is then revoked immediately. Workflow token strings begin
 * with `xwfp-`." They are "a subset of bot tokens": the installation's bot, for this execution.
 * Tokens are kept by their SHA-256 only, like the installations' tokens.
 * @see https://docs.slack.dev/authentication/tokens
 */
import { randomBytes } from 'node:crypto';
import { tokenHash } from '../installations.js';

/** Slack: a workflow token lives at most 15 minutes. */
export const WORKFLOW_TOKEN_LIFETIME_MS = 15 * 60_000;

export type ExecutionStatus = 'running' | 'completed' | 'failed';

export interface FunctionExecution {
  /** `function_execution_id` (Fx…). */
  id: string;
  workflowExecutionId: string;
  callbackId: string;
  functionId: string;
  /** The installation serving the workspace the workflow runs in (its team or enterprise id). */
  installKey: string;
  teamId: string;
  inputs: Record<string, unknown>;
  status: ExecutionStatus;
  outputs?: Record<string, unknown>;
  error?: string;
  startedAt: number;
  finishedAt?: number;
  /** Which token completed it: the execution's own workflow token or the installation's bot token. */
  completedWith?: 'workflow_token' | 'bot_token';
  /** When its workflow token stops working (clock ms), unless the execution ends first. */
  tokenExpiresAt: number;
}

export type WorkflowTokenCheck =
  | { ok: true; execution: FunctionExecution }
  | { ok: false; error: 'token_revoked' | 'token_expired'; execution: FunctionExecution };

export interface ExecutionsSnapshot {
  executions: FunctionExecution[];
  /** [SHA-256 of a workflow token, its execution id]. */
  tokenHashes: Array<[string, string]>;
}

export type ExecutionResult = { outputs: Record<string, unknown> } | { error: string };

function digits(n: number): string {
  let out = '';
  for (const b of randomBytes(n)) out += String(b % 10);
  return out.replace(/^0/, '1');
}

export class FunctionExecutions {
  readonly executions = new Map<string, FunctionExecution>();
  private readonly byTokenHash = new Map<string, string>();
  private readonly waiting = new Map<string, Array<(e: FunctionExecution) => void>>();

  constructor(
    private readonly clock: () => number,
    private readonly newId: (prefix: string) => string,
    private readonly onChange: () => void,
    private readonly tokenLifetimeMs: number = WORKFLOW_TOKEN_LIFETIME_MS,
  ) {}

  /** A new running execution and its workflow token (returned once, kept only as a hash). */
  start(p: Omit<FunctionExecution, 'id' | 'status' | 'startedAt' | 'tokenExpiresAt'>): { execution: FunctionExecution; token: string } {
    const now = this.clock();
    const execution: FunctionExecution = {
      ...p,
      id: this.newId('Fx'),
      status: 'running',
      startedAt: now,
      tokenExpiresAt: now + this.tokenLifetimeMs,
    };
    const token = `xwfp-${digits(13)}-${digits(13)}-${randomBytes(16).toString('hex')}`;
    this.executions.set(execution.id, execution);
    this.byTokenHash.set(tokenHash(token), execution.id);
    this.onChange();
    return { execution, token };
  }

  /** Whether `token` is a workflow token this emulator issued; undefined when it is none of its. */
  identify(token: string): WorkflowTokenCheck | undefined {
    const id = this.byTokenHash.get(tokenHash(token));
    const execution = id === undefined ? undefined : this.executions.get(id);
    if (execution === undefined) return undefined;
    if (execution.status !== 'running') return { ok: false, error: 'token_revoked', execution };
    if (this.clock() >= execution.tokenExpiresAt) return { ok: false, error: 'token_expired', execution };
    return { ok: true, execution };
  }

  /** Ends a running execution (its workflow token is revoked with it) and wakes whoever waits on it. */
  finish(id: string, result: ExecutionResult, via: 'workflow_token' | 'bot_token' | undefined): FunctionExecution {
    const execution = this.executions.get(id);
    if (execution === undefined || execution.status !== 'running') throw new Error(`execution ${id} is not running`);
    execution.finishedAt = this.clock();
    if ('outputs' in result) {
      execution.status = 'completed';
      execution.outputs = result.outputs;
    } else {
      execution.status = 'failed';
      execution.error = result.error;
    }
    if (via !== undefined) execution.completedWith = via;
    this.onChange();
    const waiters = this.waiting.get(id) ?? [];
    this.waiting.delete(id);
    for (const wake of waiters) wake(execution);
    return execution;
  }

  /** Resolves once the execution has ended (at once when it already has). */
  whenFinished(id: string): Promise<FunctionExecution> {
    const execution = this.executions.get(id);
    if (execution === undefined) return Promise.reject(new Error(`no execution ${id}`));
    if (execution.status !== 'running') return Promise.resolve(execution);
    return new Promise((resolve) => {
      const list = this.waiting.get(id) ?? [];
      list.push(resolve);
      this.waiting.set(id, list);
    });
  }

  /** What a restart keeps: every execution, and its workflow token's hash (never the token). */
  snapshot(): ExecutionsSnapshot {
    return structuredClone({ executions: [...this.executions.values()], tokenHashes: [...this.byTokenHash.entries()] });
  }

  /** Puts a snapshot back: running executions go on, and their unexpired workflow tokens work again. */
  restore(snapshot: ExecutionsSnapshot): void {
    this.executions.clear();
    this.byTokenHash.clear();
    for (const e of snapshot.executions) this.executions.set(e.id, e);
    for (const [hash, id] of snapshot.tokenHashes) this.byTokenHash.set(hash, id);
  }

  /** Forgets every execution (workspace reset); whoever waits is told they failed. */
  clear(): void {
    for (const id of [...this.waiting.keys()]) {
      if (this.executions.get(id)?.status === 'running') this.finish(id, { error: 'The workspace was reset.' }, undefined);
    }
    this.executions.clear();
    this.byTokenHash.clear();
  }
}
