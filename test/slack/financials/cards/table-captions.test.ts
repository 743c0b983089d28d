/**
 * Issue 29 §7: cards repeated their title as their table's caption. Slack requires a data_table
 * caption and uses it as the table's HTML caption (its accessible name), so each says what the
 * table holds and in which units, and nothing in it is said twice on the card.
 * @see https://docs.slack.dev/reference/block-kit/blocks/data-table-block
 */
import { describe, expect, it } from 'vitest';
import type { DataTableBlock } from '@slack/types';
import type { SlackMessage } from '../../../../src/slack-api/slack-message.js';
import { renderBalanceSheet, renderCashFlow, renderIncomeStatement } from '../../../../src/slack/financials/cards/statement-card.js';
import { buildBalance, buildCashFlow, buildIncome } from '../../blocks/fixtures.js';

const ctx = { symbol: 'SH:600519', companyName: '贵州茅台' };

function parts(m: SlackMessage): { header: string; contexts: string[]; caption: string } {
  const header = m.blocks.find((b) => b.type === 'header');
  const table = m.blocks.find((b): b is DataTableBlock => b.type === 'data_table');
  const contexts = m.blocks.flatMap((b) => (b.type === 'context' ? b.elements.map((e) => ('text' in e ? e.text : '')) : []));
  return { header: header?.type === 'header' ? header.text.text : '', contexts, caption: table?.caption ?? '' };
}

describe('statement cards: the table caption is no copy of the title', () => {
  const cards: Array<[string, SlackMessage, string]> = [
    [
      'income statement',
      renderIncomeStatement([buildIncome(2024), buildIncome(2023, 0.8)], ctx),
      'Income statement: amounts in CNY billions · EPS in CNY per share',
    ],
    ['balance sheet', renderBalanceSheet([buildBalance(2024), buildBalance(2023)], ctx), 'Balance sheet: amounts in CNY billions'],
    ['cash flow', renderCashFlow([buildCashFlow(2024), buildCashFlow(2023)], ctx), 'Cash flow: amounts in CNY billions'],
  ];

  it.each(cards)('%s: says what the table holds and its units, once', (_name, m, expected) => {
    const { header, contexts, caption } = parts(m);
    expect(header).toContain('贵州茅台 (SH:600519)');
    expect(caption).toBe(expected);
    expect(caption).not.toContain(header);
    expect(caption).not.toContain('贵州茅台');
    // The units are said in the caption only, not again in a context line.
    for (const c of contexts) expect(c).not.toMatch(/Amounts in/i);
    // Still in the notification text, which has no table.
    expect(m.text).toMatch(/Amounts in CNY billions/);
  });
});
