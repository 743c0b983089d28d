/**
 * Agent runs. The record (who, where, what) is written when a run starts or ends; the progress
 * (offset, reply messages, open stream, status) goes to its own key in one SET on every rendered
 * update, so saving it never needs a read. `get` merges the two; only the run's lease holder
 * writes progress, so the latest write is the truth.
 */
import { keys, TTL } from './keys.js';
import { storedConversationId } from './conversation-id.js';
import { readJsonRecord } from './json-record.js';
import type { RunRecord, RunStatus } from './records.js';
import type { StateStore } from './state-store.js';

export interface RunProgress {
  lastOffset: number;
  replyTs: string[];
  openStreamTs?: string;
  /** A post whose ts is not recorded yet may be in Slack (see RunRecord.postPending). */
  postPending?: boolean;
  status: RunStatus;
}

interface StoredProgress extends RunProgress {
  updatedAtMs: number;
}

const ACTIVE_STATUSES: ReadonlySet<RunStatus> = new Set<RunStatus>(['starting', 'running']);

export function isActiveRunStatus(status: RunStatus): boolean {
  return ACTIVE_STATUSES.has(status);
}

export class RunStore {
  constructor(
    private readonly store: StateStore,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Writes the whole record (and its progress) and keeps the active-runs index in step. */
  async save(record: RunRecord): Promise<void> {
    const stored: RunRecord = { ...record, updatedAtMs: this.clock() };
    // Progress first: a crash between the two writes then leaves newer progress over an older
    // record (what `get` expects), never the reverse.
    await this.store.set(keys.runProgress(record.runId), JSON.stringify(progressOf(stored)), TTL.runMs);
    await this.store.set(keys.run(record.runId), JSON.stringify(stored), TTL.runMs);
    await this.updateActiveIndex(record.runId, record.status);
  }

  /** The cheap write made with every rendered update: one SET (two when the run just ended). */
  async saveProgress(runId: string, progress: RunProgress): Promise<void> {
    const stored: StoredProgress = {
      lastOffset: progress.lastOffset,
      replyTs: progress.replyTs,
      status: progress.status,
      updatedAtMs: this.clock(),
      ...(progress.openStreamTs === undefined ? {} : { openStreamTs: progress.openStreamTs }),
      ...(progress.postPending === true ? { postPending: true } : {}),
    };
    await this.store.set(keys.runProgress(runId), JSON.stringify(stored), TTL.runMs);
    if (!isActiveRunStatus(progress.status)) await this.store.delete(keys.activeRun(runId));
  }

  async get(runId: string): Promise<RunRecord | null> {
    const [record, progress] = await Promise.all([
      readJsonRecord<RunRecord>(this.store, keys.run(runId)),
      readJsonRecord<StoredProgress>(this.store, keys.runProgress(runId)),
    ]);
    if (record === null) return null;
    const conversationId = storedConversationId(record.conversationId);
    if (progress === null) return { ...record, conversationId };
    const merged: RunRecord = {
      ...record,
      conversationId,
      lastOffset: progress.lastOffset,
      replyTs: progress.replyTs,
      status: progress.status,
      updatedAtMs: Math.max(record.updatedAtMs, progress.updatedAtMs),
    };
    if (progress.openStreamTs === undefined) delete merged.openStreamTs;
    else merged.openStreamTs = progress.openStreamTs;
    if (progress.postPending === true) merged.postPending = true;
    else delete merged.postPending;
    return merged;
  }

  /** Runs still in progress (starting or running), e.g. to resume after a restart. */
  async listActive(): Promise<RunRecord[]> {
    const indexKeys = await this.store.keys(keys.activeRunPrefix);
    const runs = await Promise.all(indexKeys.map((key) => this.get(key.slice(keys.activeRunPrefix.length))));
    return runs.filter((run): run is RunRecord => run !== null && isActiveRunStatus(run.status));
  }

  /** Ends a run: final status (and e.g. cancelledBy), open stream cleared, out of the index. */
  async markEnded(
    runId: string,
    status: Exclude<RunStatus, 'starting' | 'running'>,
    patch: Partial<Omit<RunRecord, 'runId' | 'status'>> = {},
  ): Promise<RunRecord | null> {
    const current = await this.get(runId);
    if (current === null) {
      await this.store.delete(keys.activeRun(runId));
      return null;
    }
    const ended: RunRecord = { ...current, ...patch, status, updatedAtMs: this.clock() };
    if (!('openStreamTs' in patch)) delete ended.openStreamTs;
    delete ended.postPending;
    // Record first, unlike save(): `get` takes the status from the progress key, so the run reads
    // as ended only once its record (who cancelled, the replies kept) is written too. A crash
    // between the two leaves it running, and the next relay ends it again.
    await this.store.set(keys.run(runId), JSON.stringify(ended), TTL.runMs);
    await this.store.set(keys.runProgress(runId), JSON.stringify(progressOf(ended)), TTL.runMs);
    await this.updateActiveIndex(runId, status);
    return this.get(runId);
  }

  private async updateActiveIndex(runId: string, status: RunStatus): Promise<void> {
    if (isActiveRunStatus(status)) await this.store.set(keys.activeRun(runId), '1', TTL.runMs);
    else await this.store.delete(keys.activeRun(runId));
  }
}

function progressOf(record: RunRecord): StoredProgress {
  return {
    lastOffset: record.lastOffset,
    replyTs: record.replyTs,
    status: record.status,
    updatedAtMs: record.updatedAtMs,
    ...(record.openStreamTs === undefined ? {} : { openStreamTs: record.openStreamTs }),
    ...(record.postPending === true ? { postPending: true } : {}),
  };
}
