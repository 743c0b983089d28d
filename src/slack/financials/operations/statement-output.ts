/**
 * A fetched statement as companyFinancials' output: the card's own lines, periods and unit
 * (statement-card.ts, src/slack/blocks/statement-table.ts), so every figure is the one the
 * `/financials` card shows; the rows at full precision, the Markdown table as the card formats it.
 */
import type { StatementHeader } from '../../../service/types.js';
import { unitCaption } from '../../blocks/format.js';
import { buildStatementTable, latestRecords, type StatementLine } from '../../blocks/statement-table.js';
import type { CompanyFinancialsOutput, StatementKind, StatementRow } from '../../kit/operations/company-financials-types.js';
import { BALANCE_LINES, CASH_FLOW_LINES, companyTitle, INCOME_LINES } from '../cards/statement-card.js';
import { STATEMENT_TITLES } from '../export/statement-export.js';

/** KEY_FIGURE_NAMES (company-financials-types.ts) → the card's line label each one is. */
const KEY_FIGURE_LINES: Readonly<Record<StatementKind, Readonly<Record<string, string>>>> = {
  income: {
    revenue: 'Revenue',
    grossProfit: 'Gross profit',
    operatingProfit: 'Operating profit',
    netProfit: 'Net profit',
    netProfitToOwners: 'Net profit to owners',
    epsBasic: 'EPS (basic)',
  },
  balance: {
    totalAssets: 'Total assets',
    totalLiabilities: 'Total liabilities',
    totalEquity: 'Total shareholders’ equity',
    cashAndEquivalents: 'Cash & equivalents',
  },
  cashflow: {
    operatingCashFlow: 'Operating cash flow',
    investingCashFlow: 'Investing cash flow',
    financingCashFlow: 'Financing cash flow',
    netChangeInCash: 'Net change in cash',
  },
};

/** The card's lines of each statement; every statement record has the header's fields. */
const LINES: Readonly<Record<StatementKind, Array<StatementLine<never>>>> = {
  income: INCOME_LINES,
  balance: BALANCE_LINES,
  cashflow: CASH_FLOW_LINES,
};

const orNull = (v: number | undefined): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** A Markdown cell: one line, its pipes escaped (a company's name is the service's text). */
const mdCell = (text: string): string => text.replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim() || ' ';

export interface StatementOutputInput {
  kind: StatementKind;
  symbol: string;
  name?: string;
  records: StatementHeader[];
}

export function statementOutput(data: StatementOutputInput): CompanyFinancialsOutput {
  const lines = LINES[data.kind] as Array<StatementLine<StatementHeader>>;
  const title = `${companyTitle({ symbol: data.symbol, ...(data.name ? { companyName: data.name } : {}) })} · ${STATEMENT_TITLES[data.kind]}`;
  const shown = latestRecords(data.records);
  const currency = shown[0]?.currency || undefined;
  const { table, unit, lines: used } = buildStatementTable(shown, lines, 'Line');
  const rows: StatementRow[] = used.flatMap((label) => {
    const line = lines.find((l) => l.label === label);
    return line ? [{ label, values: shown.map((r) => orNull(line.value(r))), kind: line.kind ?? 'amount' }] : [];
  });
  const newest = shown[0];
  const keyFigures = Object.fromEntries(
    Object.entries(KEY_FIGURE_LINES[data.kind]).map(([name, label]) => {
      const line = lines.find((l) => l.label === label);
      return [name, newest && line ? orNull(line.value(newest)) : null];
    }),
  );
  const caption = unitCaption(unit, currency);
  const [head = [], ...body] = table.rows.map((row) => row.map((c) => mdCell('text' in c ? (c.text ?? '') : '')));
  const markdownTable =
    shown.length === 0
      ? `**${mdCell(title)}**\n\nThe service has no ${STATEMENT_TITLES[data.kind].toLowerCase()} data for ${data.symbol} with these options.`
      : [
          `**${mdCell(title)}** — ${caption}`,
          '',
          `| ${head.join(' | ')} |`,
          `| ${head.map((_, i) => (i === 0 ? '---' : '---:')).join(' | ')} |`,
          ...body.map((cells) => `| ${cells.join(' | ')} |`),
        ].join('\n');
  return {
    ...(data.name ? { companyName: data.name } : {}),
    symbol: data.symbol,
    statement: data.kind,
    statementTitle: STATEMENT_TITLES[data.kind],
    periods: (head.slice(1) as string[]).map((p) => p.replace(/\\\|/g, '|')),
    periodEnds: shown.map((r) => r.endDate),
    rows,
    ...(currency ? { currency } : {}),
    unit: caption,
    keyFigures,
    markdownTable,
  };
}
