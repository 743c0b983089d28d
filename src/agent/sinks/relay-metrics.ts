/**
 * Counters of the relay, for logs, the metrics port's JSON view and the benchmark: Slack calls by method, 429s,
 * stalled updates, events coalesced into a later update, and staleness samples (how long content
 * waited between its event's arrival and the Slack call that showed it).
 */
export interface RelayMetricsSnapshot {
  callsByMethod: Record<string, number>;
  rateLimitedByMethod: Record<string, number>;
  rateLimited: number;
  stalls: number;
  coalescedUpdates: number;
  stalenessSamplesMs: number[];
}

export interface RelayMetrics {
  countCall(method: string): void;
  countRateLimited(method: string): void;
  countStall(): void;
  countCoalesced(events: number): void;
  recordStaleness(ms: number): void;
  snapshot(): RelayMetricsSnapshot;
}

/**
 * Keeps the newest `maxSamples` staleness samples so a long-lived process stays bounded;
 * `onStaleness` is told each sample too (the Prometheus histogram, desk-metrics.ts).
 */
export function createRelayMetrics(maxSamples = 5000, onStaleness?: (ms: number) => void): RelayMetrics {
  const calls: Record<string, number> = {};
  const limited: Record<string, number> = {};
  let stalls = 0;
  let coalesced = 0;
  const samples: number[] = [];
  let next = 0;
  return {
    countCall: (m) => {
      calls[m] = (calls[m] ?? 0) + 1;
    },
    countRateLimited: (m) => {
      limited[m] = (limited[m] ?? 0) + 1;
    },
    countStall: () => {
      stalls += 1;
    },
    countCoalesced: (n) => {
      coalesced += n;
    },
    recordStaleness: (ms) => {
      onStaleness?.(ms);
      if (samples.length < maxSamples) samples.push(ms);
      else {
        samples[next] = ms;
        next = (next + 1) % maxSamples;
      }
    },
    snapshot: () => ({
      callsByMethod: { ...calls },
      rateLimitedByMethod: { ...limited },
      rateLimited: Object.values(limited).reduce((a, b) => a + b, 0),
      stalls,
      coalescedUpdates: coalesced,
      stalenessSamplesMs: [...samples],
    }),
  };
}
