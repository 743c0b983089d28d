import type { Tracer } from '@opentelemetry/api';
import type { Logger } from '../logger.js';
import { activeTraceId } from './active-trace-id.js';
import { createRelayPhaseSpans } from './relay-phase-spans.js';
import { slackRequestSpans } from './slack-request-spans.js';
import type { Tracing } from './tracing.js';
import { createTracingCallObserver } from './tracing-call-observer.js';

/**
 * The app's tracing parts over one tracer; `shutdown` flushes and stops whatever exports its spans,
 * `logTo` gives the SDK's problems a logger (sdk-problem-log.ts).
 */
export function createTracing(tracer: Tracer, shutdown: () => Promise<void>, logTo: (logger: Logger) => void = () => {}): Tracing {
  return {
    enabled: true,
    traceId: activeTraceId,
    callObserver: createTracingCallObserver(tracer),
    slackMiddleware: slackRequestSpans(tracer),
    wrapPhase: createRelayPhaseSpans(tracer),
    shutdown,
    logTo,
  };
}
