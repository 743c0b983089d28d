/**
 * The real OpenTelemetry Node SDK, in process, with a span processor that keeps every ended span
 * instead of exporting it: unit tests see the spans the app's tracing parts make, with no network.
 * The SDK registers process-wide (tracer provider, context manager), so `stop()` unregisters it.
 */
import { context, propagation, trace } from '@opentelemetry/api';
import { NodeSDK, type NodeSDKConfiguration } from '@opentelemetry/sdk-node';
import { createTracing } from '../../../../src/observability/tracing/create-tracing.js';
import type { Tracing } from '../../../../src/observability/tracing/tracing.js';

type SpanProcessor = NonNullable<NodeSDKConfiguration['spanProcessors']>[number];
export type EndedSpan = Parameters<SpanProcessor['onEnd']>[0];

export interface SpanCollector {
  tracing: Extract<Tracing, { enabled: true }>;
  spans(): EndedSpan[];
  byName(name: string): EndedSpan;
  stop(): Promise<void>;
}

export function startSpanCollector(): SpanCollector {
  const ended: EndedSpan[] = [];
  const keep: SpanProcessor = {
    onStart: () => {},
    onEnd: (span) => ended.push(span),
    forceFlush: () => Promise.resolve(),
    shutdown: () => Promise.resolve(),
  };
  const sdk = new NodeSDK({ spanProcessors: [keep], metricReaders: [], logRecordProcessors: [], autoDetectResources: false });
  sdk.start();
  const tracing = createTracing(trace.getTracer('test'), () => sdk.shutdown());
  if (!tracing.enabled) throw new Error('createTracing returned tracing off');
  return {
    tracing,
    spans: () => [...ended],
    byName(name) {
      const found = ended.find((s) => s.name === name);
      if (!found) throw new Error(`no span ${name} among ${JSON.stringify(ended.map((s) => s.name))}`);
      return found;
    },
    async stop() {
      await sdk.shutdown();
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
}
