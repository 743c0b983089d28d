/**
 * What the walk-through found wrong on the financials cards (issue 15 §4): the revenue breakdown
 * compared a half year with a full year and wrote the year twice; a column switched precision
 * (and could switch unit) from one row to the next; changes of outflows read the wrong way.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateMessageContent } from '../../../src/emulators/slack/validation/message.js';
import { parseShape } from '../../../src/service/schemas/parse-shape.js';
import { revenueBreakdownSchema } from '../../../src/service/schemas/revenue-breakdown-schema.js';
import type { CashFlowRecord } from '../../../src/service/types.js';
import type { SlackMessage } from '../../../src/slack-api/slack-message.js';
import { renderCompanySnapshot } from '../../../src/slack/financials/cards/company-snapshot-card.js';
import { chooseUnit, formatInUnit } from '../../../src/slack/blocks/format.js';
import { renderRevenueBreakdown } from '../../../src/slack/financials/cards/revenue-card.js';
import { renderCashFlow } from '../../../src/slack/financials/cards/statement-card.js';
import { tableCellText } from '../../../src/slack/blocks/table-cell-text.js';
import { buildCashFlow } from './fixtures.js';
import { findMessageViolations } from './limit-violations.js';

function expectValidMessage(m: SlackMessage): void {
  expect(findMessageViolations(m)).toEqual([]);
  expect(() => validateMessageContent({ text: m.text, blocks: JSON.stringify(m.blocks) }, 'chat.postMessage')).not.toThrow();
}
const rowsOf = (m: SlackMessage): string[][] => {
  const t = m.blocks.find((b) => b.type === 'table' || b.type === 'data_table');
  return t?.type === 'table' || t?.type === 'data_table' ? t.rows.map((r) => r.map(tableCellText)) : [];
};
const contextText = (m: SlackMessage): string =>
  m.blocks.flatMap((b) => (b.type === 'context' ? b.elements.map((e) => ('text' in e ? e.text : '')) : [])).join('\n');

/** The interface emulator's shape: annual and half-year reports, newest first, labelled "FY2024" / "H1 FY2024". */
const halfAndFullYears = parseShape(revenueBreakdownSchema, {
  currency: 'USD',
  list: [
    {
      end_date: '2025-06-30',
      period: 'H1 FY2025',
      fiscal_year: 2025,
      industry: [
        { name: 'Cloud', revenue: 6e9 },
        { name: 'Devices', revenue: 4e9 },
      ],
    },
    {
      end_date: '2024-12-31',
      period: 'FY2024',
      fiscal_year: 2024,
      industry: [
        { name: 'Cloud', revenue: 9e9 },
        { name: 'Devices', revenue: 11e9 },
      ],
    },
    {
      end_date: '2024-06-30',
      period: 'H1 FY2024',
      fiscal_year: 2024,
      industry: [
        { name: 'Cloud', revenue: 3e9 },
        { name: 'Devices', revenue: 7e9 },
      ],
    },
  ],
});

describe('revenue breakdown periods', () => {
  it('compares H1 with the previous H1, not with the full year in between', () => {
    const m = renderRevenueBreakdown(halfAndFullYears, { symbol: 'US:ACME' });
    expectValidMessage(m);
    const rows = rowsOf(m);
    expect(rows[0]).toEqual(['Name', 'Revenue', 'Share H1 FY2025', 'Share H1 FY2024']);
    // Cloud: 60% of H1 FY2025, 30% of H1 FY2024 (45% of FY2024 would be the wrong comparison).
    expect(rows.find((r) => r[0] === 'Cloud')).toEqual(['Cloud', '6,000', '60.0%', '30.0%']);
    expect(contextText(m)).toContain('H1 FY2025 (to 2025-06-30)');
    expect(contextText(m)).toContain('prior: H1 FY2024');
  });

  it('never writes the year twice', () => {
    const m = renderRevenueBreakdown(halfAndFullYears, { symbol: 'US:ACME' });
    for (const text of [m.text, contextText(m), ...rowsOf(m).flat()]) expect(text).not.toMatch(/FY(\d{4})\s+\1/);
    expect(contextText(m)).toContain('Other periods available: FY2024, H1 FY2024.');
  });

  it('shows no prior share rather than one from another kind of period', () => {
    const onlyYearBefore = { ...halfAndFullYears, periods: halfAndFullYears.periods.slice(0, 2) };
    const m = renderRevenueBreakdown(onlyYearBefore, { symbol: 'US:ACME' });
    expect(rowsOf(m)[0]?.[3]).toBe('Prior share');
    expect(rowsOf(m).find((r) => r[0] === 'Cloud')?.[3]).toBe('—');
    expect(contextText(m)).toContain('no earlier period of the same kind');
  });
});

