/**
 * Company snapshot (/financials <SYMBOL> with no statement): key income-statement, balance-sheet
 * and cash-flow lines for the latest two periods with the change, in the message's one table,
 * and the revenue mix as fields below it.
 */
import type {
  BalanceSheetRecord,
  CashFlowRecord,
  IncomeStatementRecord,
  RevenueBreakdown,
  StatementHeader,
} from '../../../service/types.js';
import type { KnownBlock, RawTextElement } from '@slack/types';
import type { SlackMessage } from '../../../slack-api/slack-message.js';
import { compact, context, fields, header, section } from '../../blocks/card-parts.js';
import { escapeMrkdwn } from '../../blocks/escape.js';
import {
  chooseUnit,
  formatInUnit,
  formatNumber,
  formatPercent,
  isNum,
  MISSING,
  unitCaption,
  type AmountUnit,
} from '../../blocks/format.js';
import { clampMessage } from '../../blocks/limits.js';
import { comparablePeriod, readPeriod } from '../../../periods/period-label.js';
import { formatChange, NOT_MEANINGFUL_NOTE } from '../../blocks/percent-change.js';
import { latestPeriod, segmentShares } from './revenue-card.js';
import { BALANCE_LINES, CASH_FLOW_LINES, companyTitle, INCOME_LINES, MARGIN_LABELS, type CompanyContext } from './statement-card.js';
import { cell, formatLineValue, latestRecords, periodLabel, type StatementLine } from '../../blocks/statement-table.js';

export interface CompanySnapshotInput extends CompanyContext {
  balance: BalanceSheetRecord[];
  cashFlow: CashFlowRecord[];
  revenue?: RevenueBreakdown | null;
  /** Absent or empty when the service gave no income statement. */
  income?: IncomeStatementRecord[];
}

/** Net margin on whichever profit the period reports (statement-card.ts shows one of the two per period). */
const SNAPSHOT_INCOME: string[] = [
  'Revenue',
  'Gross profit',
  'Operating profit',
  'Net profit to owners',
  'EPS (basic)',
  MARGIN_LABELS.netToOwners,
  MARGIN_LABELS.net,
];

const SNAPSHOT_BALANCE = [
  'Cash & equivalents',
  'Total current assets',
  'Total assets',
  'Total current liabilities',
  'Total liabilities',
  'Total shareholders’ equity',
];
const SNAPSHOT_CASH = ['Operating cash flow', 'Investing cash flow', 'Financing cash flow', 'Net change in cash', 'Cash at end'];

/** Change of a line between two periods: a percentage for amounts (percent-change.ts), percentage points for a margin. */
function lineChange<R>(line: StatementLine<R>, latest: R, prior: R | undefined): string {
  const a = line.value(latest);
  const b = prior && line.value(prior);
  if (line.kind === 'percent') return isNum(a) && isNum(b) ? `${formatNumber(a - b, 1, true)} pp` : MISSING;
  return formatChange(a, b, line.negativeAs);
}

const QUARTERS = new Set(['Q1', 'Q2', 'Q3', 'Q4']);

/**
 * The newest record and the one its change is measured against, alike in length: a quarter
 * with the quarter before, a year with the year before, H1 with H1 and nine months with nine
 * months (cumulative periods never side by side with shorter ones). Records whose kind is not
 * given are taken in date order, as the service sent them.
 */
function latestAndPrior<R extends StatementHeader>(records: R[]): [R | undefined, R | undefined] {
  const sorted = latestRecords(records);
  const latest = sorted[0];
  if (!latest) return [undefined, undefined];
  const kind = readPeriod(latest).kind;
  if (!kind) return [latest, sorted[1]];
  if (QUARTERS.has(kind)) return [latest, sorted.slice(1).find((r) => QUARTERS.has(readPeriod(r).kind ?? ''))];
  return [latest, comparablePeriod(latest, sorted)];
}

