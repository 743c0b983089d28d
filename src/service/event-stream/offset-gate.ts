import type { WorkflowStreamEvent } from '../types.js';

/**
 * Admits each event once, in offset order: an offset at or below the last admitted one is a
 * duplicate (the service repeats events on resume, and a replay may overlap). Events without an
 * offset cannot be ordered; they pass in arrival order, deduplicated by event_id only, and a
 * resume cannot start after them.
 */
export interface OffsetGate {
  admit(event: WorkflowStreamEvent): boolean;
  /** Highest offset admitted (or the starting bound); undefined before any. */
  readonly lastOffset: number | undefined;
}

export function createOffsetGate(afterOffset?: number): OffsetGate {
  let last = afterOffset;
  const seenWithoutOffset = new Set<string>();
  return {
    get lastOffset() {
      return last;
    },
    admit(event) {
      if (typeof event.offset === 'number') {
        if (last !== undefined && event.offset <= last) return false;
        last = event.offset;
        return true;
      }
      if (seenWithoutOffset.has(event.event_id)) return false;
      seenWithoutOffset.add(event.event_id);
      return true;
    },
  };
}
