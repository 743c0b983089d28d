/**
 * Questions asked in a thread while a run works there, waiting their turn (issue 14 §3). The
 * queue lives in the state store, not in a process: the run may end on another replica, or after
 * a restart, and whichever process sees the thread free starts the oldest question. Bounded per
 * thread (QUEUED_QUESTION_LIMITS), each entry with its deadline; the same request (a redelivered
 * Slack event) is queued once.
 */
import { keys, QUEUED_QUESTION_LIMITS, TTL } from './keys.js';
import { readJsonRecord, updateJsonRecord } from './json-record.js';
import type { StateStore } from './state-store.js';

export interface ThreadRef {
  teamId: string;
  channelId: string;
  threadTs: string;
}

export interface QueuedQuestion extends ThreadRef {
  /** What triggered it (the Slack event id): the run it starts gets the run id this request maps to. */
  requestId: string;
  userId: string;
  /** The asker's own team when another organisation's (Slack Connect): its run and notes are addressed to it. */
  askerTeamId?: string;
  /** Plain text, as the service will see it. */
  question: string;
  /** Documents the question is about ("Ask about this document"), kept for its turn. */
  documents?: Array<{ docId: string; docTitle: string; fileType?: string }>;
  enqueuedAtMs: number;
  /** Not started by then: dropped, and the asker told to ask again. */
  deadlineAtMs: number;
}

interface ThreadQueueRecord extends ThreadRef {
  entries: QueuedQuestion[];
}

export type EnqueueQuestionResult =
  | { accepted: true; duplicate: boolean /** 1 = next in line. */; position: number }
  | { accepted: false; reason: 'full' };

export class ThreadQuestionQueue {
  constructor(
    private readonly store: StateStore,
    private readonly clock: () => number = Date.now,
    private readonly limits: { perThread: number; maxWaitMs: number } = QUEUED_QUESTION_LIMITS,
  ) {}

  get maxWaitMs(): number {
    return this.limits.maxWaitMs;
  }

  async enqueue(question: Omit<QueuedQuestion, 'enqueuedAtMs' | 'deadlineAtMs'>): Promise<EnqueueQuestionResult> {
    const now = this.clock();
    let result: EnqueueQuestionResult = { accepted: false, reason: 'full' };
    await updateJsonRecord<ThreadQueueRecord>(
      this.store,
      this.key(question),
      (current) => {
        const entries = current?.entries ?? [];
        const index = entries.findIndex((e) => e.requestId === question.requestId);
        if (index >= 0) {
          result = { accepted: true, duplicate: true, position: index + 1 };
          return undefined;
        }
        if (entries.length >= this.limits.perThread) {
          result = { accepted: false, reason: 'full' };
          return undefined;
        }
        const entry: QueuedQuestion = { ...question, enqueuedAtMs: now, deadlineAtMs: now + this.limits.maxWaitMs };
        result = { accepted: true, duplicate: false, position: entries.length + 1 };
        return { teamId: question.teamId, channelId: question.channelId, threadTs: question.threadTs, entries: [...entries, entry] };
      },
      TTL.threadQueueMs,
    );
    return result;
  }

  /** The thread's waiting questions, oldest first. */
  async list(thread: ThreadRef): Promise<QueuedQuestion[]> {
    return (await readJsonRecord<ThreadQueueRecord>(this.store, this.key(thread)))?.entries ?? [];
  }

  /**
   * Removes one question (started, or given up); the thread's key goes with its last one. Returns
   * whether this call removed it, so of two replicas draining at once only one tells the asker.
   */
  async remove(thread: ThreadRef, requestId: string): Promise<boolean> {
    const key = this.key(thread);
    let removed = false;
    const left = await updateJsonRecord<ThreadQueueRecord>(
      this.store,
      key,
      (current) => {
        removed = current?.entries.some((e) => e.requestId === requestId) ?? false;
        if (!current || !removed) return undefined;
        return { ...current, entries: current.entries.filter((e) => e.requestId !== requestId) };
      },
      TTL.threadQueueMs,
    );
    // Only while still empty: a question queued meanwhile keeps the key.
    if (removed && left && left.entries.length === 0) await this.store.deleteIfEquals(key, JSON.stringify(left));
    return removed;
  }

  /** Threads that have questions waiting (after a restart, nobody else remembers them). */
  async threads(): Promise<ThreadRef[]> {
    const found: ThreadRef[] = [];
    for (const key of await this.store.keys(keys.threadQueuePrefix)) {
      const record = await readJsonRecord<ThreadQueueRecord>(this.store, key);
      if (record && record.entries.length > 0)
        found.push({ teamId: record.teamId, channelId: record.channelId, threadTs: record.threadTs });
    }
    return found;
  }

  private key(thread: ThreadRef): string {
    return keys.threadQueue(thread.teamId, thread.channelId, thread.threadTs);
  }
}
