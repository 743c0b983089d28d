/**
 * trendingConcepts against the service emulator over HTTP, through the app's workspace directory:
 * the concepts of the `/concepts` card in its order with its stock names, a bad limit refused with
 * the range, a service failure as its typed ServiceError, each workspace on its own key.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../../../../src/observability/logger.js';
import { ServiceError } from '../../../../src/service/errors/service-error.js';
import { withListStockNames } from '../../../../src/slack/concepts/concept-stock-names.js';
import { renderConceptsList, SUMMARY_STOCKS } from '../../../../src/slack/concepts/concepts-card.js';
import { FEATURE_HOOKS } from '../../../../src/slack/register-listeners.js';
import { OperationInputError } from '../../../../src/slack/kit/operations/operation-input-error.js';
import { operationFailure } from '../../../../src/slack/kit/operations/operation-failure.js';
import { ALPHA, BETA, rejectionOf, useOperationsWorld } from '../../kit/operations/support/operations-world.js';

const { trendingConcepts } = FEATURE_HOOKS.operations;
const w = useOperationsWorld('concepts');

/** The card `/concepts top:<top>` makes (the command's fetch, names and renderer), as JSON text. */
async function cardOf(top: number): Promise<string> {
  const log = createMemoryLogger((t) => t);
  const latest = await w.alphaService.latestConcepts({ includeDocs: true });
  const named = await withListStockNames(w.alphaService, latest, top, { call: {}, log });
  return JSON.stringify(renderConceptsList(named, { top }));
}

describe('good input', () => {
  it.each([[undefined], [3]])('limit %s: the /concepts card’s concepts, in its order, with its stock names', async (limit) => {
    const out = await trendingConcepts(w.deps, ALPHA, limit === undefined ? {} : { limit });
    const card = await cardOf(limit ?? 10);
    expect(out.concepts.length).toBe(Math.min(limit ?? 10, out.totalCount));
    const places = out.concepts.map((c) => card.indexOf(`\\"c\\":\\"${c.id}\\"`));
    expect(
      places.every((p) => p >= 0),
      card.slice(0, 400),
    ).toBe(true);
    expect(places).toEqual([...places].sort((a, b) => a - b));
    for (const c of out.concepts) {
      for (const s of c.stocks.slice(0, SUMMARY_STOCKS)) expect(card, `${c.name}: ${s.name}`).toContain(s.name);
    }
    const scores = out.concepts.map((c) => c.trendingScore);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('gives each concept’s fields', async () => {
    const [first] = (await trendingConcepts(w.deps, ALPHA, { limit: 1 })).concepts;
    expect(first).toMatchObject({ id: expect.any(String), name: expect.any(String), firstDetected: expect.any(Boolean) });
    expect(first?.keywords.length).toBeGreaterThan(0);
    expect(first?.stocks[0]?.symbol).toMatch(/^[A-Z]{2}:\w+$/);
    expect(first?.documents[0]?.title).toBeTruthy();
    expect(first?.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('bad input', () => {
  it.each([0, 21, 2.5])('limit %s is refused with the range', async (limit) => {
    const error = await rejectionOf(trendingConcepts(w.deps, ALPHA, { limit }));
    expect(error).toBeInstanceOf(OperationInputError);
    expect(error).toMatchObject({
      field: 'limit',
      code: Number.isInteger(limit) ? 'out_of_range' : 'bad_format',
      message: 'limit must be a whole number from 1 to 20 (leave it empty for 10).',
    });
  });
});

describe('failures of the service', () => {
  it('an outage is its typed ServiceError', async () => {
    w.service.setFaults({ errorRate: 1 });
    const error = await rejectionOf(trendingConcepts(w.deps, ALPHA, {}));
    expect(error).toBeInstanceOf(ServiceError);
    expect(operationFailure(error, { correlationId: 'c-1', action: 'the trending concepts' })).toMatchObject({
      code: 'service_upstream',
      retryable: true,
      message: 'The research service is unavailable right now for the trending concepts. Try again in a moment.',
    });
  });
});

describe('one workspace, its own service client', () => {
  it('each workspace’s calls carry its own key', async () => {
    for (const ref of [ALPHA, BETA]) {
      const from = w.service.requestLog.length;
      await trendingConcepts(w.deps, ref, { limit: 2 });
      expect(new Set(w.service.requestLog.slice(from).map((e) => e.keyIndex))).toEqual(new Set([w.keyIndexOf(ref)]));
    }
  });
});
