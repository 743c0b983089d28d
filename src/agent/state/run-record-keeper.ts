/**
 * Holds a run's record in memory and writes it to the run store, saves serialised so an older
 * snapshot never lands after a newer one. The whole record is saved at the steps of the start
 * (each before the external call it guards); the cheap progress write (offset, messages, open
 * stream) with every rendered update.
 */
import type { RunRecord } from '../../store/records.js';
import type { RunStore } from '../../store/run-store.js';

/** A change to the record; a field given as undefined is removed. */
export type RunRecordPatch = { [K in keyof RunRecord]?: RunRecord[K] | undefined };

export interface RunRecordKeeper {
  get(): RunRecord;
  save(patch: RunRecordPatch, scope?: 'record' | 'progress'): Promise<void>;
  /** Changes the record in memory only (the store was written some other way). */
  apply(patch: RunRecordPatch): void;
  /** Resolves once every save started so far has finished (failures were the caller's). */
  settled(): Promise<void>;
}

export function createRunRecordKeeper(
  initial: RunRecord,
  runs: Pick<RunStore, 'save' | 'saveProgress'>,
  clock: () => number,
): RunRecordKeeper {
  let record: RunRecord = { ...initial, replyTs: [...initial.replyTs] };
  let chain: Promise<void> = Promise.resolve();

  const apply = (patch: RunRecordPatch): void => {
    const next = { ...record } as Record<string, unknown>;
    for (const [key, value] of Object.entries(patch)) {
      if (value === undefined) delete next[key];
      else next[key] = value;
    }
    record = next as unknown as RunRecord;
  };

  return {
    get: () => record,
    apply,
    save(patch, scope = 'record') {
      apply({ ...patch, updatedAtMs: clock() });
      const snapshot = record;
      chain = chain
        .catch(() => undefined)
        .then(() =>
          scope === 'record'
            ? runs.save(snapshot)
            : runs.saveProgress(snapshot.runId, {
                lastOffset: snapshot.lastOffset,
                replyTs: snapshot.replyTs,
                status: snapshot.status,
                ...(snapshot.openStreamTs === undefined ? {} : { openStreamTs: snapshot.openStreamTs }),
              }),
        );
      return chain;
    },
    settled: () => chain.catch(() => undefined),
  };
}
