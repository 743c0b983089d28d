/**
 * The queue of questions waiting behind a run in a thread: oldest first, one entry per request,
 * bounded per thread, each with its deadline, and listed by thread after a restart.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryStateStore } from '../../src/store/memory-state-store.js';
import { ThreadQuestionQueue } from '../../src/store/thread-question-queue.js';
import { buildManualClock } from './store-harness.js';

const thread = { teamId: 'T1', channelId: 'C1', threadTs: '1700000000.000100' };
const buildQuestion = (n: number, at = thread) => ({ ...at, requestId: `Ev${n}`, userId: 'U1', question: `question ${n}` });

function buildQueue(limits = { perThread: 3, maxWaitMs: 60_000 }) {
  const clock = buildManualClock();
  const store = createMemoryStateStore({ clock: clock.now });
  return { clock, store, queue: new ThreadQuestionQueue(store, clock.now, limits) };
}

describe('ThreadQuestionQueue', () => {
  it('keeps questions in the order they were asked, each with its deadline', async () => {
    const { clock, queue } = buildQueue();
    expect(await queue.enqueue(buildQuestion(1))).toEqual({ accepted: true, duplicate: false, position: 1 });
    clock.advance(1_000);
    expect(await queue.enqueue(buildQuestion(2))).toEqual({ accepted: true, duplicate: false, position: 2 });
    const listed = await queue.list(thread);
    expect(listed.map((q) => q.question)).toEqual(['question 1', 'question 2']);
    expect(listed[1]!.deadlineAtMs - listed[1]!.enqueuedAtMs).toBe(60_000);
  });

  it('queues a redelivered request once, and refuses past the bound', async () => {
    const { queue } = buildQueue();
    await queue.enqueue(buildQuestion(1));
    expect(await queue.enqueue(buildQuestion(1))).toEqual({ accepted: true, duplicate: true, position: 1 });
    await queue.enqueue(buildQuestion(2));
    await queue.enqueue(buildQuestion(3));
    expect(await queue.enqueue(buildQuestion(4))).toEqual({ accepted: false, reason: 'full' });
    expect(await queue.list(thread)).toHaveLength(3);
  });

  it('removes a question once (the remover tells its asker), and the thread’s key with its last one', async () => {
    const { queue, store } = buildQueue();
    await queue.enqueue(buildQuestion(1));
    await queue.enqueue(buildQuestion(2));
    expect(await queue.remove(thread, 'Ev1')).toBe(true);
    expect(await queue.remove(thread, 'Ev1')).toBe(false);
    expect((await queue.list(thread)).map((q) => q.requestId)).toEqual(['Ev2']);
    expect(await queue.remove(thread, 'Ev2')).toBe(true);
    expect(await store.keys('thread-queue:')).toEqual([]);
  });

  it('lists the threads that have questions waiting', async () => {
    const { queue } = buildQueue();
    const other = { ...thread, threadTs: '1700000000.000200' };
    await queue.enqueue(buildQuestion(1));
    await queue.enqueue(buildQuestion(2, other));
    const threads = await queue.threads();
    expect(threads.map((t) => t.threadTs).sort()).toEqual([thread.threadTs, other.threadTs]);
    expect(threads[0]).toMatchObject({ teamId: 'T1', channelId: 'C1' });
  });
});
