/** How the process stops on SIGTERM/SIGINT (close-on-signals.ts): how long it drains before closing. */
import type { z } from 'zod';
import { numberIn } from './variable-rules.js';

export const shutdownVariables = {
  /**
   * Seconds between the signal and closing: /readyz already answers 503 `draining` and requests are
   * still served, so load balancers and Kubernetes endpoints stop routing here before the listener closes.
   */
  SHUTDOWN_DRAIN_SECONDS: numberIn(0, 0, 300),
};

export const SHUTDOWN_EXAMPLES: Record<keyof typeof shutdownVariables, string> = {
  SHUTDOWN_DRAIN_SECONDS: '10',
};

export type ShutdownEnv = z.output<z.ZodObject<typeof shutdownVariables>>;

export function readShutdown(e: ShutdownEnv) {
  return {
    /** 0 (the default) closes at once: right for one process with nothing routing to it; behind a load balancer, its probe interval and more. */
    shutdownDrainMs: e.SHUTDOWN_DRAIN_SECONDS * 1000,
  };
}
