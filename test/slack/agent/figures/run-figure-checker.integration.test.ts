/**
 * The relay's figure checker reads ahead: a data tool call naming a company starts that
 * statement's quarterly read (and the names call) while the run goes on, and the check at the run's
 * end uses what was read instead of reading it again. Over the app's service client and the
 * service emulator's HTTP request log.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { initialRunView, type RunView } from '../../../../src/agent/state/run-view.js';
import { startServiceEmulator, type ServiceEmulator } from '../../../../src/emulators/service/index.js';
import { createLogger } from '../../../../src/observability/logger.js';
import { createRedactor } from '../../../../src/observability/redactor.js';
import { createResearchClient, type ResearchClient } from '../../../../src/service/research-client.js';
import { fastTestRetryPolicy } from '../../../../src/service/retry-policy.js';
import type { RunRecord } from '../../../../src/store/records.js';
import { runFigureChecker } from '../../../../src/slack/agent/figures/check-run-figures.js';

let emu: ServiceEmulator;
let client: ResearchClient;
const INCOME = /income-statement/;
const incomeReads = (): string[] => emu.requestLog.filter((r) => INCOME.test(r.path)).map((r) => r.path);

beforeAll(async () => {
  emu = await startServiceEmulator({ port: 0, clock: () => Date.parse('2025-09-15T12:00:00Z') });
  client = createResearchClient({ baseUrl: emu.url, apiKey: emu.apiKey, timeoutMs: 30_000, retry: fastTestRetryPolicy });
});
afterAll(async () => {
  await client.close();
  await emu.close();
});

const run = { runId: 'run-warm-1' } as RunRecord;
const tool = (toolName: string, keyInput = 'US:NVDA'): RunView['tools'][number] => ({
  id: toolName,
  toolName,
  keyInput,
  status: 'running',
});

describe('runFigureChecker', () => {
  it('reads the statement a data tool names while the run goes on, and the check reads it no second time', async () => {
    const [latest] = await client.incomeStatement({ symbol: 'US:NVDA', period: 'quarterly', limit: 1 });
    const revenue = latest?.lines.revenue;
    expect(revenue).toBeGreaterThan(0);
    const label = `Q${latest?.fiscalQuarter.replace(/^Q/, '')} FY${latest?.fiscalYear}`;
    const before = incomeReads().length;

    const checker = runFigureChecker({ logger: createLogger({ level: 'error', redact: createRedactor([]), write: () => {} }) });
    const running: RunView = { ...initialRunView(), tools: [tool('search_news'), tool('get_income_statement')] };
    checker.warm({ service: client, view: running, run });
    // The read ahead is made without waiting for the run's end.
    await vi.waitFor(() => expect(incomeReads().length).toBe(before + 1));

    const report = `**NVIDIA** (\`US:NVDA\`): in ${label}, revenue of USD ${((revenue ?? 0) / 1e9).toFixed(2)}bn.`;
    const done: RunView = { ...running, status: 'completed', report: { nodeId: 'end', markdown: report } };
    const checked = await checker.check({ service: client, view: done, run, signal: new AbortController().signal });
    expect(checked.check).toMatchObject({ checked: 1, matched: 1, differs: [] });
    expect(incomeReads().length).toBe(before + 1);
  });

  it('a tool that reads no statement starts no statement read', async () => {
    const before = emu.requestLog.length;
    const checker = runFigureChecker({ logger: createLogger({ level: 'error', redact: createRedactor([]), write: () => {} }) });
    checker.warm({
      service: client,
      view: { ...initialRunView(), tools: [tool('get_stock_prices', 'US:AMD')] },
      run: { runId: 'run-warm-2' } as RunRecord,
    });
    // The names call (AMD's names are not known yet) is the one request a read ahead makes here.
    await vi.waitFor(() => expect(emu.requestLog.length).toBeGreaterThan(before));
    expect(emu.requestLog.slice(before).filter((r) => /statement|balance|cash-flow/.test(r.path))).toEqual([]);
  });
});
