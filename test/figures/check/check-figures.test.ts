/**
 * checkFigureList over statements held in memory: which record a period reads, which readings
 * match, and when a figure is left unchecked instead of called wrong.
 */
import { describe, expect, it } from 'vitest';
import { checkFigureList } from '../../../src/figures/check/check-figures.js';
import type { StatementReader, StatementRecordsOf } from '../../../src/figures/check/statement-reader.js';
import type { ExtractedFigure, FigurePeriod, FigureValue, StatementKind } from '../../../src/figures/figure-types.js';
import type { StatementPeriod } from '../../../src/service/types.js';

type Income = StatementRecordsOf['income'];
type Balance = StatementRecordsOf['balance_sheet'];
type CashFlow = StatementRecordsOf['cash_flow'];

const header = (fiscalYear: number, fiscalQuarter: string, period: string, endDate: string, currency = 'CNY') => ({
  currency,
  endDate,
  symbol: '600519',
  fiscalYear: String(fiscalYear),
  fiscalQuarter,
  period,
});

/** A quarter of a company with a December year end: revenue grows 10% a year, the gross margin is 90%. */
function income(fy: number, q: number, revenue: number, period = 'quarterly', fiscalQuarter = `Q${q}`): Income {
  const end = ['03-31', '06-30', '09-30', '12-31'][q - 1];
  return {
    ...header(fy, fiscalQuarter, period, `${fy}-${end}`),
    lines: {
      revenue,
      cost_of_sales: revenue * 0.1,
      gross_profit: revenue * 0.9,
      profit_for_the_period: revenue * 0.5,
      profit_attributable_to_owners_of_the_parent: revenue * 0.48,
      basic_earnings_per_share: revenue / 1e9,
      diluted_earnings_per_share: revenue / 1.1e9,
    },
  };
}
const quarterRevenue = (fy: number, q: number) => (fy - 2020) * 1e10 + q * 1e9;
const INCOME: Income[] = [];
for (const fy of [2023, 2024, 2025]) for (const q of [1, 2, 3, 4]) INCOME.push(income(fy, q, quarterRevenue(fy, q)));
const ANNUAL: Income[] = [2023, 2024, 2025].map((fy) =>
  income(
    fy,
    4,
    [1, 2, 3, 4].reduce((s, q) => s + quarterRevenue(fy, q), 0),
    'annual',
    'FY',
  ),
);

function balance(fy: number, q: number, assets: number): Balance {
  const end = ['03-31', '06-30', '09-30', '12-31'][q - 1];
  return {
    ...header(fy, `Q${q}`, 'quarterly', `${fy}-${end}`),
    currentAssets: { cash_and_cash_equivalents: assets * 0.3 },
    nonCurrentAssets: { total_assets: assets },
    currentLiabilities: {},
    nonCurrentLiabilities: { total_liabilities: assets * 0.2 },
    ownersEquity: { total_shareholders_equity: assets * 0.8 },
  };
}
const BALANCE = [2024, 2025].flatMap((fy) => [1, 2, 3, 4].map((q) => balance(fy, q, (fy - 2000) * 1e10 + q * 1e9)));

const cashFlow = (fy: number, fiscalQuarter: string, period: string, endDate: string, operating: number): CashFlow => ({
  ...header(fy, fiscalQuarter, period, endDate),
  operating: { net_cash_flows_from_operating_activities: operating },
  investing: { net_cash_flows_from_investing_activities: -operating / 2 },
  financing: {},
});
const CUMULATIVE = [
  cashFlow(2025, 'H1', 'cumulative quarterly', '2025-06-30', 7e9),
  cashFlow(2025, 'Q3 (9 months)', 'cumulative quarterly', '2025-09-30', 11e9),
];

const STATEMENTS: Record<string, readonly unknown[]> = {
  'income:quarterly': INCOME,
  'income:annual': ANNUAL,
  'balance_sheet:quarterly': BALANCE,
  'cash_flow:cumulative quarterly': CUMULATIVE,
};

/** The statements above for SH:600519; every read is logged; `failing` reads reject. */
function memoryReader(failing: string[] = []): StatementReader & { log: string[] } {
  const log: string[] = [];
  return {
    log,
    read<K extends StatementKind>(symbol: string, statement: K, period: StatementPeriod) {
      const key = `${statement}:${period}`;
      log.push(`${symbol} ${key}`);
      if (failing.includes(key)) return Promise.reject(new Error('service down'));
      return Promise.resolve((symbol === 'SH:600519' ? (STATEMENTS[key] ?? []) : []) as ReadonlyArray<StatementRecordsOf[K]>);
    },
  };
}

