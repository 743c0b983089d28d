/**
 * A run's end, seen from the analyst: the time from the run's last service event (its arrival, as
 * in relay-staleness.ts) to the Slack write that completed its final answer — the last successful
 * chat.update/postMessage carrying the run's metadata with a finished status (not `running`) and an
 * offset at or beyond that last event. Everything the relay does after the service is done (the
 * final render, a long report's further parts, a figure check before the render) lands in it,
 * queueing behind Slack's rate limits included.
 *
 * A run whose final answer was never written by the end of the phase counts as unanswered and is
 * left out of the samples (the staleness figures already charge content never shown).
 */
import type { EventArrival, SlackWrite } from './relay-staleness.js';

export interface RunEndLatency {
  /** Per answered run, last event → final write, in ms (order of first appearance). */
  samplesMs: number[];
  /** Runs with events whose final answer was never written. */
  unanswered: number;
}

interface FinalWrite {
  offset: number;
  at: number;
}

function finishedPayload(args: Record<string, unknown>): { amid: string; offset: number } | undefined {
  const raw = args.metadata;
  let payload: Record<string, unknown> | undefined;
  try {
    payload = ((typeof raw === 'string' ? JSON.parse(raw) : raw) as { event_payload?: Record<string, unknown> } | undefined)?.event_payload;
  } catch {
    return undefined;
  }
  if (!payload || typeof payload.assistant_message_id !== 'string' || typeof payload.offset !== 'number') return undefined;
  if (typeof payload.status !== 'string' || payload.status === 'running') return undefined;
  return { amid: payload.assistant_message_id, offset: payload.offset };
}

export function measureRunEnds(arrivals: readonly EventArrival[], writes: readonly SlackWrite[]): RunEndLatency {
  const lastEvent = new Map<string, EventArrival>();
  for (const a of arrivals) {
    const known = lastEvent.get(a.assistantMessageId);
    if (!known || a.atMs > known.atMs || (a.atMs === known.atMs && a.offset > known.offset)) lastEvent.set(a.assistantMessageId, a);
  }
  const finals = new Map<string, FinalWrite[]>();
  for (const w of writes) {
    if (!w.ok || (w.method !== 'chat.update' && w.method !== 'chat.postMessage')) continue;
    const p = finishedPayload(w.args);
    if (!p) continue;
    const list = finals.get(p.amid) ?? [];
    list.push({ offset: p.offset, at: w.at });
    finals.set(p.amid, list);
  }
  const samplesMs: number[] = [];
  let unanswered = 0;
  for (const [amid, last] of lastEvent) {
    const covering = (finals.get(amid) ?? []).filter((f) => f.offset >= last.offset && f.at >= last.atMs);
    if (covering.length === 0) {
      unanswered += 1;
      continue;
    }
    samplesMs.push(Math.max(...covering.map((f) => f.at)) - last.atMs);
  }
  return { samplesMs, unanswered };
}
