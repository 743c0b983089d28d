import type { CustomRoute } from '@slack/bolt';
import type { RelayMetricsSnapshot } from '../../agent/sinks/relay-metrics.js';
import { percentile } from './percentile.js';

/**
 * GET /metrics: the relay's counters as JSON — Slack calls and 429s by method, stalled updates,
 * coalesced events and staleness percentiles — so a stalled or rate-limited relay shows up in
 * monitoring and not only in the logs. `sections` add other parts' counters under their names
 * (e.g. `deferredStarts`: runs waiting out an outage; `feedback`: 👍/👎 on answers, read from the
 * store, so a section may be async; one that fails shows as `{ error }` and the rest still answer).
 */
export function metricsRoute(
  snapshot: () => RelayMetricsSnapshot,
  sections: Record<string, () => object | Promise<object>> = {},
): CustomRoute {
  return {
    path: '/metrics',
    method: ['GET'],
    handler: async (_req, res) => {
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
        ...Object.fromEntries(await Promise.all(Object.entries(sections).map(async ([name, read]) => [name, await readSection(read)]))),
      };
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify(body));
    },
  };
}

async function readSection(read: () => object | Promise<object>): Promise<object> {
  try {
    return await read();
  } catch (error) {
    return { error: error instanceof Error ? error.name : 'unavailable' };
  }
}
