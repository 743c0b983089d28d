/**
 * The cards of the published schemas' stock endpoints: the income statement, a company's share
 * prices and the earnings calendar. Each passes our limit checker and the Slack emulator's
 * validator, escapes service text, and says what is missing.
 */
import { describe, expect, it } from 'vitest';
import { validateMessageContent } from '../../../../src/emulators/slack/validation/message.js';
import type { SlackMessage } from '../../../../src/slack-api/slack-message.js';
import { renderEarningsCalendar } from '../../../../src/slack/financials/cards/earnings-calendar-card.js';
import { renderStockPriceCard } from '../../../../src/slack/financials/cards/stock-price-card.js';
import { MARGIN_LABELS, renderIncomeStatement } from '../../../../src/slack/financials/cards/statement-card.js';
import { tableCellText } from '../../../../src/slack/blocks/table-cell-text.js';
import { findMessageViolations } from '../../blocks/limit-violations.js';
import { buildEarningsEntry, buildIncome, buildStockPrices } from '../../blocks/fixtures.js';

function expectValidMessage(m: SlackMessage): void {
  expect(findMessageViolations(m)).toEqual([]);
  expect(() => validateMessageContent({ text: m.text, blocks: JSON.stringify(m.blocks) }, 'chat.postMessage')).not.toThrow();
}

function tableRows(m: SlackMessage): string[][] {
  const table = m.blocks.find((b) => b.type === 'table' || b.type === 'data_table');
  return table?.type === 'table' || table?.type === 'data_table' ? table.rows.map((r) => r.map(tableCellText)) : [];
}

describe('income statement card', () => {
  it('shows periods as columns, amounts in one unit, EPS per share and margins in percent', () => {
    const m = renderIncomeStatement([buildIncome(2023, 0.8), buildIncome(2024)], { symbol: 'SH:600519', companyName: '贵州茅台' });
    expectValidMessage(m);
    const rows = tableRows(m);
    expect(rows[0]).toEqual(['Line', 'FY2024', 'FY2023']);
    const row = (label: string) => rows.find((r) => r[0] === label);
    expect(row('Revenue')).toEqual(['Revenue', '171.2', '137.0']);
    expect(row('Gross profit')).toEqual(['Gross profit', '157.8', '126.2']);
    expect(row('Operating profit')).toEqual(['Operating profit', '116.6', '93.3']);
    expect(row('Net profit to owners')).toEqual(['Net profit to owners', '86.2', '69.0']);
    expect(row('EPS (basic)')).toEqual(['EPS (basic)', '68.64', '54.91']);
    // Each margin names what it is computed on.
    expect(row(MARGIN_LABELS.gross)).toEqual([MARGIN_LABELS.gross, '92.2%', '92.2%']);
    expect(row(MARGIN_LABELS.operating)?.[1]).toBe('68.1%');
    expect(row(MARGIN_LABELS.netToOwners)?.[1]).toBe('50.4%');
    expect(rows.some((r) => r[0] === '— Margins —')).toBe(true);
    // Lines the service did not report are left out, not shown as dashes.
    expect(row('R&D expenses')).toBeUndefined();
    const json = JSON.stringify(m);
    expect(json).toContain('Amounts in CNY billions · EPS in CNY per share');
    expect(json).toContain('贵州茅台 (SH:600519) · Income statement');
    expect(m).toMatchSnapshot();
  });

  it('a bank without cost of sales has no gross lines; an empty answer says so', () => {
    const bank = buildIncome(2024, 1, {
      lines: {
        revenue: 3.4e11,
        operating_profit: 1.6e11,
        profit_attributable_to_owners_of_the_parent: 1.48e11,
        basic_earnings_per_share: 5.87,
      },
    });
    const rows = tableRows(renderIncomeStatement([bank], { symbol: 'SH:600036' }));
    expect(rows.map((r) => r[0])).not.toContain(MARGIN_LABELS.gross);
    expect(rows.find((r) => r[0] === MARGIN_LABELS.netToOwners)?.[1]).toBe('43.5%');
    const empty = renderIncomeStatement([], { symbol: 'SH:600036' });
    expectValidMessage(empty);
    expect(empty.text).toContain('No income statement data for SH:600036');
  });
});

