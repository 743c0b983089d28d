/**
 * The relay bench's figure-check profile: the check's service calls timed through the real client
 * against the service emulator over HTTP, and its durations read from the real logger's lines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { figureCheckRecorder } from '../../bench/lib/figure-check-profile.js';
import { startServiceEmulator, type ServiceEmulator } from '../../src/emulators/service/index.js';
import { createLogger, createMemoryLogger } from '../../src/observability/logger.js';
import { createRedactor } from '../../src/observability/redactor.js';
import { createResearchClient, type ResearchClient } from '../../src/service/research-client.js';

let emu: ServiceEmulator;
let client: ResearchClient;

beforeAll(async () => {
  emu = await startServiceEmulator({ port: 0 });
  client = createResearchClient({
    baseUrl: emu.url,
    apiKey: emu.apiKey,
    timeoutMs: 30_000,
    logger: createMemoryLogger(createRedactor([])),
  });
});
afterAll(async () => {
  await client.close();
  await emu.close();
});

describe('figureCheckRecorder', () => {
  it('times each statement read the wrapped service makes, and only those it makes', async () => {
    const recorder = figureCheckRecorder();
    const service = recorder.wrap(client);
    const records = await service.incomeStatement({ symbol: 'SH:600519', period: 'annual', limit: 2 });
    await service.balanceSheet({ symbol: 'SH:600519', period: 'annual', limit: 2 });
    await service.incomeStatement({ symbol: 'US:NVDA', period: 'quarterly', limit: 2 });
    await client.cashFlow({ symbol: 'SH:600519', period: 'annual', limit: 2 });
    expect(records.length).toBeGreaterThan(0);
    const { calls } = recorder.profile();
    expect(calls.incomeStatement?.count).toBe(2);
    expect(calls.balanceSheet?.count).toBe(1);
    expect(calls.cashFlow?.count).toBe(0);
    expect(calls.incomeStatement?.msTotal).toBeGreaterThan(0);
  });

  it("reads each check's duration and counts from the relay's log line, and counts warnings by message", () => {
    const recorder = figureCheckRecorder();
    const log = createLogger({ level: 'info', redact: createRedactor([]), write: (l) => recorder.onLogLine(l) }).child({ runId: 'r1' });
    log.info('figures checked', { checked: 12, matched: 11, differs: 1, unchecked: 3, ms: 40 });
    log.info('figures checked', { figures: 0, ms: 2 });
    log.info('run relayed', { status: 'completed', ms: 999 });
    log.warn('the figure check took too long; the answer goes out without it', { budgetMs: 8000 });
    recorder.onLogLine('not json');
    const p = recorder.profile();
    expect(p.checks).toEqual({ count: 2, msP50: 2, msP95: 40, msTotal: 42 });
    expect(p.verdicts).toEqual({ figures: 0, checked: 12, matched: 11, differs: 1, unchecked: 3 });
    expect(p.warnings).toEqual({ 'the figure check took too long; the answer goes out without it': 1 });
  });
});
