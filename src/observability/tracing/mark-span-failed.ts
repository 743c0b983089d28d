import { type Span, SpanStatusCode } from '@opentelemetry/api';

/**
 * Marks a span failed with the error's name only: a message may quote what the service or Slack
 * answered, or a URL. `error.type` is OpenTelemetry's attribute for it.
 * @see https://opentelemetry.io/docs/specs/semconv/attributes-registry/error/
 */
export function markSpanFailed(span: Span, error: unknown): void {
  span.setAttribute('error.type', error instanceof Error ? error.name : typeof error);
  span.setStatus({ code: SpanStatusCode.ERROR });
}
