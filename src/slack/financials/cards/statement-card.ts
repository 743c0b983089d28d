/** Balance-sheet, cash-flow and income statements as one Slack data_table each (statement-table.ts). */
import type { BalanceSheetRecord, CashFlowRecord, IncomeStatementRecord, StatementHeader } from '../../../service/types.js';
import type { KnownBlock } from '@slack/types';
import type { SlackMessage } from '../../../slack-api/slack-message.js';
import { compact, context, header, section } from '../../blocks/card-parts.js';
import { escapeMrkdwn, plainText } from '../../blocks/escape.js';
import { formatInUnit, humanizeKey, unitCaption } from '../../blocks/format.js';
import { clampMessage } from '../../blocks/limits.js';
import {
  buildStatementTable,
  formatLineValue,
  latestRecords,
  lineValue,
  periodLabel,
  type StatementLine,
} from '../../blocks/statement-table.js';

export interface CompanyContext {
  /** Canonical `<MARKET>:<code>`. */
  symbol: string;
  companyName?: string;
}

const bs = (key: string) => (r: BalanceSheetRecord) =>
  lineValue([r.currentAssets, r.nonCurrentAssets, r.currentLiabilities, r.nonCurrentLiabilities, r.ownersEquity], key);
const cf = (key: string) => (r: CashFlowRecord) => lineValue([r.operating, r.investing, r.financing], key);
/** A cash-flow line: a negative figure is an outflow. */
const flow = (label: string, key: string): StatementLine<CashFlowRecord> => ({ label, value: cf(key), negativeAs: 'outflow' });

export const BALANCE_LINES: Array<StatementLine<BalanceSheetRecord>> = [
  { label: 'Assets', value: () => undefined, heading: true },
  { label: 'Cash & equivalents', value: bs('cash_and_cash_equivalents') },
  { label: 'Accounts receivable', value: bs('accounts_receivable') },
  { label: 'Inventories', value: bs('inventories') },
  { label: 'Total current assets', value: bs('total_current_assets') },
  { label: 'Property, plant & equipment', value: bs('property_plant_and_equipment') },
  { label: 'Intangible assets', value: bs('intangible_assets') },
  { label: 'Total non-current assets', value: bs('total_non_current_assets') },
  { label: 'Total assets', value: bs('total_assets') },
  { label: 'Liabilities', value: () => undefined, heading: true },
  { label: 'Short-term borrowings', value: bs('short_term_borrowings') },
  { label: 'Accounts payable', value: bs('accounts_payable') },
  { label: 'Total current liabilities', value: bs('total_current_liabilities') },
  { label: 'Long-term borrowings', value: bs('long_term_borrowings') },
  { label: 'Total liabilities', value: bs('total_liabilities') },
  { label: 'Equity', value: () => undefined, heading: true },
  { label: 'Retained earnings', value: bs('retained_earnings') },
  { label: 'Equity to ordinary shareholders', value: bs('total_equity_attributable_to_ordinary_shareholders') },
  { label: 'Non-controlling interests', value: bs('non_controlling_interests') },
  { label: 'Total shareholders’ equity', value: bs('total_shareholders_equity') },
];

export const CASH_FLOW_LINES: Array<StatementLine<CashFlowRecord>> = [
  flow('Operating cash flow', 'net_cash_flows_from_operating_activities'),
  flow('Investing cash flow', 'net_cash_flows_from_investing_activities'),
  flow('Financing cash flow', 'net_cash_flows_from_financing_activities'),
  flow('FX effect on cash', 'effect_of_exchange_rate_changes_on_cash_and_cash_equivalents'),
  flow('Net change in cash', 'net_increase_in_cash_and_cash_equivalents'),
  { label: 'Cash at beginning', value: cf('cash_and_cash_equivalents_at_beginning_of_year') },
  { label: 'Cash at end', value: cf('cash_and_cash_equivalents_at_end_of_year') },
];

/** The first of several names a line goes by (the income statement's wire names are not documented). */
const inc =
  (...keys: string[]) =>
  (r: IncomeStatementRecord): number | undefined => {
    for (const key of keys) {
      const v = lineValue([r.lines], key);
      if (v !== undefined) return v;
    }
    return undefined;
  };
const revenueOf = inc('revenue', 'total_revenue', 'operating_revenue', 'total_operating_revenue');
const grossProfitOf = inc('gross_profit');
const operatingProfitOf = inc('operating_profit', 'operating_income', 'profit_from_operations');
const netProfitOf = inc('profit_for_the_period', 'net_income', 'net_profit', 'profit_for_the_year');
const ownersProfitOf = inc(
  'profit_attributable_to_owners_of_the_parent',
  'profit_attributable_to_owners',
  'net_income_attributable_to_parent',
  'net_income_attributable_to_common_shareholders',
);
/** Margin of a line over revenue, in percent; undefined when either is missing or revenue is not positive. */
const marginOf =
  (line: (r: IncomeStatementRecord) => number | undefined) =>
  (r: IncomeStatementRecord): number | undefined => {
    const revenue = revenueOf(r);
    const v = line(r);
    return revenue !== undefined && revenue > 0 && v !== undefined ? (v / revenue) * 100 : undefined;
  };

/**
 * Every derived ratio names what it is computed on, in its label: a net margin on profit to the
 * parent's owners differs from one on net profit (minority interests) and a reader cannot tell
 * which from "Net margin" alone. The labels are also the lines' ids (compare picks lines by them).
 */
export const MARGIN_LABELS = {
  gross: 'Gross margin (gross profit / revenue)',
  operating: 'Operating margin (operating profit / revenue)',
  netToOwners: 'Net margin (profit to owners / revenue)',
  net: 'Net margin (net profit / revenue)',
} as const;

