/**
 * The desk's metrics once its parts exist: the runs gauges read the relay and the deferred-start
 * queue, votes are counted as they are recorded, and (with a metrics port) the metrics server
 * answers on the app's host, its JSON view showing what the public /metrics used to.
 */
import type { RelayRuntime } from '../agent/runtime/relay-runtime.js';
import type { Logger } from '../observability/logger.js';
import type { DeskMetrics } from '../observability/metrics/desk-metrics.js';
import { type MetricsServer, startMetricsServer } from '../observability/metrics/metrics-server.js';
import { percentile } from '../slack/app/percentile.js';
import type { DeferredWorkQueue } from '../slack/kit/deferred-work-queue.js';
import type { AppStores } from '../store/app-stores.js';

export interface DeskMetricsOptions {
  metrics: DeskMetrics;
  relay: RelayRuntime;
  deferredStarts: DeferredWorkQueue;
  stores: AppStores;
  /** Unset: no server (the metrics are still counted, for a caller holding the registry). */
  port?: number | undefined;
  host: string;
  logger: Logger;
}

export async function startDeskMetrics(options: DeskMetricsOptions): Promise<MetricsServer | undefined> {
  const { metrics, relay, deferredStarts } = options;
  metrics.readRuns(() => ({ active: relay.activeRunIds().length, deferred: deferredStarts.metrics().depth }));
  options.stores.feedback.onVote(metrics.voteRecorded);
  if (options.port === undefined) return undefined;
  return startMetricsServer({
    registry: metrics.registry,
    port: options.port,
    host: options.host,
    logger: options.logger.child({ component: 'metrics' }),
    json: async () => {
      const { stalenessSamplesMs, ...counters } = relay.getMetrics();
      return {
        relay: {
          ...counters,
          stalenessMs: {
            samples: stalenessSamplesMs.length,
            p50: percentile(stalenessSamplesMs, 50),
            p95: percentile(stalenessSamplesMs, 95),
          },
        },
        deferredStarts: deferredStarts.metrics(),
        // Counted as votes are recorded by this process (no scan of the vote records per scrape).
        feedback: metrics.votes(),
      };
    },
  });
}
