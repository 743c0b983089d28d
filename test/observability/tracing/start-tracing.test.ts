/**
 * Tracing off loads nothing: with no endpoint, start-up never asks for the SDK's module (the
 * loader is the seam: by default it is the dynamic import of tracing-sdk.ts, which imports the SDK).
 * The e2e test (test/e2e/tracing.test.ts) checks the same of the real process.
 */
import { describe, expect, it } from 'vitest';
import { startTracing, type TracingSdkModule } from '../../../src/observability/tracing/start-tracing.js';
import { TRACING_OFF } from '../../../src/observability/tracing/tracing.js';

function recordingLoader(): { load: () => Promise<TracingSdkModule>; asked: Array<{ serviceName: string }> } {
  const asked: Array<{ serviceName: string }> = [];
  return {
    asked,
    load: () =>
      Promise.resolve({
        startTracingSdk: (settings) => {
          asked.push(settings);
          return Promise.resolve(TRACING_OFF);
        },
      }),
  };
}

describe('startTracing', () => {
  it('without an endpoint returns tracing off and never loads the SDK', async () => {
    const loader = recordingLoader();
    const tracing = await startTracing({ enabled: false }, loader.load);
    expect(tracing.enabled).toBe(false);
    expect(loader.asked).toEqual([]);
    await expect(tracing.shutdown()).resolves.toBeUndefined();
  });

  it('with an endpoint loads the SDK once, under the configured service name', async () => {
    const loader = recordingLoader();
    await startTracing({ enabled: true, serviceName: 'research-desk' }, loader.load);
    expect(loader.asked).toEqual([{ serviceName: 'research-desk' }]);
  });
});
