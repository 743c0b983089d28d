/**
 * What the asker is told about a run that could not start during an outage: that it waits, and,
 * when it never starts (its wait ran out, too many were waiting, the app stopped), why — once
 * each, with the question quoted so it cannot mention anyone.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../../../../src/observability/logger.js';
import { createRedactor } from '../../../../src/observability/redactor.js';
import { deferRunStart } from '../../../../src/slack/agent/runs/defer-run-start.js';
import type { StartAgentRunResult } from '../../../../src/slack/agent/runs/start-agent-run-result.js';
import { describeWait, FAILURE } from '../../../../src/slack/agent/runs/start-run-messages.js';
import { createDeferredWorkQueue } from '../../../../src/slack/kit/deferred-work-queue.js';
import type { ListenerDeps } from '../../../../src/slack/kit/listener-deps.js';
import { ServiceError } from '../../../../src/service/errors/service-error.js';
import { StateStoreError } from '../../../../src/store/state-store-error.js';
import { createManualTimers } from '../../../agent/support/manual-timers.js';

const storeDown = () => new StateStoreError('unavailable', 'redis GET failed', { retryable: true });

function buildDeferral(capacity = 5) {
  const timers = createManualTimers();
  const log = createMemoryLogger(createRedactor([]), 'error');
  const queue = createDeferredWorkQueue({
    capacity,
    maxWaitMs: 10 * 60_000,
    initialBackoffMs: 1_000,
    maxBackoffMs: 10_000,
    logger: log,
    clock: timers.now,
    timers,
  });
  // deferRunStart uses only the queue of the listener deps.
  const deps = { deferredStarts: queue } as Pick<ListenerDeps, 'deferredStarts'> as ListenerDeps;
  const notes: string[] = [];
  const state = { failWith: storeDown() as unknown, retries: 0 };
  const defer = (runId: string, question = 'How strong is NVIDIA’s balance sheet?') =>
    deferRunStart(deps, {
      runId,
      question,
      error: storeDown(),
      log,
      note: async (text) => notes.push(text),
      retry: async (): Promise<StartAgentRunResult> => {
        state.retries += 1;
        if (state.failWith) throw state.failWith;
        return { status: 'started', runId };
      },
    });
  return { queue, timers, notes, state, defer };
}

describe('deferRunStart', () => {
  it('tells the asker the question waits, once, and starts it when the store is back', async () => {
    const { queue, timers, notes, state, defer } = buildDeferral();
    expect(await defer('r-1')).toMatchObject({ status: 'deferred', runId: 'r-1' });
    expect(await defer('r-1')).toMatchObject({ status: 'deferred' }); // a redelivery of the same event
    expect(notes).toEqual([
      'I can’t start on your question yet: my storage is unreachable. I’ve kept your question and will start on it here by myself as soon as I can (within 10 minutes); no need to ask again.',
    ]);
    await timers.advance(1_000);
    state.failWith = undefined;
    await timers.advance(2_000);
    expect(state.retries).toBe(2);
    expect(queue.metrics()).toMatchObject({ depth: 0, started: 1 });
    expect(notes).toHaveLength(1);
  });

  it('tells the asker, quoting the question escaped, when the wait runs out', async () => {
    const { timers, notes, defer } = buildDeferral();
    await defer('r-1', '<!channel> what about <@U123>?');
    await timers.advance(10 * 60_000);
    expect(notes.at(-1)).toBe(
      'I couldn’t start on your question “&lt;!channel&gt; what about &lt;@U123&gt;?”: I waited 10 minutes, but my storage is unreachable. Please ask it again.',
    );
  });

  it('names the research service when it is what stays down', async () => {
    const { timers, notes, state, defer } = buildDeferral();
    await defer('r-1');
    state.failWith = new ServiceError('upstream', 'service unavailable', { method: 'POST', path: '/v1/agent/conversations', status: 503 });
    await timers.advance(10 * 60_000);
    expect(notes.at(-1)).toContain('but the research service is unavailable');
  });

  it('says so when too many questions wait already, and when the app stops first', async () => {
    const { queue, notes, defer } = buildDeferral(1);
    await defer('r-1', 'first');
    expect(await defer('r-2')).toMatchObject({ status: 'failed', retryable: true });
    expect(notes.at(-1)).toBe(
      'I couldn’t start on your question: my storage is unreachable, and too many questions are already waiting. Please ask again in a few minutes.',
    );
    await queue.close();
    expect(notes.at(-1)).toBe('I couldn’t start on your question “first” before I restarted. Please ask it again.');
  });

  it('tells the asker when a retry fails for a reason waiting cannot fix', async () => {
    const { timers, notes, state, defer, queue } = buildDeferral();
    await defer('r-1');
    state.failWith = new Error('bad request');
    await timers.advance(1_000);
    expect(notes.at(-1)).toBe(FAILURE);
    expect(queue.metrics().depth).toBe(0);
  });

  it('describes waits in whole units', () => {
    expect([describeWait(15_000), describeWait(60_000), describeWait(90_000), describeWait(600_000)]).toEqual([
      '15 seconds',
      '1 minute',
      '1 minute',
      '10 minutes',
    ]);
  });
});
