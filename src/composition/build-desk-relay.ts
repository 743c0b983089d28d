/** The agent relay of the desk: each run writes with its own workspace's client and calls its own workspace's service. */
import type { RelayRuntime } from '../agent/runtime/relay-runtime.js';
import { createRelayMetrics } from '../agent/sinks/relay-metrics.js';
import type { RelayConfig } from '../config/relay-config.js';
import type { Logger } from '../observability/logger.js';
import type { WrapPhase } from '../observability/tracing/wrap-phase.js';
import { buildRelayRuntime } from '../slack/agent/relay/build-relay-runtime.js';
import type { RateBudget } from '../slack-api/rate-budget.js';
import type { StateStore } from '../store/state-store.js';
import type { Workspaces } from '../workspaces/workspaces.js';

export interface DeskRelayOptions {
  config: RelayConfig;
  workspaces: Workspaces;
  store: StateStore;
  logger: Logger;
  instanceId: string;
  budget: RateBudget;
  clock: () => number;
  demo: boolean;
  trustedLinkHosts: readonly string[];
  /** Told each staleness sample (the metrics' histogram). */
  onStaleness?: ((ms: number) => void) | undefined;
  /** Wraps each relay phase of a run (tracing: a span per phase); absent, phases run bare. */
  wrapPhase?: WrapPhase | undefined;
}

export function buildDeskRelay(options: DeskRelayOptions): RelayRuntime {
  const { workspaces, onStaleness, wrapPhase, ...rest } = options;
  return buildRelayRuntime({
    ...rest,
    ...(wrapPhase ? { wrapPhase } : {}),
    ...(onStaleness ? { overrides: { metrics: createRelayMetrics(undefined, onStaleness) } } : {}),
    workspaceFor: async (teamId: string) => {
      const ref = { teamId };
      const [service, client] = await Promise.all([workspaces.service(ref), workspaces.slackClient(ref)]);
      return { service, client };
    },
  });
}
