/**
 * Replays an event trace through an ideal relay: chat.update strictly paced at Slack's full budget
 * (one call every 60/B s, no safety margin, no render or network time), each call showing every
 * pending event of the run whose oldest unshown event is oldest. It is one feasible schedule, so
 * it sits between the lower bound (staleness-bound.ts) and what any real relay reaches.
 */
import type { TracedEvent } from './staleness-bound.js';

export interface IdealReplay {
  /** Staleness of each event, in trace order. */
  samplesMs: number[];
  updates: number;
}

export function replayOldestFirst(events: readonly TracedEvent[], perMinute: number): IdealReplay {
  const spacingMs = 60_000 / perMinute;
  const order = events.map((e, i) => ({ ...e, i })).sort((a, b) => a.atMs - b.atMs);
  const samplesMs = new Array<number>(events.length).fill(0);
  const pending = new Map<string, Array<{ atMs: number; i: number }>>();
  let next = 0;
  let slot = order[0]?.atMs ?? 0;
  let updates = 0;
  while (next < order.length || pending.size > 0) {
    // Nothing pending: the next call waits for the next arrival (the budget does not bank).
    if (pending.size === 0) slot = Math.max(slot, order[next]!.atMs);
    while (next < order.length && order[next]!.atMs <= slot) {
      const e = order[next++]!;
      const list = pending.get(e.runKey) ?? [];
      list.push(e);
      pending.set(e.runKey, list);
    }
    let oldestKey = '';
    let oldestAt = Number.POSITIVE_INFINITY;
    for (const [key, list] of pending) {
      if (list[0]!.atMs < oldestAt) {
        oldestAt = list[0]!.atMs;
        oldestKey = key;
      }
    }
    for (const e of pending.get(oldestKey) ?? []) samplesMs[e.i] = slot - e.atMs;
    pending.delete(oldestKey);
    updates += 1;
    slot += spacingMs;
  }
  return { samplesMs, updates };
}
