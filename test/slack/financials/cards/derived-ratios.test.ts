/**
 * Issue 29 §7: net margin was computed on profit to owners without saying so. Every derived
 * ratio of the statement cards names what it is computed on, and a period that reports no
 * profit to owners gets a net margin on net profit, labelled as such.
 */
import { describe, expect, it } from 'vitest';
import type { SlackMessage } from '../../../../src/slack-api/slack-message.js';
import { renderCompanySnapshot } from '../../../../src/slack/financials/cards/company-snapshot-card.js';
import { INCOME_LINES, renderIncomeStatement } from '../../../../src/slack/financials/cards/statement-card.js';
import { tableCellText } from '../../../../src/slack/blocks/table-cell-text.js';
import { renderIndexCard } from '../../../../src/slack/financials/cards/index-card.js';
import { renderStockPriceCard } from '../../../../src/slack/financials/cards/stock-price-card.js';
import { buildBalance, buildCashFlow, buildIncome, buildIndexItems, buildStockPrices } from '../../blocks/fixtures.js';

function tableRows(m: SlackMessage): string[][] {
  const table = m.blocks.find((b) => b.type === 'table' || b.type === 'data_table');
  return table?.type === 'table' || table?.type === 'data_table' ? table.rows.map((r) => r.map(tableCellText)) : [];
}

const row = (rows: string[][], label: string): string[] | undefined => rows.find((r) => r[0] === label);

describe('derived ratios say what they are computed on', () => {
  it('every percentage line of the income statement names its numerator and denominator', () => {
    const ratios = INCOME_LINES.filter((l) => l.kind === 'percent');
    expect(ratios.length).toBeGreaterThan(0);
    for (const l of ratios) expect(l.label).toMatch(/\(.+ \/ revenue\)$/);
  });

  it('income statement: net margin on profit to owners, said so', () => {
    const rows = tableRows(renderIncomeStatement([buildIncome(2024)], { symbol: 'SH:600519', companyName: '贵州茅台' }));
    expect(row(rows, 'Gross margin (gross profit / revenue)')?.[1]).toBe('92.2%');
    expect(row(rows, 'Operating margin (operating profit / revenue)')?.[1]).toBe('68.1%');
    expect(row(rows, 'Net margin (profit to owners / revenue)')?.[1]).toBe('50.4%');
    expect(rows.map((r) => r[0])).not.toContain('Net margin');
    expect(rows.map((r) => r[0])).not.toContain('Net margin (net profit / revenue)');
  });

  it('a period without profit to owners gets a net margin on net profit, on its own line', () => {
    const withoutOwners = buildIncome(2023);
    delete withoutOwners.lines?.profit_attributable_to_owners_of_the_parent;
    const rows = tableRows(renderIncomeStatement([buildIncome(2024), withoutOwners], { symbol: 'SH:600519' }));
    expect(rows[0]).toEqual(['Line', 'FY2024', 'FY2023']);
    expect(row(rows, 'Net margin (profit to owners / revenue)')).toEqual(['Net margin (profit to owners / revenue)', '50.4%', '—']);
    // 89.3 / 171.2
    expect(row(rows, 'Net margin (net profit / revenue)')).toEqual(['Net margin (net profit / revenue)', '—', '52.2%']);
  });

  it('the snapshot names the basis of its net margin too', () => {
    const m = renderCompanySnapshot({
      symbol: 'SH:600519',
      companyName: '贵州茅台',
      income: [buildIncome(2024), buildIncome(2023, 0.8)],
      balance: [buildBalance(2024)],
      cashFlow: [buildCashFlow(2024)],
    });
    const labels = tableRows(m).map((r) => r[0]);
    expect(labels).toContain('Net margin (profit to owners / revenue)');
    expect(labels).not.toContain('Net margin');
  });

  it('a price card’s change over its window says from which close it is measured', () => {
    const fieldTitles = (m: SlackMessage): string[] =>
      m.blocks.flatMap((b) => (b.type === 'section' && b.fields ? b.fields.map((f) => f.text.split('\n')[0] ?? '') : []));
    const prices = buildStockPrices(30);
    const oldest = [...prices].sort((a, b) => a.date.localeCompare(b.date))[0]?.date;
    expect(fieldTitles(renderStockPriceCard(prices, { symbol: 'US:AAPL' }))).toContain(`*Change since the ${oldest} close*`);
    const items = buildIndexItems(30);
    const first = [...items].sort((a, b) => a.date.localeCompare(b.date))[0]?.date;
    const titles = fieldTitles(renderIndexCard(items, { code: 'SPX', name: 'S&P 500' }));
    expect(titles).toContain(`*Change since the ${first} close*`);
    expect(titles).not.toContain('*Period change*');
  });
});
