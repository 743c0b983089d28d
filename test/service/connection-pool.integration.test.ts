import { afterEach, describe, expect, it } from 'vitest';
import { createResearchClient, type ResearchClient } from '../../src/service/research-client.js';
import { sendJson, startCraftedServer, type CraftedServer } from './crafted-server.js';

/**
 * The service answers nothing until `inFlight` calls are open at once: the client passes only if
 * its pool lets that many through together (a pool too small leaves the calls waiting forever).
 */
async function serviceAnsweringAt(inFlight: number): Promise<CraftedServer & { peak: () => number }> {
  const held: Array<() => void> = [];
  let peak = 0;
  const server = await startCraftedServer((_req, res) => {
    held.push(() => sendJson(res, 200, []));
    peak = Math.max(peak, held.length);
    if (held.length === inFlight) for (const answer of held.splice(0)) answer();
  });
  return Object.assign(server, { peak: () => peak });
}

describe('the service client connection pool', () => {
  let server: (CraftedServer & { peak: () => number }) | undefined;
  let client: ResearchClient | undefined;
  afterEach(async () => {
    await client?.close();
    await server?.close();
  });

  // 300 calls at once is 1,000 calls/s to a 300 ms service: more than the app acks at saturation.
  it.each([
    ['by default', undefined],
    ['with no limit (0)', 0],
  ])(
    'carries 300 calls at once %s',
    async (_label, maxConnections) => {
      server = await serviceAnsweringAt(300);
      client = createResearchClient({
        baseUrl: server.url,
        apiKey: 'k',
        timeoutMs: 20_000,
        ...(maxConnections !== undefined ? { maxConnections } : {}),
      });
      const answers = await Promise.all(Array.from({ length: 300 }, () => client!.latestConcepts()));
      expect(answers).toHaveLength(300);
      expect(server.peak()).toBe(300);
    },
    30_000,
  );
});
