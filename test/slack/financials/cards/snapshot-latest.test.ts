/**
 * Issue 29 §5: the app says "latest reported" from the data, not from an assumption. The
 * snapshot's context line names the newest period the service gave and the day it was filed.
 */
import { describe, expect, it } from 'vitest';
import { renderCompanySnapshot } from '../../../../src/slack/financials/cards/company-snapshot-card.js';
import { buildBalance, buildCashFlow, buildIncome } from '../../blocks/fixtures.js';

const contextTexts = (m: ReturnType<typeof renderCompanySnapshot>): string =>
  m.blocks.flatMap((b) => (b.type === 'context' ? b.elements.map((e) => ('text' in e ? e.text : '')) : [])).join('\n');

describe('snapshot: latest reported, from the records', () => {
  it('names the newest income period and its filing day', () => {
    const m = renderCompanySnapshot({
      symbol: 'SH:600519',
      income: [buildIncome(2023, 0.8), buildIncome(2024)],
      balance: [buildBalance(2024)],
      cashFlow: [buildCashFlow(2024)],
    });
    expect(contextTexts(m)).toContain('latest reported: FY2024, filed 2025-04-02');
  });

  it('falls back to the balance sheet when there is no income statement, and says nothing without records', () => {
    const balanceOnly = renderCompanySnapshot({ symbol: 'SH:600519', balance: [buildBalance(2024)], cashFlow: [] });
    expect(contextTexts(balanceOnly)).toMatch(/latest reported: FY2024/);
    const none = renderCompanySnapshot({ symbol: 'SH:600519', balance: [], cashFlow: [] });
    expect(contextTexts(none)).not.toContain('latest reported');
  });
});
