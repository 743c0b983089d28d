/**
 * Workflow Builder executions waiting for agent runs: recorded once (a redelivered event starts
 * nothing twice), listed for the sweep, completed by exactly one caller; the execution's token
 * kept only sealed, and not at all without a sealer.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox } from '../../src/secrets/secret-box.js';
import { keys } from '../../src/store/keys.js';
import { createMemoryStateStore } from '../../src/store/memory-state-store.js';
import { type WorkflowExecution, WorkflowExecutions } from '../../src/store/workflow-executions.js';

const TOKEN = 'xwfp-T1-Fx1-very-secret-token';

function buildExecution(overrides: Partial<WorkflowExecution> = {}): WorkflowExecution {
  return { teamId: 'T1', executionId: 'Fx1', callbackId: 'ask_research_agent', channelId: 'C1', createdAtMs: 1_000, ...overrides };
}

describe('WorkflowExecutions', () => {
  it('records an execution once, then what run it waits for, keeping the sealed token', async () => {
    const store = createMemoryStateStore();
    const executions = new WorkflowExecutions(store, createSecretBox([randomBytes(32)]));
    expect(await executions.begin(buildExecution(), TOKEN)).toBe(true);
    expect(await executions.begin(buildExecution(), TOKEN)).toBe(false);
    await executions.waitFor({ ...buildExecution(), runId: 'T1-r-1', threadTs: '1.0' });
    expect(await executions.get('T1', 'Fx1')).toEqual({ ...buildExecution(), runId: 'T1-r-1', threadTs: '1.0' });
    expect(await executions.list()).toEqual([{ ...buildExecution(), runId: 'T1-r-1', threadTs: '1.0' }]);
    expect(await executions.functionToken('T1', 'Fx1')).toBe(TOKEN);
    const raw = (await store.get(keys.workflowExecution('T1', 'Fx1'))) ?? '';
    expect(raw).not.toContain('secret');
    expect(raw).toContain('sealedToken');
  });

  it('keeps no token at all without a sealer', async () => {
    const store = createMemoryStateStore();
    const executions = new WorkflowExecutions(store);
    await executions.begin(buildExecution(), TOKEN);
    expect(await executions.functionToken('T1', 'Fx1')).toBeUndefined();
    expect(await store.get(keys.workflowExecution('T1', 'Fx1'))).not.toContain('xwfp');
  });

  it('cannot open a token sealed with a key no longer configured: the caller falls back on the bot token', async () => {
    const store = createMemoryStateStore();
    await new WorkflowExecutions(store, createSecretBox([randomBytes(32)])).begin(buildExecution(), TOKEN);
    await expect(new WorkflowExecutions(store, createSecretBox([randomBytes(32)])).functionToken('T1', 'Fx1')).rejects.toThrow(
      /no longer configured/,
    );
  });

  it('lets one caller complete an execution; a released claim (Slack unreachable) lets the next one', async () => {
    const executions = new WorkflowExecutions(createMemoryStateStore());
    await executions.begin(buildExecution());
    expect(await executions.claimCompletion('T1', 'Fx1')).toBe(true);
    expect(await executions.claimCompletion('T1', 'Fx1')).toBe(false);
    await executions.releaseCompletion('T1', 'Fx1');
    expect(await executions.claimCompletion('T1', 'Fx1')).toBe(true);
    await executions.finish('T1', 'Fx1');
    expect(await executions.list()).toEqual([]);
    // The claim outlives the record: a late caller still finds it taken.
    expect(await executions.claimCompletion('T1', 'Fx1')).toBe(false);
  });
});
