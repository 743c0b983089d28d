/**
 * checkFigureList through serviceStatementReader and the app's own service client, against the
 * service emulator over HTTP, in the interface framing (latest) and the published one. The
 * figures are built by hand from the emulator's own statements: true ones (rounded as a report
 * writes them) match; planted errors (+8%, the year before's value, ×10, ×1000, a margin written
 * as an amount) differ; each company's statement and period kind is fetched once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceEmulator, type ServiceEmulator } from '../../../../src/emulators/service/index.js';
import { checkFigureList } from '../../../../src/figures/check/check-figures.js';
import type { StatementReader } from '../../../../src/figures/check/statement-reader.js';
import type { ExtractedFigure, FigurePeriod, FigureValue, FigureVerdict, StatementKind } from '../../../../src/figures/figure-types.js';
import { createResearchClient, type ResearchClient } from '../../../../src/service/research-client.js';
import { fastTestRetryPolicy } from '../../../../src/service/retry-policy.js';
import type { IncomeStatementRecord, StatementPeriod } from '../../../../src/service/types.js';
import { serviceStatementReader } from '../../../../src/slack/agent/figures/service-statement-reader.js';

let emu: ServiceEmulator;
const clients: ResearchClient[] = [];

beforeAll(async () => {
  emu = await startServiceEmulator({ port: 0, clock: () => Date.parse('2025-09-15T12:00:00Z') });
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await emu.close();
});

function freshClient(): ResearchClient {
  const c = createResearchClient({ baseUrl: emu.url, apiKey: emu.apiKey, timeoutMs: 30_000, retry: fastTestRetryPolicy });
  clients.push(c);
  return c;
}

/** Counts every read the checker makes, by (symbol, statement, period). */
function counting(reader: StatementReader): StatementReader & { reads: string[] } {
  const reads: string[] = [];
  return {
    reads,
    read<K extends StatementKind>(symbol: string, statement: K, period: StatementPeriod) {
      reads.push(`${symbol} ${statement} ${period}`);
      return reader.read(symbol, statement, period);
    },
  };
}

/** A value as a report writes it: to `step` (0.01e9 for "54.39bn"), with half a step of rounding. */
const written = (v: number, step: number): FigureValue => ({ value: Math.round(v / step) * step, unit: 'amount', rounding: step / 2 });

interface Planted {
  figure: ExtractedFigure;
  expected: FigureVerdict['status'] | 'not_in_statements';
  why: string;
}

function figure(
  symbol: string,
  metric: ExtractedFigure['metric'],
  period: FigurePeriod,
  value: ExtractedFigure['value'],
  measure: ExtractedFigure['measure'] = 'level',
): ExtractedFigure {
  return { symbol, metric, measure, period, value, written: String(value.value), source: 'text', offset: 0 };
}

const line = (r: IncomeStatementRecord | undefined, name: string): number => {
  const v = r?.lines[name];
  if (typeof v !== 'number') throw new Error(`no ${name} in ${r?.fiscalYear} ${r?.fiscalQuarter}`);
  return v;
};

