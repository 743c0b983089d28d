/**
 * *Company financials*' outputs: the statement as a table in rich text (monospaced, columns
 * padded, the card's units and labels), the company, the newest period, and the key figures of
 * the newest period as numbers at full precision (each a number output of its own; one the
 * service does not report is left out, so a later step sees it empty rather than 0).
 */
import type { RichTextBlock } from '@slack/types';
import { plainText } from '../../blocks/escape.js';
import type { CompanyFinancialsOutput } from '../../kit/operations/company-financials-types.js';
import { preformatted, richText, richTextBlock, section } from '../rich-text.js';
import { markdownTableCells } from './markdown-table-cells.js';

/** The key figures' output names (manifest.yml), by the operation's names. */
export const KEY_FIGURE_OUTPUTS: Readonly<Record<string, string>> = {
  revenue: 'revenue',
  grossProfit: 'gross_profit',
  operatingProfit: 'operating_profit',
  netProfit: 'net_profit',
  netProfitToOwners: 'net_profit_to_owners',
  epsBasic: 'eps_basic',
  totalAssets: 'total_assets',
  totalLiabilities: 'total_liabilities',
  totalEquity: 'total_equity',
  cashAndEquivalents: 'cash_and_equivalents',
  operatingCashFlow: 'operating_cash_flow',
  investingCashFlow: 'investing_cash_flow',
  financingCashFlow: 'financing_cash_flow',
  netChangeInCash: 'net_change_in_cash',
};

export interface CompanyFinancialsOutputs {
  table: RichTextBlock;
  company: string;
  latest_period: string;
  [keyFigure: string]: unknown;
}

export function formatFinancials(statement: CompanyFinancialsOutput): CompanyFinancialsOutputs {
  const company = statement.companyName ? `${statement.companyName} (${statement.symbol})` : statement.symbol;
  const title = section(richText(`${company} · ${statement.statementTitle}`, { bold: true }), richText(` — ${statement.unit}`));
  const cells = markdownTableCells(statement.markdownTable);
  const table =
    cells.length > 1
      ? richTextBlock([title, preformatted(padColumns(cells))])
      : richTextBlock([
          title,
          section(richText(`The service has no ${statement.statementTitle.toLowerCase()} data for ${statement.symbol}.`)),
        ]);
  const figures = Object.entries(statement.keyFigures).flatMap(([name, value]) => {
    const output = KEY_FIGURE_OUTPUTS[name];
    return output && typeof value === 'number' && Number.isFinite(value) ? [[output, value] as const] : [];
  });
  // String outputs may be posted where markup is read: made inert like every untrusted text.
  return { table, company: plainText(company), latest_period: plainText(statement.periods[0] ?? ''), ...Object.fromEntries(figures) };
}

/** Left-aligned labels, right-aligned figures, two spaces between columns. */
function padColumns(rows: string[][]): string[] {
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((cell, i) => {
      widths[i] = Math.max(widths[i] ?? 0, [...cell].length);
    });
  }
  return rows.map((row) =>
    row
      .map((cell, i) => {
        const pad = ' '.repeat((widths[i] ?? 0) - [...cell].length);
        return i === 0 ? cell + pad : pad + cell;
      })
      .join('  ')
      .trimEnd(),
  );
}