const value = (v: number, unit: FigureValue['unit'] = 'amount', rounding = 0.05e9, currency?: FigureValue['currency']): FigureValue => ({
  value: v,
  unit,
  rounding,
  ...(currency ? { currency } : {}),
});
function fig(
  metric: ExtractedFigure['metric'],
  period: FigurePeriod | undefined,
  v: FigureValue,
  measure: ExtractedFigure['measure'] = 'level',
): ExtractedFigure {
  return {
    symbol: 'SH:600519',
    metric,
    measure,
    ...(period ? { period } : {}),
    value: v,
    written: String(v.value),
    source: 'text',
    offset: 0,
  };
}
const FY = (fiscalYear: number): FigurePeriod => ({ fiscalYear, kind: 'FY' });
const revenueFY2025 = ANNUAL[2]?.lines.revenue ?? 0;
const revenueFY2024 = ANNUAL[1]?.lines.revenue ?? 0;

describe('checkFigureList', () => {
  it('matches an amount within its rounding and flags one off by 8%, ten times or a year', async () => {
    const rounded = Math.round(revenueFY2025 / 1e8) * 1e8;
    const verdicts = await checkFigureList(
      [
        fig('revenue', FY(2025), value(rounded)),
        fig('revenue', FY(2025), value(rounded * 1.08)),
        fig('revenue', FY(2025), value(rounded * 10)),
        fig('revenue', FY(2025), value(Math.round(revenueFY2024 / 1e8) * 1e8)),
      ],
      memoryReader(),
    );
    expect(verdicts.map((v) => v.status)).toEqual(['match', 'differs', 'differs', 'differs']);
    expect(verdicts[1]).toMatchObject({
      statement: {
        value: revenueFY2025,
        unit: 'amount',
        currency: 'CNY',
        statement: 'income',
        line: 'revenue',
        period: { fiscalYear: 2025, kind: 'FY', endDate: '2025-12-31' },
      },
    });
  });

  it('computes margins, growth and changes in points from the lines', async () => {
    const growth = ((revenueFY2025 - revenueFY2024) / revenueFY2024) * 100;
    const verdicts = await checkFigureList(
      [
        fig('gross_margin', FY(2025), value(90.0, 'percent', 0.05)),
        fig('gross_margin', FY(2025), value(97.2, 'percent', 0.05)),
        fig('revenue', FY(2025), value(Math.round(growth * 10) / 10, 'percent', 0.05), 'yoy_growth'),
        fig('revenue', FY(2025), value(Math.round(growth * 10) / 10 + 3, 'percent', 0.05), 'yoy_growth'),
        fig('gross_margin', FY(2025), value(0, 'points', 0.05), 'yoy_change'),
        // Either net margin: on net profit (50%) or on profit to owners (48%).
        fig('net_margin', FY(2025), value(50, 'percent', 0.5)),
        fig('net_margin', FY(2025), value(48, 'percent', 0.5)),
        fig('net_margin', FY(2025), value(45, 'percent', 0.5)),
      ],
      memoryReader(),
    );
    expect(verdicts.map((v) => v.status)).toEqual(['match', 'differs', 'match', 'differs', 'match', 'match', 'match', 'differs']);
    expect(verdicts[1]).toMatchObject({ statement: { line: 'gross_profit / revenue', unit: 'percent' } });
    expect(verdicts[7]).toMatchObject({ statement: { line: 'profit_for_the_period / revenue' } });
  });

  it('compares a margin written as an amount with its profit line', async () => {
    const grossProfit = ANNUAL[2]?.lines.gross_profit ?? 0;
    const verdicts = await checkFigureList(
      [fig('gross_margin', FY(2025), value(grossProfit)), fig('gross_margin', FY(2025), value(revenueFY2025))],
      memoryReader(),
    );
    expect(verdicts.map((v) => v.status)).toEqual(['match', 'differs']);
    expect(verdicts[1]).toMatchObject({ statement: { line: 'gross_profit', value: grossProfit } });
  });

  it('adds up the quarters of an income half year and reads the cash flow’s cumulative record', async () => {
    const h1 = quarterRevenue(2025, 1) + quarterRevenue(2025, 2);
    const verdicts = await checkFigureList(
      [
        fig('revenue', { fiscalYear: 2025, kind: 'H1' }, value(h1)),
        fig('operating_cash_flow', { fiscalYear: 2025, kind: '9M' }, value(11e9)),
        fig('operating_cash_flow', { fiscalYear: 2025, kind: 'H1' }, value(11e9)),
        // An outflow written as a positive amount.
        fig('investing_cash_flow', { fiscalYear: 2025, kind: 'H1' }, value(3.5e9)),
      ],
      memoryReader(),
    );
    expect(verdicts.map((v) => v.status)).toEqual(['match', 'match', 'differs', 'match']);
    expect(verdicts[0]).toMatchObject({ statement: { period: { fiscalYear: 2025, kind: 'H1', endDate: '2025-06-30' } } });
  });

  it('reads a balance-sheet item at the period’s end and debt to assets from its lines', async () => {
    const assets = (2025 - 2000) * 1e10 + 2e9;
    const verdicts = await checkFigureList(
      [
        fig('total_assets', { fiscalYear: 2025, kind: 'H1' }, value(assets)),
        fig('debt_to_assets', { fiscalYear: 2025, kind: 'Q2' }, value(20.0, 'percent', 0.05)),
        fig('debt_to_assets', { fiscalYear: 2025, kind: 'Q2' }, value(24.0, 'percent', 0.05)),
      ],
      memoryReader(),
    );
    expect(verdicts.map((v) => v.status)).toEqual(['match', 'match', 'differs']);
    expect(verdicts[0]).toMatchObject({
      statement: { statement: 'balance_sheet', line: 'total_assets', period: { endDate: '2025-06-30' } },
    });
  });

  it('reads a year-end position from the fourth quarter, a second half and a summed EPS from the quarters', async () => {
    const q4Assets = (2025 - 2000) * 1e10 + 4e9;
    const h2 = quarterRevenue(2025, 3) + quarterRevenue(2025, 4);
    const h1Eps = (quarterRevenue(2025, 1) + quarterRevenue(2025, 2)) / 1e9;
    const verdicts = await checkFigureList(
      [
        fig('total_assets', FY(2025), value(q4Assets)),
        fig('total_assets', FY(2025), value(q4Assets), 'yoy_growth'),
        fig('total_assets', FY(2025), value((q4Assets / ((2024 - 2000) * 1e10 + 4e9) - 1) * 100, 'percent', 0.05), 'yoy_growth'),
        fig('revenue', { fiscalYear: 2025, kind: 'H2' }, value(h2)),
        fig('eps_basic', { fiscalYear: 2025, kind: 'H1' }, value(h1Eps * 1.005, 'per_share', 0.005)),
        fig('eps_basic', { fiscalYear: 2025, kind: 'H1' }, value(h1Eps * 1.05, 'per_share', 0.005)),
        // "EPS" is read as basic; a report quoting the diluted figure is right too, not the other way round.
        fig('eps_basic', { fiscalYear: 2025, kind: 'Q1' }, value(quarterRevenue(2025, 1) / 1.1e9, 'per_share', 0.005)),
        fig('eps_diluted', { fiscalYear: 2025, kind: 'Q1' }, value(quarterRevenue(2025, 1) / 1e9, 'per_share', 0.005)),
      ],
      memoryReader(),
    );
    expect(verdicts.map((v) => v.status)).toEqual(['match', 'differs', 'match', 'match', 'match', 'differs', 'match', 'differs']);
    expect(verdicts[0]).toMatchObject({ statement: { period: { fiscalYear: 2025, kind: 'FY', endDate: '2025-12-31' } } });
  });

  it('leaves unchecked what it cannot judge, and reads each statement once', async () => {
    const reader = memoryReader(['cash_flow:annual']);
    const failures: string[] = [];
    const verdicts = await checkFigureList(
      [
        fig('revenue', undefined, value(1)),
        fig('revenue', FY(2025), value(revenueFY2025, 'amount', 0.05e9, 'USD')),
        fig('operating_cash_flow', FY(2025), value(1e9)),
        fig('rnd_ratio', FY(2025), value(3, 'percent', 0.05)),
        fig('revenue', FY(2019), value(1e9)),
        fig('revenue', FY(2025), value(revenueFY2025, 'amount', 0.05e9, 'CNY')),
        fig('revenue', { fiscalYear: 2025, kind: 'Q1' }, value(quarterRevenue(2025, 1))),
      ],
      reader,
      { onReadFailure: (f) => failures.push(`${f.symbol} ${f.statement} ${f.period}: ${(f.error as Error).message}`) },
    );
    expect(failures).toEqual(['SH:600519 cash_flow annual: service down']);
    expect(verdicts.map((v) => (v.status === 'unchecked' ? v.reason : v.status))).toEqual([
      'no_period',
      'other_currency',
      'statements_unavailable',
      'not_in_statements',
      'not_in_statements',
      'match',
      'match',
    ]);
    expect([...reader.log].sort()).toEqual(['SH:600519 cash_flow:annual', 'SH:600519 income:annual', 'SH:600519 income:quarterly']);
  });

  it('links the run’s source for the company and period', async () => {
    const sources = [
      { title: '贵州茅台：2025年半年度报告', url: 'https://example.test/h1' },
      { title: '贵州茅台：2025年第1季度报告', url: 'https://example.test/q1' },
      { title: '五粮液：2025年年度报告', url: 'https://example.test/other' },
      { title: '贵州茅台：2025年年度报告', url: 'https://example.test/fy' },
    ];
    const companies = [{ symbol: 'SH:600519', names: ['贵州茅台', 'Kweichow Moutai'] }];
    const verdicts = await checkFigureList(
      [
        fig('revenue', { fiscalYear: 2025, kind: 'Q1' }, value(quarterRevenue(2025, 1))),
        fig('revenue', FY(2025), value(1)),
        fig('revenue', FY(2024), value(1)),
      ],
      memoryReader(),
      { sources, companies },
    );
    expect(verdicts.map((v) => (v.status === 'unchecked' ? undefined : v.statement.sourceUrl))).toEqual([
      'https://example.test/q1',
      'https://example.test/fy',
      undefined,
    ]);
  });
});
