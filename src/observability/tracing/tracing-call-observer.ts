import { SpanKind, SpanStatusCode, type Tracer } from '@opentelemetry/api';
import type { CallObserver, CallPeer } from '../call-observer.js';

/** Who answers: the research service, or Slack (its Web API, or a response_url). */
const PEER_SERVICE: Readonly<Record<CallPeer, string>> = { slack: 'slack', service: 'research-service' };

/**
 * A client span per outbound call, child of whatever span is active when the call starts (the
 * Slack request's, a relay phase's). Named `<peer> <name>` from the seam's name, which is
 * low-cardinality and never secret by contract (call-observer.ts): no URL, query, id or token.
 * @see https://opentelemetry.io/docs/specs/semconv/http/http-spans/#http-client
 */
export function createTracingCallObserver(tracer: Tracer): CallObserver {
  return {
    start(peer, name) {
      const span = tracer.startSpan(`${peer} ${name}`, {
        kind: SpanKind.CLIENT,
        attributes: { 'peer.service': PEER_SERVICE[peer], 'research_desk.call': name },
      });
      return (outcome) => {
        if (outcome.status !== undefined) span.setAttribute('http.response.status_code', outcome.status);
        if (outcome.rateLimited) span.setAttribute('slack.rate_limited', true);
        const failed = outcome.error ?? (outcome.status !== undefined && outcome.status >= 400 ? String(outcome.status) : undefined);
        if (failed !== undefined) {
          // The error's kind only: an error's message may quote a URL or an answer.
          span.setAttribute('error.type', failed);
          span.setStatus({ code: SpanStatusCode.ERROR });
        }
        span.end();
      };
    },
  };
}