/** True and wrong figures of one company, from the statements the emulator serves. */
async function figuresOf(client: ResearchClient, symbol: string, bank = false): Promise<Planted[]> {
  const annual = await client.incomeStatement({ symbol, period: 'annual', limit: 40 });
  const quarterly = await client.incomeStatement({ symbol, period: 'quarterly', limit: 40 });
  const balance = await client.balanceSheet({ symbol, period: 'quarterly', limit: 40 });
  const cumulative = await client.cashFlow({ symbol, period: 'cumulative quarterly', limit: 40 });
  const [latest, before] = annual;
  const fy = Number(latest?.fiscalYear);
  expect(Number(before?.fiscalYear)).toBe(fy - 1);
  const FY: FigurePeriod = { fiscalYear: fy, kind: 'FY' };
  const amountStep = 0.01e9;
  const revenue = line(latest, 'revenue');
  const revenueBefore = line(before, 'revenue');
  const growth = ((revenue - revenueBefore) / Math.abs(revenueBefore)) * 100;
  const quarter = quarterly[0];
  const qPeriod: FigurePeriod = { fiscalYear: Number(quarter?.fiscalYear), kind: quarter?.fiscalQuarter as FigurePeriod['kind'] };
  const h1Year = Number(quarterly.find((r) => r.fiscalQuarter === 'Q2')?.fiscalYear);
  const quarterOf = (q: string) => quarterly.find((r) => r.fiscalQuarter === q && Number(r.fiscalYear) === h1Year);
  const h1Revenue = line(quarterOf('Q1'), 'revenue') + line(quarterOf('Q2'), 'revenue');
  const position = balance[0];
  const posPeriod: FigurePeriod = { fiscalYear: Number(position?.fiscalYear), kind: position?.fiscalQuarter as FigurePeriod['kind'] };
  const assets = position?.nonCurrentAssets.total_assets ?? position?.currentAssets.total_assets ?? 0;
  const liabilities = position?.nonCurrentLiabilities.total_liabilities ?? position?.currentLiabilities.total_liabilities ?? 0;
  const h1Cash = cumulative.find((r) => r.fiscalQuarter === 'H1');
  const h1CashPeriod: FigurePeriod = { fiscalYear: Number(h1Cash?.fiscalYear), kind: 'H1' };
  const operatingCash = h1Cash?.operating.net_cash_flows_from_operating_activities ?? 0;
  const owners = line(quarter, 'profit_attributable_to_owners_of_the_parent');
  const eps = line(latest, 'basic_earnings_per_share');
  const out: Planted[] = [
    { figure: figure(symbol, 'revenue', FY, written(revenue, amountStep)), expected: 'match', why: 'revenue' },
    { figure: figure(symbol, 'revenue', FY, written(revenue * 1.08, amountStep)), expected: 'differs', why: 'revenue +8%' },
    { figure: figure(symbol, 'revenue', FY, written(revenueBefore, amountStep)), expected: 'differs', why: 'revenue of the year before' },
    {
      figure: figure(symbol, 'revenue', FY, { value: Math.round(growth * 10) / 10, unit: 'percent', rounding: 0.05 }, 'yoy_growth'),
      expected: 'match',
      why: 'growth',
    },
    {
      figure: figure(
        symbol,
        'revenue',
        FY,
        { value: Math.round(growth * 1.08 * 10) / 10 + 0.8, unit: 'percent', rounding: 0.05 },
        'yoy_growth',
      ),
      expected: 'differs',
      why: 'growth off',
    },
    {
      figure: figure(symbol, 'revenue', { fiscalYear: h1Year, kind: 'H1' }, written(h1Revenue, amountStep)),
      expected: 'match',
      why: 'H1 revenue',
    },
    {
      figure: figure(symbol, 'net_profit_to_owners', qPeriod, written(owners, 0.001e9)),
      expected: 'match',
      why: 'quarter profit to owners',
    },
    { figure: figure(symbol, 'net_profit_to_owners', qPeriod, written(owners * 10, 0.001e9)), expected: 'differs', why: 'profit ×10' },
    { figure: figure(symbol, 'eps_basic', FY, { ...written(eps, 0.01), unit: 'per_share' }), expected: 'match', why: 'EPS' },
    { figure: figure(symbol, 'total_assets', posPeriod, written(assets, amountStep)), expected: 'match', why: 'total assets' },
    { figure: figure(symbol, 'total_assets', posPeriod, written(assets * 10, amountStep)), expected: 'differs', why: 'total assets ×10' },
    {
      figure: figure(symbol, 'debt_to_assets', posPeriod, { ...written((liabilities / assets) * 100, 0.1), unit: 'percent' }),
      expected: 'match',
      why: 'debt to assets',
    },
    {
      figure: figure(symbol, 'operating_cash_flow', h1CashPeriod, written(operatingCash, amountStep)),
      expected: 'match',
      why: 'H1 operating cash flow',
    },
    {
      figure: figure(symbol, 'operating_cash_flow', h1CashPeriod, written(operatingCash * 1000, amountStep)),
      expected: 'differs',
      why: 'operating cash flow ×1000',
    },
  ];
  if (bank) {
    out.push({
      figure: figure(symbol, 'gross_margin', FY, { value: 40, unit: 'percent', rounding: 0.05 }),
      expected: 'not_in_statements',
      why: 'a bank’s gross margin',
    });
    return out;
  }
  const grossProfit = line(latest, 'gross_profit');
  const margin = (grossProfit / revenue) * 100;
  const marginBefore = (line(before, 'gross_profit') / revenueBefore) * 100;
  out.push(
    { figure: figure(symbol, 'gross_margin', FY, { ...written(margin, 0.1), unit: 'percent' }), expected: 'match', why: 'gross margin' },
    {
      figure: figure(symbol, 'gross_margin', FY, { ...written(margin * 1.08, 0.1), unit: 'percent' }),
      expected: 'differs',
      why: 'gross margin +8%',
    },
    {
      figure: figure(symbol, 'gross_margin', FY, { ...written(margin - marginBefore, 0.1), unit: 'points' }, 'yoy_change'),
      expected: 'match',
      why: 'gross margin change in points',
    },
    {
      figure: figure(symbol, 'gross_margin', FY, { ...written(grossProfit, amountStep), unit: 'amount' }),
      expected: 'match',
      why: 'gross profit as a margin',
    },
    {
      figure: figure(symbol, 'gross_margin', FY, { ...written(margin * 1e9, amountStep), unit: 'amount' }),
      expected: 'differs',
      why: 'the margin written as an amount',
    },
  );
  return out;
}

