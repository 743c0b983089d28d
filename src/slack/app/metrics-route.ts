import type { CustomRoute } from '@slack/bolt';
import type { RelayMetricsSnapshot } from '../../agent/sinks/relay-metrics.js';
import { percentile } from './percentile.js';

/**
 * GET /metrics: the relay's counters as JSON — Slack calls and 429s by method, stalled updates,
 * coalesced events and staleness percentiles — so a stalled or rate-limited relay shows up in
 * monitoring and not only in the logs. `sections` add other parts' counters under their names
 * (e.g. `deferredStarts`: runs waiting out an outage).
 */
export function metricsRoute(snapshot: () => RelayMetricsSnapshot, sections: Record<string, () => object> = {}): CustomRoute {
  return {
    path: '/metrics',
    method: ['GET'],
    handler: (_req, res) => {
      const { stalenessSamplesMs, ...counters } = snapshot();
      const body = {
        relay: {
          ...counters,
          stalenessMs: {
            samples: stalenessSamplesMs.length,
            p50: percentile(stalenessSamplesMs, 50),
            p95: percentile(stalenessSamplesMs, 95),
          },
        },
        ...Object.fromEntries(Object.entries(sections).map(([name, read]) => [name, read()])),
      };
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify(body));
    },
  };
}