export function renderCompanySnapshot(input: CompanySnapshotInput): SlackMessage {
  const title = `${companyTitle(input)} · Snapshot`;
  const [b0, b1] = latestAndPrior(input.balance);
  const [c0, c1] = latestAndPrior(input.cashFlow);
  const [i0, i1] = latestAndPrior(input.income ?? []);
  const iLines = INCOME_LINES.filter((l) => SNAPSHOT_INCOME.includes(l.label) && i0 && isNum(l.value(i0)));
  const bLines = BALANCE_LINES.filter((l) => SNAPSHOT_BALANCE.includes(l.label) && b0 && isNum(l.value(b0)));
  const cLines = CASH_FLOW_LINES.filter((l) => SNAPSHOT_CASH.includes(l.label) && c0 && isNum(l.value(c0)));
  const unit = chooseUnit([
    ...iLines.filter((l) => (l.kind ?? 'amount') === 'amount').flatMap((l) => [i0, i1].map((r) => (r ? l.value(r) : undefined))),
    ...bLines.flatMap((l) => [b0, b1].map((r) => (r ? l.value(r) : undefined))),
    ...cLines.flatMap((l) => [c0, c1].map((r) => (r ? l.value(r) : undefined))),
  ]);
  const currency = i0?.currency || b0?.currency || c0?.currency || input.revenue?.currency;
  // "Latest" is the newest period the service gave, with the day it was filed: what the data say, not an assumption.
  const newest = i0 ?? b0 ?? c0;
  const reported = newest ? `latest reported: ${periodLabel(newest)}${newest.filingDate ? `, filed ${newest.filingDate}` : ''}` : undefined;

  const rows: RawTextElement[][] = [[cell('Line'), cell('Latest'), cell('Prior'), cell('Change')]];
  if (i0 && iLines.length) rows.push(...incomeRows(iLines, i0, i1, unit));
  if (b0 && bLines.length) {
    rows.push([cell(`— Balance sheet: ${periodLabel(b0)}${b1 ? ` vs ${periodLabel(b1)}` : ''} —`), cell(' '), cell(' '), cell(' ')]);
    for (const l of bLines)
      rows.push([
        cell(l.label),
        cell(formatInUnit(l.value(b0), unit)),
        cell(b1 ? formatInUnit(l.value(b1), unit) : MISSING),
        cell(lineChange(l, b0, b1)),
      ]);
  }
  if (c0 && cLines.length) {
    rows.push([cell(`— Cash flow: ${periodLabel(c0)}${c1 ? ` vs ${periodLabel(c1)}` : ''} —`), cell(' '), cell(' '), cell(' ')]);
    for (const l of cLines)
      rows.push([
        cell(l.label),
        cell(formatInUnit(l.value(c0), unit)),
        cell(c1 ? formatInUnit(l.value(c1), unit) : MISSING),
        cell(lineChange(l, c0, c1)),
      ]);
  }

  const { latest } = input.revenue ? latestPeriod(input.revenue) : {};
  const mix = latest ? segmentShares(latest.industry, latest.industryTotalRevenue) : [];
  const regions = latest ? segmentShares(latest.area) : [];
  const mixFields = mix
    .slice(0, 8)
    .map(
      (s) =>
        `*${escapeMrkdwn(s.name)}*\n${formatPercent(s.share, false, 1)}${isNum(s.revenue) ? ` · ${formatInUnit(s.revenue, unit)}` : ''}`,
    );
  if (mix.length > 8) mixFields.push(`…and ${mix.length - 8} more segments`);

  const hasTable = rows.length > 1;
  const blocks: Array<KnownBlock | false> = [
    header(title),
    context(
      escapeMrkdwn(
        `${unitCaption(unit, currency)}${reported ? ` · ${reported}` : ''} · change is latest vs prior period${rows.some((r) => r[3]?.text === 'n/m') ? ` · ${NOT_MEANINGFUL_NOTE}` : ''}`,
      ),
    ),
    hasTable
      ? { type: 'table', rows, column_settings: [{ is_wrapped: true }, { align: 'right' }, { align: 'right' }, { align: 'right' }] }
      : section('_No income, balance-sheet or cash-flow data is available for this company._'),
    mixFields.length > 0 && section(`*Revenue mix${latest ? ` · ${escapeMrkdwn(periodLabel(latest))}` : ''}*`),
    mixFields.length > 0 && fields(mixFields),
    regions.length > 0 &&
      context(
        escapeMrkdwn(
          `Regions: ${regions
            .slice(0, 6)
            .map((r) => `${r.name} ${formatPercent(r.share, false, 1)}`)
            .join(' · ')}`,
        ),
      ),
    context('More: add `income`, `balance`, `cashflow`, `revenue` or `prices` to the command.'),
  ];
  const fallback = [
    `${companyTitle(input)} snapshot — ${unitCaption(unit, currency)}`,
    ...iLines.slice(0, 4).map((l) => `${l.label}: ${i0 ? formatLineValue(l, i0, unit) : MISSING}`),
    ...bLines.slice(0, 4).map((l) => `${l.label}: ${b0 ? formatInUnit(l.value(b0), unit) : MISSING}`),
    ...cLines.slice(0, 3).map((l) => `${l.label}: ${c0 ? formatInUnit(l.value(c0), unit) : MISSING}`),
    mix.length
      ? `Revenue mix: ${mix
          .slice(0, 4)
          .map((s) => `${s.name} ${formatPercent(s.share, false, 1)}`)
          .join(', ')}`
      : '',
  ]
    .filter(Boolean)
    .join('\n');
  return clampMessage({ text: escapeMrkdwn(fallback), blocks: compact(blocks) });
}

function incomeRows(
  lines: Array<StatementLine<IncomeStatementRecord>>,
  latest: IncomeStatementRecord,
  prior: IncomeStatementRecord | undefined,
  unit: AmountUnit,
): RawTextElement[][] {
  return [
    [cell(`— Income: ${periodLabel(latest)}${prior ? ` vs ${periodLabel(prior)}` : ''} —`), cell(' '), cell(' '), cell(' ')],
    ...lines.map((l) => [
      cell(l.label),
      cell(formatLineValue(l, latest, unit)),
      cell(prior ? formatLineValue(l, prior, unit) : MISSING),
      cell(lineChange(l, latest, prior)),
    ]),
  ];
}
