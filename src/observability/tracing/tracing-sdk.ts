/**
 * The OpenTelemetry Node SDK, configured for traces only. It reads the standard OTEL_* variables
 * itself: the endpoint (OTLP over HTTP to OTEL_EXPORTER_OTLP_ENDPOINT + /v1/traces, protobuf
 * unless OTEL_EXPORTER_OTLP_PROTOCOL says http/json), headers, sampler, batch processor
 * (OTEL_BSP_*) and resource attributes; src/config/telemetry-config.ts checked them first.
 *
 * Metrics are Prometheus' (src/observability/metrics/) and logs go to stdout, so the SDK's metric
 * and log exporters, which it would otherwise start from the environment, are turned off here. No
 * auto-instrumentation: an http instrumentation records full URLs (a response_url is a
 * credential); spans come from the app's own seams instead (create-tracing.ts).
 * @see https://github.com/open-telemetry/opentelemetry-js/tree/main/experimental/packages/opentelemetry-sdk-node
 */
import { trace } from '@opentelemetry/api';
import { createTracing } from './create-tracing.js';
import { routeSdkProblems } from './sdk-problem-log.js';
import type { Tracing } from './tracing.js';

const TRACER_NAME = 'research-desk';

export async function startTracingSdk(settings: { serviceName: string }): Promise<Tracing> {
  // Imported here, not at the top: even a bundle of the app (esbuild inlines our own modules)
  // keeps the SDK behind this import(), loaded only when tracing is on.
  const { NodeSDK } = await import('@opentelemetry/sdk-node');
  // Before the SDK: with OTEL_LOG_LEVEL set, the SDK's console logger takes this one's place.
  const problems = routeSdkProblems();
  const sdk = new NodeSDK({ serviceName: settings.serviceName, metricReaders: [], logRecordProcessors: [], instrumentations: [] });
  sdk.start();
  return createTracing(trace.getTracer(TRACER_NAME), () => sdk.shutdown(), problems.logTo);
}
