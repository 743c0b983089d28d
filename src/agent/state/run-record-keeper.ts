/**
 * Holds a run's record in memory and writes it to the run store, saves serialised so an older
 * snapshot never lands after a newer one. The whole record is saved at the steps of the start
 * (each before the external call it guards); the cheap progress write (offset, messages, open
 * stream) with every rendered update. The offset is not the keeper's: every save stamps it from
 * the run's EventCursor, its one owner.
 */
import type { Logger } from '../../observability/logger.js';
import type { RunRecord } from '../../store/records.js';
import type { RunStore } from '../../store/run-store.js';

/** A change to the record; a field given as undefined is removed. The offset is stamped, not patched. */
export type RunRecordPatch = { [K in Exclude<keyof RunRecord, 'lastOffset'>]?: RunRecord[K] | undefined };

export interface RunRecordKeeper {
  get(): RunRecord;
  /** Saves now; rejects when the store write fails (it is logged here as well). */
  save(patch?: RunRecordPatch, scope?: 'record' | 'progress'): Promise<void>;
  /** Saves the progress without waiting (a failure is logged; the next save carries the same facts). */
  saveInBackground(patch?: RunRecordPatch): void;
  /** Changes the record in memory only (the store was written some other way). */
  apply(patch: RunRecordPatch): void;
  /** Resolves once every save started so far has finished. */
  settled(): Promise<void>;
}

export interface RunRecordKeeperDeps {
  runs: Pick<RunStore, 'save' | 'saveProgress'>;
  clock: () => number;
  /** The run's offset (its EventCursor's), stamped on every save. */
  offset: () => number;
  logger: Logger;
}

export function createRunRecordKeeper(initial: RunRecord, deps: RunRecordKeeperDeps): RunRecordKeeper {
  let record: RunRecord = { ...initial, replyTs: [...initial.replyTs] };
  // Never rejects: each save's failure goes to its caller (and the log), not to the next save.
  let chain: Promise<void> = Promise.resolve();

  const apply = (patch: RunRecordPatch): void => {
    const next = { ...record } as Record<string, unknown>;
    for (const [key, value] of Object.entries(patch)) {
      if (value === undefined) delete next[key];
      else next[key] = value;
    }
    record = next as unknown as RunRecord;
  };

  const save = (patch: RunRecordPatch = {}, scope: 'record' | 'progress' = 'record'): Promise<void> => {
    apply({ ...patch, updatedAtMs: deps.clock() });
    record = { ...record, lastOffset: deps.offset() };
    const snapshot = record;
    const write = chain.then(() =>
      scope === 'record'
        ? deps.runs.save(snapshot)
        : deps.runs.saveProgress(snapshot.runId, {
            lastOffset: snapshot.lastOffset,
            replyTs: snapshot.replyTs,
            status: snapshot.status,
            ...(snapshot.openStreamTs === undefined ? {} : { openStreamTs: snapshot.openStreamTs }),
            ...(snapshot.postPending === true ? { postPending: true } : {}),
          }),
    );
    chain = write.then(
      () => undefined,
      (error: unknown) => deps.logger.warn('could not save the run record', { error, scope, offset: snapshot.lastOffset }),
    );
    return write;
  };

  return {
    get: () => record,
    apply,
    save,
    saveInBackground(patch) {
      // `chain` already handles (logs) this write's failure, so dropping the promise is safe.
      void save(patch, 'progress');
    },
    settled: () => chain,
  };
}