describe('share price card', () => {
  it('shows the close in its currency, valuation, and the window', () => {
    const m = renderStockPriceCard(buildStockPrices(30), { symbol: 'US:AAPL' });
    expectValidMessage(m);
    const json = JSON.stringify(m);
    expect(json).toContain('Apple (US:AAPL) · Prices');
    expect(json).toContain('*Close (USD)*\\n201.50');
    expect(json).toContain('*Market value*\\nUSD 3.02T');
    expect(json).toContain('*P/E (TTM)*\\n31.40');
    expect(json).toContain('30 trading days from 2025-06-01');
    expect(json).toContain('*Period high*\\n203.00 (2025-06-30)');
    expect(json).toContain('Volume 48.60M shares');
    expect(m.text).toContain('closed at 201.50 USD (+1.20%) on 2025-06-30');
    expect(m).toMatchSnapshot();
  });

  it('says when the window holds no prices', () => {
    const m = renderStockPriceCard([], { symbol: 'US:AAPL' });
    expectValidMessage(m);
    expect(JSON.stringify(m)).toContain('no prices for US:AAPL in this window');
  });
});

describe('earnings calendar card', () => {
  const week = { startDate: '2026-11-23', endDate: '2026-11-29' };

  it('lists one row per report by date, with the fiscal period', () => {
    const m = renderEarningsCalendar({
      ...week,
      markets: [
        {
          market: 'us',
          entries: [
            buildEarningsEntry({ date: '2026-11-26', symbol: 'AMZN', name: 'Amazon', fiscalYear: '2026', timing: 'before-open' }),
            buildEarningsEntry({ timing: 'after-close' }),
            buildEarningsEntry({ date: '2026-11-27', symbol: 'X', name: '<!channel> Corp', fiscalQuarter: 'FY', fiscalYear: '2026' }),
          ],
        },
      ],
    });
    expectValidMessage(m);
    expect(tableRows(m)).toEqual([
      ['Date', 'Time', 'Company', 'Symbol', 'Period'],
      ['Wed 25 Nov', 'After close', 'NVIDIA', 'NVDA', 'Q3 FY2027'],
      ['Thu 26 Nov', 'Before open', 'Amazon', 'AMZN', 'Q3 FY2026'],
      ['Fri 27 Nov', 'Not given', '<\u200b!channel> Corp', 'X', 'FY2026'],
    ]);
    expect(JSON.stringify(m)).toContain('Week of Mon 23 Nov – Sun 29 Nov 2026 · 3 reports');
    expect(JSON.stringify(m)).toContain('the service gave no time of day');
    expect(m.text).not.toContain('<!channel>');
    expect(m).toMatchSnapshot();
  });

  it('adds a market column for several markets, and caps the rows Slack can show', () => {
    const many = Array.from({ length: 130 }, (_, i) => buildEarningsEntry({ symbol: `S${String(i).padStart(3, '0')}`, market: 'cn' }));
    const m = renderEarningsCalendar({
      ...week,
      markets: [
        { market: 'cn', entries: many },
        { market: 'us', entries: [buildEarningsEntry()] },
      ],
    });
    expectValidMessage(m);
    const rows = tableRows(m);
    expect(rows[0]).toEqual(['Date', 'Time', 'Company', 'Symbol', 'Period', 'Market']);
    expect(rows).toHaveLength(100);
    expect(JSON.stringify(m)).toContain('32 more reports not shown');
  });

  it('says when nothing is scheduled and how to look elsewhere', () => {
    const m = renderEarningsCalendar({ ...week, markets: [{ market: 'hk', entries: [] }] });
    expectValidMessage(m);
    expect(JSON.stringify(m)).toContain('No earnings reports are scheduled for Hong Kong this week');
    expect(JSON.stringify(m)).toContain('/financials earnings us next');
  });

  it('shows the next week with reports after an empty one, instead of a week to try', () => {
    const next = { startDate: '2026-12-07', endDate: '2026-12-13' };
    const m = renderEarningsCalendar({
      ...week,
      markets: [{ market: 'hk', entries: [] }],
      next: {
        ...next,
        markets: [{ market: 'hk', entries: [buildEarningsEntry({ date: '2026-12-09', symbol: '00700', name: '腾讯控股' })] }],
      },
    });
    expectValidMessage(m);
    expect(m.text).toContain('the next are in the week of Mon 7 Dec – Sun 13 Dec 2026');
    expect(tableRows(m)[1]).toEqual(['Wed 9 Dec', 'Not given', '腾讯控股', '00700', expect.any(String)]);
    expect(JSON.stringify(m)).not.toContain('Try `next`');
  });

  it('says so when no later week within the look-ahead has reports either', () => {
    const m = renderEarningsCalendar({
      ...week,
      markets: [{ market: 'hk', entries: [] }],
      next: { startDate: '2026-11-30', endDate: '2027-03-07', markets: [{ market: 'hk', entries: [] }] },
    });
    expectValidMessage(m);
    expect(JSON.stringify(m)).toContain('this week or in the weeks up to Sun 7 Mar 2027');
    expect(JSON.stringify(m)).not.toContain('Try `next`');
  });
});
