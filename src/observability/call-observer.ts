/**
 * The seam between the app's outbound calls and what watches them (Prometheus metrics, OpenTelemetry
 * spans): the Slack client's transport and the service requester call `start` before a call and the
 * returned function once it ends, and know nothing of either watcher.
 *
 * `name` is low-cardinality and never secret: a Slack method (`chat.postMessage`), `response_url`
 * for a post to a response URL (the URL itself is a credential), or a service route template
 * (`GET /search/documents`, no query values or ids).
 */
export type CallPeer = 'slack' | 'service';

export interface CallOutcome {
  /** HTTP status, when a response arrived. */
  status?: number | undefined;
  /** The error's name when no response arrived (timeout, network). */
  error?: string | undefined;
  /** Slack answered 429 (or `ratelimited`). */
  rateLimited?: boolean | undefined;
}

export type EndCall = (outcome: CallOutcome) => void;

export interface CallObserver {
  start(peer: CallPeer, name: string): EndCall;
}

/**
 * Several watchers as one; with none, undefined (the caller adds no layer to its hot path), and
 * with one, that one unwrapped.
 */
export function combineCallObservers(observers: readonly CallObserver[]): CallObserver | undefined {
  if (observers.length <= 1) return observers[0];
  return {
    start: (peer, name) => {
      const ends = observers.map((o) => o.start(peer, name));
      return (outcome) => {
        for (const end of ends) end(outcome);
      };
    },
  };
}
