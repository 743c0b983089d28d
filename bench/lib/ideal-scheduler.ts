/**
 * Replays an event trace through an ideal relay: chat.update strictly paced at Slack's full budget
 * (one call every 60/B s, no safety margin, no render or network time), each call showing every
 * pending event of one run, chosen by a policy:
 * - `finals-first` (the relay's, src/agent/sinks/update-scheduler.ts): a run whose last event has
 *   arrived (it has ended) before any run still going, then the run whose oldest unshown event is
 *   oldest;
 * - `oldest-first`: only the oldest unshown event decides.
 * Each replay is one feasible schedule, so it sits between the lower bound (staleness-bound.ts)
 * and what any real relay with that policy reaches.
 */
import type { TracedEvent } from './staleness-bound.js';

export type ReplayPolicy = 'finals-first' | 'oldest-first';

export interface IdealReplay {
  /** Staleness of each event, in trace order. */
  samplesMs: number[];
  updates: number;
}

export function replayIdeal(events: readonly TracedEvent[], perMinute: number, policy: ReplayPolicy): IdealReplay {
  const spacingMs = 60_000 / perMinute;
  const order = events.map((e, i) => ({ ...e, i })).sort((a, b) => a.atMs - b.atMs);
  const endOf = new Map<string, number>();
  for (const e of events) endOf.set(e.runKey, Math.max(endOf.get(e.runKey) ?? Number.NEGATIVE_INFINITY, e.atMs));
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
    let chosenKey = '';
    let chosen = { ended: false, oldestAt: Number.POSITIVE_INFINITY };
    for (const [key, list] of pending) {
      const candidate = { ended: policy === 'finals-first' && endOf.get(key)! <= slot, oldestAt: list[0]!.atMs };
      const better = candidate.ended !== chosen.ended ? candidate.ended : candidate.oldestAt < chosen.oldestAt;
      if (chosenKey === '' || better) {
        chosen = candidate;
        chosenKey = key;
      }
    }
    for (const e of pending.get(chosenKey) ?? []) samplesMs[e.i] = slot - e.atMs;
    pending.delete(chosenKey);
    updates += 1;
    slot += spacingMs;
  }
  return { samplesMs, updates };
}
