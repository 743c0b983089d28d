/**
 * Issue 30's benchmark: the extractor and the checker on the labelled set (test/figures/labelled-set/).
 * Every case's Markdown is read by the real extractor, and its figures are checked by the real
 * checker against the service emulator's statements over HTTP, through the app's own client and
 * statement reader, one cached reader per case as per run. The test prints recall, the share of
 * planted errors flagged and the precision of the flags (by language too) with every miss, and
 * fails below the acceptance: recall ≥ 90%, flagged ≥ 90%, precision ≥ 95%.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceEmulator, type ServiceEmulator } from '../../src/emulators/service/index.js';
import { createResearchClient, type ResearchClient } from '../../src/service/research-client.js';
import { fastTestRetryPolicy } from '../../src/service/retry-policy.js';
import { createMemoryLogger } from '../../src/observability/logger.js';
import { createRedactor } from '../../src/observability/redactor.js';
import { extractFigures } from '../../src/figures/extract/extract-figures.js';
import { checkFigureList } from '../../src/figures/check/check-figures.js';
import { cachedStatementReader } from '../../src/figures/check/statement-reader.js';
import { serviceStatementReader } from '../../src/slack/agent/figures/service-statement-reader.js';
import { LABELLED_SET } from './labelled-set/index.js';
import { scoreLabelledSet, type CaseResult, type Scored } from './labelled-set/score-labelled-set.js';
import { describeScore } from './labelled-set/describe-score.js';

let emu: ServiceEmulator;
let client: ResearchClient;
let scored: Scored;

beforeAll(async () => {
  // The base dataset (no anchor): the one the set's true figures were read from.
  emu = await startServiceEmulator({ port: 0 });
  client = createResearchClient({
    baseUrl: emu.url,
    apiKey: emu.apiKey,
    timeoutMs: 10_000,
    retry: fastTestRetryPolicy,
    logger: createMemoryLogger(createRedactor([])),
  });
  const results: CaseResult[] = [];
  for (const labelled of LABELLED_SET) {
    const companies = labelled.companies ?? [];
    const figures = extractFigures(labelled.markdown, companies);
    const verdicts = await checkFigureList(figures, cachedStatementReader(serviceStatementReader(client)), { companies });
    results.push({ labelled, verdicts });
  }
  scored = scoreLabelledSet(results);
  process.stdout.write(`${describeScore(scored)}\n`);
}, 120_000);

afterAll(async () => {
  await client?.close();
  await emu?.close();
});

describe('the labelled set', () => {
  const expected = LABELLED_SET.flatMap((c) => c.expected);
  const planted = expected.filter((e) => e.planted);

  it('holds at least 150 true figures and 50 planted errors of every kind, in both languages', () => {
    expect(expected.length - planted.length).toBeGreaterThanOrEqual(150);
    expect(planted.length).toBeGreaterThanOrEqual(50);
    for (const kind of ['wrong_value', 'wrong_period', 'unit_10x', 'unit_1000x', 'margin_as_amount'] as const) {
      expect(planted.filter((e) => e.planted === kind).length, kind).toBeGreaterThanOrEqual(8);
    }
    for (const lang of ['zh', 'en'] as const) {
      const cases = LABELLED_SET.filter((c) => c.lang === lang);
      expect(cases.flatMap((c) => c.expected).filter((e) => e.planted).length, lang).toBeGreaterThanOrEqual(20);
    }
    expect(new Set(LABELLED_SET.map((c) => c.id)).size).toBe(LABELLED_SET.length);
    expect(LABELLED_SET.every((c) => c.expected.filter((e) => e.planted).length <= 1)).toBe(true);
  });

  it('extraction recall is at least 90%', () => {
    expect(scored.total.expected).toBe(expected.length);
    expect(scored.total.recall).toBeGreaterThanOrEqual(0.9);
  });

  it('at least 90% of the planted errors are flagged', () => {
    expect(scored.total.planted).toBe(planted.length);
    expect(scored.total.flaggedShare).toBeGreaterThanOrEqual(0.9);
  });

  it('at least 95% of the flags are planted errors', () => {
    expect(scored.total.differs).toBeGreaterThan(0);
    expect(scored.total.precision).toBeGreaterThanOrEqual(0.95);
  });
});
