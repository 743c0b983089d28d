/**
 * companyFinancials against the service emulator over HTTP, through the app's workspace directory:
 * the figures are the `/financials` card's, every kind of bad input is an OperationInputError that
 * says how to fix it (an unknown symbol with the command's suggestions), a service failure is its
 * typed ServiceError, and each workspace's call carries its own service key.
 */
import type { DataTableBlock, RawNumberElement, RawTextElement } from '@slack/types';
import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../../../src/service/errors/service-error.js';
import { fetchFinancialsCard } from '../../../../src/slack/financials/financials-card.js';
import { isKindRequest, readFinancialsText } from '../../../../src/slack/financials/read-financials-text.js';
import { FEATURE_HOOKS } from '../../../../src/slack/register-listeners.js';
import { OperationInputError } from '../../../../src/slack/kit/operations/operation-input-error.js';
import { STATEMENT_MAX_PERIODS } from '../../../../src/slack/kit/operations/company-financials-types.js';
import { operationFailure } from '../../../../src/slack/kit/operations/operation-failure.js';
import { WorkspaceNotConnectedError } from '../../../../src/workspaces/workspace-errors.js';
import { createMemoryLogger } from '../../../../src/observability/logger.js';
import { ALPHA, BETA, DELTA, GAMMA, NOW_MS, rejectionOf, useOperationsWorld } from '../../kit/operations/support/operations-world.js';

const { companyFinancials } = FEATURE_HOOKS.operations;
const w = useOperationsWorld('financials');

/** The card of `/financials <text>` as the command makes it (the same reader, descriptor and renderer). */
async function cardTable(text: string): Promise<DataTableBlock> {
  const read = readFinancialsText(text, new Date(NOW_MS));
  if (!isKindRequest(read)) throw new Error(`not a request: ${text}`);
  const card = await fetchFinancialsCard(w.alphaService, read, {
    correlationId: 'card',
    log: createMemoryLogger((t) => t),
    now: NOW_MS,
  });
  const table = card.blocks?.find((b): b is DataTableBlock => b.type === 'data_table');
  if (!table) throw new Error('the card has no table');
  return table;
}

const cellText = (c: RawTextElement | RawNumberElement | { type: string }): string => ('text' in c ? String(c.text) : '');

async function inputError(promise: Promise<unknown>): Promise<OperationInputError> {
  const error = await rejectionOf(promise);
  expect(error).toBeInstanceOf(OperationInputError);
  return error as OperationInputError;
}

describe('good input', () => {
  it.each([
    ['SH:600519', 'income', 'SH:600519 income'],
    ['hk:700', 'Balance sheet', 'hk:700 balance'],
    ['US:NVDA', 'cash flow', 'US:NVDA cashflow'],
  ])('%s %s gives the /financials card’s periods and figures', async (symbol, statement, command) => {
    const out = await companyFinancials(w.deps, ALPHA, { symbol, statement });
    const table = await cardTable(command);
    const [head, ...lines] = table.rows;
    expect(out.periods).toEqual(head?.slice(1).map(cellText));
    expect(out.periods.length).toBeGreaterThan(0);
    const figureLines = lines.filter((row) => !cellText(row[0] ?? { type: '' }).startsWith('—'));
    expect(out.rows.map((r) => r.label)).toEqual(figureLines.map((row) => cellText(row[0] ?? { type: '' })));
    for (const [i, row] of figureLines.entries()) {
      // Each number is the card cell's own value (raw_number), a missing one null.
      const values = row.slice(1).map((c) => (c.type === 'raw_number' ? (c as RawNumberElement).value : null));
      expect(out.rows[i]?.values, out.rows[i]?.label).toEqual(values);
    }
    // The Markdown table shows every cell as the card formats it.
    for (const row of table.rows) expect(out.markdownTable).toContain(`| ${row.map(cellText).join(' | ')} |`);
    expect(out.unit).toMatch(/^Amounts in /);
    expect(out.periodEnds).toHaveLength(out.periods.length);
  });

  it('names the company, the canonical symbol and the statement, with key figures of the newest period', async () => {
    const out = await companyFinancials(w.deps, ALPHA, { symbol: '600519', statement: 'p&l', period: 'annual', limit: 3 });
    expect(out).toMatchObject({ symbol: 'SH:600519', statement: 'income', statementTitle: 'Income statement' });
    expect(out.companyName).toBeTruthy();
    expect(out.periods).toHaveLength(3);
    expect(out.periods.every((p) => p.startsWith('FY'))).toBe(true);
    expect(Object.keys(out.keyFigures)).toEqual([
      'revenue',
      'grossProfit',
      'operatingProfit',
      'netProfit',
      'netProfitToOwners',
      'epsBasic',
    ]);
    const revenue = out.rows.find((r) => r.label === 'Revenue');
    expect(out.keyFigures.revenue).toBe(revenue?.values[0]);
    expect(typeof out.keyFigures.revenue).toBe('number');
    expect(out.currency).toBe('CNY');
    expect(out.markdownTable.split('\n')[0]).toContain('SH:600519');
  });
});