const COMPANIES: ReadonlyArray<[string, boolean]> = [
  ['SH:600519', false],
  ['US:NVDA', false],
  ['HK:00700', false],
  ['SH:600036', true],
];

const verdictsByVariant = new Map<string, FigureVerdict[]>();

describe.each(['latest', 'published'] as const)('the %s framing', (variant) => {
  beforeAll(() => emu.setVariant(variant));
  afterAll(() => emu.setVariant('latest'));

  it('true figures match, planted errors differ, each statement is fetched once', async () => {
    const client = freshClient();
    const planted = (await Promise.all(COMPANIES.map(([symbol, bank]) => figuresOf(client, symbol, bank)))).flat();
    const reader = counting(serviceStatementReader(client));
    const before = emu.requestLog.length;
    const verdicts = await checkFigureList(
      planted.map((p) => p.figure),
      reader,
    );
    const stockRequests = emu.requestLog.slice(before).filter((r) => r.path.startsWith('/v1/stock/'));

    expect(
      verdicts.map((v, i) => `${planted[i]?.figure.symbol} ${planted[i]?.why}: ${v.status === 'unchecked' ? v.reason : v.status}`),
    ).toEqual(planted.map((p) => `${p.figure.symbol} ${p.why}: ${p.expected}`));
    // income annual + quarterly, balance quarterly, cash flow cumulative: per company, once each.
    expect(reader.reads).toHaveLength(new Set(reader.reads).size);
    expect(reader.reads).toHaveLength(COMPANIES.length * 4);
    expect(stockRequests).toHaveLength(reader.reads.length);
    expect(stockRequests.every((r) => r.status === 200)).toBe(true);
    verdictsByVariant.set(variant, verdicts);
  });
});

describe('both framings', () => {
  it('give the same verdicts', () => {
    expect(verdictsByVariant.get('published')).toEqual(verdictsByVariant.get('latest'));
    expect(verdictsByVariant.get('latest')?.length).toBeGreaterThan(60);
  });

  it('reads a calendar year of a company whose fiscal year ends in January either way', async () => {
    const client = freshClient();
    const [latest] = await client.incomeStatement({ symbol: 'US:NVDA', period: 'annual', limit: 1 });
    const fy = Number(latest?.fiscalYear);
    expect(latest?.endDate.slice(5, 7)).toBe('01');
    const revenue = line(latest, 'revenue');
    const calendar = (year: number): FigurePeriod => ({ fiscalYear: year, kind: 'FY', calendarYear: true });
    const value = { ...written(revenue, 0.01e9), unit: 'amount' as const };
    const verdicts = await checkFigureList(
      [
        figure('US:NVDA', 'revenue', calendar(fy - 1), value),
        figure('US:NVDA', 'revenue', calendar(fy), value),
        figure('US:NVDA', 'revenue', { fiscalYear: fy - 1, kind: 'FY' }, value),
      ],
      serviceStatementReader(client),
    );
    expect(verdicts.map((v) => v.status)).toEqual(['match', 'match', 'differs']);
    expect(verdicts[0]).toMatchObject({ statement: { period: { fiscalYear: fy, kind: 'FY', endDate: latest?.endDate } } });
  });
});
