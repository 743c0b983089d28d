/**
 * Staleness of relayed content: for every event, the time from its arrival at the relay to the
 * first Slack write that showed it (a successful chat.update/postMessage of the run's reply whose
 * metadata offset is at or beyond the event's). Events never shown before the phase ended count
 * as stale until then, and are reported separately.
 */
export interface EventArrival {
  assistantMessageId: string;
  offset: number;
  atMs: number;
}

export interface SlackWrite {
  method: string;
  ok: boolean;
  at: number;
  args: Record<string, unknown>;
}

export interface StalenessResult {
  samplesMs: number[];
  unshown: number;
}

function payloadOf(args: Record<string, unknown>): Record<string, unknown> | undefined {
  const raw = args.metadata;
  try {
    const meta = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { event_payload?: Record<string, unknown> } | undefined;
    return meta?.event_payload;
  } catch {
    return undefined;
  }
}

export function measureStaleness(arrivals: EventArrival[], writes: SlackWrite[], endMs: number): StalenessResult {
  // Per assistant message: the times its shown offset moved forward.
  const shown = new Map<string, Array<{ offset: number; at: number }>>();
  for (const w of [...writes].sort((a, b) => a.at - b.at)) {
    if (!w.ok || (w.method !== 'chat.update' && w.method !== 'chat.postMessage')) continue;
    const p = payloadOf(w.args);
    if (p?.part !== 1 || typeof p.assistant_message_id !== 'string' || typeof p.offset !== 'number') continue;
    const list = shown.get(p.assistant_message_id) ?? [];
    list.push({ offset: p.offset, at: w.at });
    shown.set(p.assistant_message_id, list);
  }
  const samplesMs: number[] = [];
  let unshown = 0;
  for (const a of arrivals) {
    const hit = shown.get(a.assistantMessageId)?.find((s) => s.offset >= a.offset && s.at >= a.atMs);
    if (hit) samplesMs.push(hit.at - a.atMs);
    else {
      unshown += 1;
      samplesMs.push(Math.max(0, endMs - a.atMs));
    }
  }
  return { samplesMs, unshown };
}