describe('bad input is an OperationInputError that says how to fix it', () => {
  it('an unknown symbol: the command’s refusal with the closest symbols the service knows', async () => {
    const error = await inputError(companyFinancials(w.deps, ALPHA, { symbol: 'US:NVDX', statement: 'income' }));
    expect(error).toMatchObject({ code: 'unknown_symbol', field: 'symbol' });
    expect(error.message).toBe('US:NVDX is not a symbol the research service knows. Did you mean US:NVDA (NVIDIA) or US:AMD (AMD)?');
    expect(error.suggestions).toEqual(['US:NVDA', 'US:AMD']);
  });

  it('a symbol in the wrong form: what is wrong with it', async () => {
    expect(await inputError(companyFinancials(w.deps, ALPHA, { symbol: 'XX:1', statement: 'income' }))).toMatchObject({
      code: 'bad_format',
      field: 'symbol',
      message: 'XX:1: unknown market XX; use SH, SZ, HK or US.',
    });
    expect((await inputError(companyFinancials(w.deps, ALPHA, { symbol: 'hk:abc', statement: 'income' }))).message).toBe(
      'hk:abc: Hong Kong codes have up to 5 digits, e.g. HK:00700.',
    );
  });

  it('a company’s name for its symbol: the symbol, as /financials suggests it', async () => {
    expect(await inputError(companyFinancials(w.deps, ALPHA, { symbol: 'nvidia', statement: 'income' }))).toMatchObject({
      code: 'unknown_symbol',
      field: 'symbol',
      message: 'nvidia is not a symbol. Did you mean US:NVDA (NVIDIA)?',
      suggestions: ['US:NVDA'],
    });
  });

  it('no symbol, or several', async () => {
    expect(await inputError(companyFinancials(w.deps, ALPHA, { symbol: ' ', statement: 'income' }))).toMatchObject({
      code: 'missing',
      field: 'symbol',
      message: "Give a company's symbol, e.g. SH:600519, HK:00700 or US:NVDA.",
    });
    const several = await inputError(companyFinancials(w.deps, ALPHA, { symbol: 'US:NVDA US:AAPL', statement: 'income' }));
    expect(several).toMatchObject({ code: 'bad_format', field: 'symbol' });
    expect(several.message).toContain('Give one symbol');
  });

  it('an unknown statement: the valid ones, and the nearest', async () => {
    const error = await inputError(companyFinancials(w.deps, ALPHA, { symbol: 'US:NVDA', statement: 'incme' }));
    expect(error).toMatchObject({ code: 'not_allowed', field: 'statement', allowed: ['income', 'balance', 'cashflow'] });
    expect(error.message).toBe('Unknown statement “incme” — did you mean income? Choose one of income, balance, cashflow.');
    const prices = await inputError(companyFinancials(w.deps, ALPHA, { symbol: 'US:NVDA', statement: 'prices' }));
    expect(prices.allowed).toEqual(['income', 'balance', 'cashflow']);
  });

  it('an unknown period, a cumulative balance sheet, a limit out of range', async () => {
    expect(await inputError(companyFinancials(w.deps, ALPHA, { symbol: 'US:NVDA', statement: 'income', period: 'monthly' }))).toMatchObject(
      {
        code: 'not_allowed',
        field: 'period',
        allowed: ['annual', 'quarterly', 'cumulative'],
      },
    );
    const cumulative = await inputError(
      companyFinancials(w.deps, ALPHA, { symbol: 'US:NVDA', statement: 'balance', period: 'cumulative' }),
    );
    expect(cumulative.field).toBe('period');
    expect(cumulative.message).toMatch(/cumulative/i);
    // The kit's STATEMENT_MAX_PERIODS is the /financials parser's own limit.
    await expect(
      companyFinancials(w.deps, ALPHA, { symbol: 'US:NVDA', statement: 'income', limit: STATEMENT_MAX_PERIODS }),
    ).resolves.toMatchObject({ symbol: 'US:NVDA' });
    expect(
      await inputError(companyFinancials(w.deps, ALPHA, { symbol: 'US:NVDA', statement: 'income', limit: STATEMENT_MAX_PERIODS + 1 })),
    ).toMatchObject({ code: 'out_of_range', field: 'limit', message: 'limit is a number of periods from 1 to 19.' });
    expect(await inputError(companyFinancials(w.deps, ALPHA, { symbol: 'US:NVDA', statement: 'income', limit: 2.5 }))).toMatchObject({
      code: 'bad_format',
      field: 'limit',
    });
  });

  it('is worded for a workflow or a tool by operationFailure', async () => {
    const error = await rejectionOf(companyFinancials(w.deps, ALPHA, { symbol: 'US:NVDA', statement: 'incme' }));
    expect(operationFailure(error, { correlationId: 'c-1' })).toEqual({
      code: 'input_not_allowed',
      message: 'Unknown statement “incme” — did you mean income? Choose one of income, balance, cashflow.',
      retryable: false,
      field: 'statement',
    });
  });
});

