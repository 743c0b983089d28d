/**
 * Whether the process has begun to drain (SIGTERM or SIGINT, close-on-signals.ts): from that moment
 * /readyz answers 503 `draining`, so a load balancer or Kubernetes stops sending new requests,
 * while /healthz stays 200 (the process is alive, finishing what it has) and requests keep being served.
 * One owner: the signal handler begins it; the health routes only read it.
 * @see https://kubernetes.io/docs/concepts/workloads/pods/pod-lifecycle/#pod-termination
 */
export interface DrainState {
  readonly draining: boolean;
  /** Marks the drain begun; later calls change nothing. */
  begin(): void;
}

export function createDrainState(): DrainState {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    begin() {
      draining = true;
    },
  };
}
