import { describe, expect, it, vi } from 'vitest';
import { createCoalescer } from '../../../src/agent/sinks/coalescer.js';
import { createRelayMetrics } from '../../../src/agent/sinks/relay-metrics.js';
import { initialRunView } from '../../../src/agent/state/run-view.js';
import { createLogger } from '../../../src/observability/logger.js';
import { createRedactor } from '../../../src/observability/redactor.js';
import { createManualTimers } from '../support/manual-timers.js';

describe('coalescer', () => {
  it('retries a failed write after its back-off, on the injected timers, with the newest view', async () => {
    const timers = createManualTimers(1_000);
    const logLines: string[] = [];
    const sent: number[] = [];
    let failNext = true;
    const coalescer = createCoalescer({
      metrics: createRelayMetrics(),
      logger: createLogger({ level: 'warn', redact: createRedactor([]), write: (l) => logLines.push(l) }),
      clock: timers.now,
      timers,
      write: async (handle) => {
        const content = handle.take();
        if (failNext) {
          failNext = false;
          handle.restore(content);
          throw new Error('slack said no');
        }
        sent.push(content.view.eventCount);
        handle.shown(content);
      },
    });
    coalescer.offer({ ...initialRunView(), eventCount: 1 }, timers.now());
    // The failed write waits for its back-off timer: nothing is resent until the timer fires.
    await vi.waitFor(() => expect(timers.pending()).toBe(1));
    coalescer.offer({ ...initialRunView(), eventCount: 2 }, timers.now());
    expect(sent).toEqual([]);
    expect(logLines.some((l) => l.includes('relay progress write failed'))).toBe(true);
    await timers.advance(1_000);
    await coalescer.idle();
    expect(sent).toEqual([2]);
    expect(coalescer.pendingSince()).toBeUndefined();
    await coalescer.close();
  });
});