describe('failures of the service and of the workspace', () => {
  it('a service outage is its typed ServiceError, retryable, worded as the command words it', async () => {
    w.service.setFaults({ errorRate: 1 });
    const error = await rejectionOf(companyFinancials(w.deps, ALPHA, { symbol: 'US:NVDA', statement: 'income' }));
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).kind).toBe('upstream');
    const failure = operationFailure(error, { correlationId: 'c-2', action: 'the income statement' });
    expect(failure).toMatchObject({ code: 'service_upstream', retryable: true });
    expect(failure.message).toBe('The research service is unavailable right now for the income statement. Try again in a moment.');
  });

  it('a key the service refuses is an auth ServiceError; the message names no key', async () => {
    const error = await rejectionOf(companyFinancials(w.deps, GAMMA, { symbol: 'US:NVDA', statement: 'income' }));
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).kind).toBe('auth');
    expect(operationFailure(error, { correlationId: 'c-3' }).message).toMatch(/rejected this app's API key/);
  });

  it('a workspace without a connection hears how to connect', async () => {
    const error = await rejectionOf(companyFinancials(w.deps, DELTA, { symbol: 'US:NVDA', statement: 'income' }));
    expect(error).toBeInstanceOf(WorkspaceNotConnectedError);
    expect(operationFailure(error, { correlationId: 'c-4' })).toMatchObject({ code: 'workspace_unavailable', retryable: false });
  });
});

describe('one workspace, its own service client', () => {
  it('each workspace’s calls carry its own key, and both get the same data', async () => {
    const fromAlpha = w.service.requestLog.length;
    const alpha = await companyFinancials(w.deps, ALPHA, { symbol: 'US:NVDA', statement: 'income' });
    const alphaKeys = new Set(w.service.requestLog.slice(fromAlpha).map((e) => e.keyIndex));
    const fromBeta = w.service.requestLog.length;
    const beta = await companyFinancials(w.deps, BETA, { symbol: 'US:NVDA', statement: 'income' });
    const betaKeys = new Set(w.service.requestLog.slice(fromBeta).map((e) => e.keyIndex));
    expect([...alphaKeys]).toEqual([w.keyIndexOf(ALPHA)]);
    expect([...betaKeys]).toEqual([w.keyIndexOf(BETA)]);
    expect(w.keyIndexOf(ALPHA)).not.toBe(w.keyIndexOf(BETA));
    expect(beta.rows).toEqual(alpha.rows);
  });
});