describe('one unit and one precision per column', () => {
  it('formats every figure of a table with the same unit and decimals', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -1e13, max: 1e13, noNaN: true }), { minLength: 1, maxLength: 40 }), (values) => {
        const unit = chooseUnit(values);
        const decimals = new Set(values.map((v) => (formatInUnit(v, unit).split('.')[1] ?? '').length));
        expect(decimals.size).toBe(1);
      }),
    );
  });

  it('keeps one precision down a statement column that spans tens and thousands of millions', () => {
    const rec = buildCashFlow(2024, {
      operating: { net_cash_flows_from_operating_activities: 1_234_500_000 },
      investing: { net_cash_flows_from_investing_activities: -45_600_000 },
      financing: { net_cash_flows_from_financing_activities: -700_000_000 },
    } as Partial<CashFlowRecord>);
    const m = renderCashFlow([rec], { symbol: 'SH:600519' });
    const column = rowsOf(m)
      .slice(1)
      .map((r) => r[1] ?? '')
      .filter((t) => t !== '—' && t.trim() !== '');
    expect(column.length).toBeGreaterThan(2);
    expect(new Set(column.map((t) => (t.split('.')[1] ?? '').length)).size).toBe(1);
  });

  it('names the size of an outflow that grew, in the snapshot’s change column', () => {
    const now = buildCashFlow(2024, {
      investing: { net_cash_flows_from_investing_activities: -15_000_000_000 },
    } as Partial<CashFlowRecord>);
    const before = buildCashFlow(2023, {
      investing: { net_cash_flows_from_investing_activities: -10_000_000_000 },
    } as Partial<CashFlowRecord>);
    const m = renderCompanySnapshot({ symbol: 'SH:600519', balance: [], cashFlow: [now, before] });
    expect(rowsOf(m).find((r) => r[0] === 'Investing cash flow')?.[3]).toBe('outflow up 50.0%');
  });

  it('never measures nine months against a half year in the snapshot', () => {
    const header = (fiscalQuarter: string, endDate: string, fiscalYear: string) => ({
      fiscalQuarter,
      endDate,
      fiscalYear,
      period: 'cumulative quarterly',
    });
    const nine = buildCashFlow(2024, {
      ...header('Q3 (9 months)', '2024-09-30', '2024'),
      operating: { net_cash_flows_from_operating_activities: 9e9 },
    } as Partial<CashFlowRecord>);
    const half = buildCashFlow(2024, {
      ...header('H1', '2024-06-30', '2024'),
      operating: { net_cash_flows_from_operating_activities: 6e9 },
    } as Partial<CashFlowRecord>);
    const nineBefore = buildCashFlow(2023, {
      ...header('Q3 (9 months)', '2023-09-30', '2023'),
      operating: { net_cash_flows_from_operating_activities: 8e9 },
    } as Partial<CashFlowRecord>);
    const withYearBefore = renderCompanySnapshot({ symbol: 'SH:600519', balance: [], cashFlow: [nine, half, nineBefore] });
    expect(rowsOf(withYearBefore).find((r) => r[0]?.startsWith('— Cash flow'))?.[0]).toBe('— Cash flow: 9M FY2024 vs 9M FY2023 —');
    expect(rowsOf(withYearBefore).find((r) => r[0] === 'Operating cash flow')?.[3]).toBe('+12.5%');
    const withoutOne = renderCompanySnapshot({ symbol: 'SH:600519', balance: [], cashFlow: [nine, half] });
    expect(
      rowsOf(withoutOne)
        .find((r) => r[0] === 'Operating cash flow')
        ?.slice(2),
    ).toEqual(['—', '—']);
  });
});
