import { isSpanContextValid, trace } from '@opentelemetry/api';

/**
 * The trace id of the span active in this async context, if any: what a log line carries as its
 * correlation id while tracing is on (logger.ts), so a line leads to its trace and back.
 */
export function activeTraceId(): string | undefined {
  const spanContext = trace.getActiveSpan()?.spanContext();
  return spanContext && isSpanContextValid(spanContext) ? spanContext.traceId : undefined;
}
