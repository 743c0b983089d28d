/** The agent relay: how answers stream into Slack, when a silent run ends, how leases hand runs over. */
import type { z } from 'zod';
import { numberIn, oneOf, setting } from './variable-rules.js';

const instanceId = setting.refine(
  (raw) => raw === undefined || /^[A-Za-z0-9._:-]{1,100}$/.test(raw),
  'may hold only letters, digits, . _ : - (at most 100)',
);

export const relayVariables = {
  SLACK_STREAMING: oneOf(['auto', 'native', 'update'], 'auto'),
  AGENT_IDLE_TIMEOUT_SECONDS: numberIn(600, 5, 86_400),
  RUN_LEASE_SECONDS: numberIn(30, 2, 3600),
  INSTANCE_ID: instanceId,
  AGENT_USAGE_FOOTER: oneOf(['off', 'on'], 'off'),
  FIGURE_CHECK: oneOf(['on', 'off'], 'on'),
};

export const RELAY_EXAMPLES: Record<keyof typeof relayVariables, string> = {
  SLACK_STREAMING: 'auto',
  AGENT_IDLE_TIMEOUT_SECONDS: '600',
  RUN_LEASE_SECONDS: '30',
  INSTANCE_ID: 'research-desk-0',
  AGENT_USAGE_FOOTER: 'off',
  FIGURE_CHECK: 'on',
};

export type RelayEnv = z.output<z.ZodObject<typeof relayVariables>>;

export function readRelay(e: RelayEnv) {
  return {
    streaming: e.SLACK_STREAMING,
    agentIdleTimeoutMs: e.AGENT_IDLE_TIMEOUT_SECONDS * 1000,
    runLeaseMs: e.RUN_LEASE_SECONDS * 1000,
    /** Token counts under agent answers: analysts do not need them; an operator watching cost may. */
    showAgentUsage: e.AGENT_USAGE_FOOTER === 'on',
    /**
     * A completed answer's figures checked against the company's statements, shown under it
     * ("Figures checked"). Off: no statement is read and no section shown.
     */
    figureCheck: e.FIGURE_CHECK === 'on',
    /**
     * Stable id of this replica (e.g. the pod name). A replica restarted with the same id takes its
     * runs back at once instead of after their lease expires; replicas running at once must differ.
     */
    instanceId: e.INSTANCE_ID,
  };
}

/** What the relay reads of Config (build-relay-runtime.ts). */
export type RelayConfig = Omit<ReturnType<typeof readRelay>, 'instanceId' | 'showAgentUsage' | 'figureCheck'> & {
  showAgentUsage?: boolean;
  /** Default on (FIGURE_CHECK's default). */
  figureCheck?: boolean;
};
export type StreamingMode = RelayConfig['streaming'];
