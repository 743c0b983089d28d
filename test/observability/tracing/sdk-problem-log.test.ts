/**
 * The SDK's warnings and errors become the app's log lines (redacted like every line); before the
 * app's logger exists they wait, and its debug chatter is dropped.
 */
import { diag } from '@opentelemetry/api';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../../../src/observability/logger.js';
import { createRedactor } from '../../../src/observability/redactor.js';
import { routeSdkProblems } from '../../../src/observability/tracing/sdk-problem-log.js';

describe('routeSdkProblems', () => {
  afterEach(() => diag.disable());

  it('logs the SDK’s warnings and errors under component opentelemetry, redacted, the early ones once a logger is given', () => {
    const problems = routeSdkProblems();
    diag.error('export failed', new Error('collector said no to Bearer abc.def'));
    diag.debug('chatter');
    const logger = createMemoryLogger(createRedactor(['header-secret-value']));
    problems.logTo(logger);
    diag.warn('dropping spans', { dropped: 3, header: 'header-secret-value' });
    diag.info('more chatter');

    const lines = logger.lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => [l.level, l.msg, l.component])).toEqual([
      ['error', 'opentelemetry: export failed', 'opentelemetry'],
      ['warn', 'opentelemetry: dropping spans', 'opentelemetry'],
    ]);
    expect(lines[0]?.detail).toBe('Error: collector said no to Bearer [redacted]');
    expect(lines[1]?.detail).toBe('{"dropped":3,"header":"[redacted]"}');
  });
});
