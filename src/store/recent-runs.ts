/** Each user's latest agent runs (newest first), for the App Home. */
import { keys, RECENT_RUNS_LIMIT, TTL } from './keys.js';
import { readJsonRecord, updateJsonRecord } from './json-record.js';
import type { RunStatus } from './records.js';
import type { StateStore } from './state-store.js';

export interface RecentRun {
  runId: string;
  channelId: string;
  threadTs: string;
  question: string;
  startedAtMs: number;
  status?: RunStatus;
}

export class RecentRuns {
  constructor(
    private readonly store: StateStore,
    private readonly limit: number = RECENT_RUNS_LIMIT,
  ) {}

  /** Adds or refreshes a run (same runId replaces its entry), keeping the newest `limit`. */
  async record(teamId: string, userId: string, run: RecentRun): Promise<RecentRun[]> {
    const updated = await updateJsonRecord<RecentRun[]>(
      this.store,
      keys.recentRuns(teamId, userId),
      (current) =>
        [run, ...(current ?? []).filter((r) => r.runId !== run.runId)].sort((a, b) => b.startedAtMs - a.startedAtMs).slice(0, this.limit),
      TTL.recentRunsMs,
    );
    return updated ?? [];
  }

  async list(teamId: string, userId: string): Promise<RecentRun[]> {
    return (await readJsonRecord<RecentRun[]>(this.store, keys.recentRuns(teamId, userId))) ?? [];
  }
}
