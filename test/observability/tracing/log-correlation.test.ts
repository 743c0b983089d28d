/**
 * With tracing on, a log line written inside a span carries the span's trace id as its
 * correlation id (the id it had before stays as `reference`); outside a span, and with tracing
 * off, lines are as they always were.
 */
import { trace } from '@opentelemetry/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/observability/logger.js';
import { createRedactor } from '../../../src/observability/redactor.js';
import { startSpanCollector, type SpanCollector } from './support/span-collector.js';

function logInto(lines: string[], traceId?: () => string | undefined) {
  return createLogger({ redact: createRedactor([]), write: (l) => lines.push(l), clock: () => 0, ...(traceId ? { traceId } : {}) });
}
const parsed = (lines: string[]) => lines.map((l) => JSON.parse(l) as Record<string, unknown>);

describe('log correlation id = trace id', () => {
  let c: SpanCollector;
  beforeAll(() => {
    c = startSpanCollector();
  });
  afterAll(() => c.stop());

  it('inside a span: the trace id, the earlier id kept as reference; outside: unchanged', () => {
    const lines: string[] = [];
    const log = logInto(lines, c.tracing.traceId).child({ correlationId: 'Ev0123' });
    let traceId = '';
    trace.getTracer('test').startActiveSpan('slack command /financials', (span) => {
      traceId = span.spanContext().traceId;
      log.info('inside');
      logInto(lines, c.tracing.traceId).info('inside, no id of its own');
      span.end();
    });
    log.info('outside');
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(parsed(lines)).toEqual([
      { time: '1970-01-01T00:00:00.000Z', level: 'info', msg: 'inside', correlationId: traceId, reference: 'Ev0123' },
      { time: '1970-01-01T00:00:00.000Z', level: 'info', msg: 'inside, no id of its own', correlationId: traceId },
      { time: '1970-01-01T00:00:00.000Z', level: 'info', msg: 'outside', correlationId: 'Ev0123' },
    ]);
  });

  it('an id already equal to the trace id gets no reference', () => {
    const lines: string[] = [];
    trace.getTracer('test').startActiveSpan('request', (span) => {
      logInto(lines, c.tracing.traceId).info('same', { correlationId: span.spanContext().traceId });
      span.end();
    });
    expect(parsed(lines)[0]).not.toHaveProperty('reference');
  });

  it('tracing off (no traceId given): a line inside a span keeps its own id', () => {
    const lines: string[] = [];
    trace.getTracer('test').startActiveSpan('request', (span) => {
      logInto(lines).info('inside', { correlationId: 'Ev0456' });
      span.end();
    });
    expect(parsed(lines)[0]).toMatchObject({ correlationId: 'Ev0456' });
    expect(parsed(lines)[0]).not.toHaveProperty('reference');
  });
});