export const INCOME_LINES: Array<StatementLine<IncomeStatementRecord>> = [
  { label: 'Revenue', value: revenueOf },
  { label: 'Cost of sales', value: inc('cost_of_sales', 'cost_of_revenue') },
  { label: 'Gross profit', value: grossProfitOf, negativeAs: 'loss' },
  { label: 'Selling & distribution', value: inc('selling_and_distribution_expenses', 'selling_expenses') },
  { label: 'Administrative expenses', value: inc('administrative_expenses', 'general_and_administrative_expenses') },
  { label: 'R&D expenses', value: inc('research_and_development_expenses', 'research_and_development') },
  { label: 'Operating profit', value: operatingProfitOf, negativeAs: 'loss' },
  { label: 'Profit before tax', value: inc('profit_before_tax', 'income_before_tax'), negativeAs: 'loss' },
  { label: 'Income tax', value: inc('income_tax_expense', 'income_tax') },
  { label: 'Net profit', value: netProfitOf, negativeAs: 'loss' },
  { label: 'Net profit to owners', value: ownersProfitOf, negativeAs: 'loss' },
  { label: 'EPS (basic)', value: inc('basic_earnings_per_share', 'basic_eps', 'eps'), kind: 'per_share' },
  { label: 'EPS (diluted)', value: inc('diluted_earnings_per_share', 'diluted_eps'), kind: 'per_share' },
  { label: 'Margins', value: () => undefined, heading: true },
  { label: MARGIN_LABELS.gross, value: marginOf(grossProfitOf), kind: 'percent' },
  { label: MARGIN_LABELS.operating, value: marginOf(operatingProfitOf), kind: 'percent' },
  { label: MARGIN_LABELS.netToOwners, value: marginOf(ownersProfitOf), kind: 'percent' },
  // Only where profit to owners is not reported: one net margin per period, its basis named.
  {
    label: MARGIN_LABELS.net,
    value: (r) => (ownersProfitOf(r) === undefined ? marginOf(netProfitOf)(r) : undefined),
    kind: 'percent',
  },
];

export function companyTitle(ctx: CompanyContext): string {
  return ctx.companyName ? `${ctx.companyName} (${ctx.symbol})` : ctx.symbol;
}

/** Currency of the records, noting when periods disagree. */
function currencyOf(records: Array<{ currency: string }>): { currency: string | undefined; mixed: boolean } {
  const set = new Set(records.map((r) => r.currency).filter(Boolean));
  return { currency: records[0]?.currency || undefined, mixed: set.size > 1 };
}

function renderStatement<R extends StatementHeader>(
  records: R[],
  lines: Array<StatementLine<R>>,
  name: string,
  ctx: CompanyContext,
): SlackMessage {
  const title = `${companyTitle(ctx)} · ${name}`;
  if (records.length === 0) {
    return clampMessage({
      text: escapeMrkdwn(`No ${name.toLowerCase()} data for ${ctx.symbol}.`),
      blocks: [
        header(title),
        section(
          `The service has no ${escapeMrkdwn(name.toLowerCase())} data for ${escapeMrkdwn(ctx.symbol)} with these options. Try \`annual\` or a larger \`limit:\`.`,
        ),
      ],
    });
  }
  const shown = latestRecords(records);
  const { currency, mixed } = currencyOf(shown);
  const { table: built, unit, lines: used } = buildStatementTable(shown, lines, 'Line');
  const perShare = lines.some((l) => l.kind === 'per_share' && used.includes(l.label));
  const caption = `${unitCaption(unit, currency)}${perShare ? ` · EPS in ${currency || 'the reported currency'} per share` : ''}`;
  // The caption (the table's accessible name) says what it holds and in which units: the header
  // above names the company, and the units are said here only, not again in the context line.
  const table = { ...built, caption: plainText(`${name}: ${caption.charAt(0).toLowerCase()}${caption.slice(1)}`) };
  const period = humanizeKey(String(shown[0]?.period ?? '').trim() || 'reported');
  const blocks: Array<KnownBlock | false> = [
    header(title),
    context(
      escapeMrkdwn(
        `${period} · period ends ${shown
          .map((r) => r.endDate)
          .filter(Boolean)
          .join(', ')}`,
      ),
    ),
    used.length ? table : section('_No key lines were reported for these periods._'),
    mixed && context(':warning: Periods are reported in different currencies; compare with care.'),
    records.length > shown.length && context(`${records.length - shown.length} older periods not shown.`),
  ];
  const fallback = [
    `${title} — ${caption}`,
    ...used.slice(0, 12).map((label) => {
      const line = lines.find((l) => l.label === label);
      return `${label}: ${shown
        .slice(0, 4)
        .map((r) => `${periodLabel(r)} ${line ? formatLineValue(line, r, unit) : formatInUnit(undefined, unit)}`)
        .join(' | ')}`;
    }),
  ].join('\n');
  return clampMessage({ text: escapeMrkdwn(fallback), blocks: compact(blocks) });
}

export function renderBalanceSheet(records: BalanceSheetRecord[], ctx: CompanyContext): SlackMessage {
  return renderStatement(records, BALANCE_LINES, 'Balance sheet', ctx);
}

export function renderCashFlow(records: CashFlowRecord[], ctx: CompanyContext): SlackMessage {
  return renderStatement(records, CASH_FLOW_LINES, 'Cash flow', ctx);
}

export function renderIncomeStatement(records: IncomeStatementRecord[], ctx: CompanyContext): SlackMessage {
  return renderStatement(records, INCOME_LINES, 'Income statement', ctx);
}
