/**
 * The `/financials compare` card: one data_table with a row per metric and calendar period and a
 * column per company, headed with its name, symbol, currency and unit. Its first rows say which
 * fiscal period of each company sits in each calendar row, and when it ends ("FY2025 · ends
 * 26 Jan 2025"): once per row rather than a second column per company, so five companies stay
 * inside Slack's 20 columns and a two-company table stays narrow. Each company column has its own
 * unit and currency: nothing is converted, summed or ranked across companies, and when the
 * currencies differ the card says so above the table.
 * @see https://docs.slack.dev/reference/block-kit/blocks/data-table-block
 */
import type { DataTableBlock, KnownBlock, RawNumberElement, RawTextElement } from '@slack/types';
import type { SlackMessage } from '../../../slack-api/slack-message.js';
import { compact, context, header, section } from '../../blocks/card-parts.js';
import { escapeMrkdwn, plainText } from '../../blocks/escape.js';
import { chooseUnit, formatInUnit, formatNumber, formatPercent, type AmountUnit } from '../../blocks/format.js';
import { clampMessage, SLACK_LIMITS } from '../../blocks/limits.js';
import { cell, numberCell } from '../../blocks/statement-table.js';
import { rowsToShow, type AlignedComparison, type AlignedCompany } from './align-comparison.js';
import { comparisonNotes, fiscalPeriodCell, pairingRule } from './compare-notes.js';

export interface CompareMetricDef {
  id: string;
  label: string;
  /** `amount` in the column's unit (default), `percent` as is (a margin), `per_share` with 2 decimals. */
  kind?: 'amount' | 'percent' | 'per_share';
}

export interface CompareCardInput {
  /** "Income", "Balance sheet", "Cash flow", "Revenue". */
  subject: string;
  aligned: AlignedComparison;
  metrics: readonly CompareMetricDef[];
}

/** Calendar rows per metric: 6 groups × (5 + TTM + latest quarter) rows stays inside Slack's 100. */
export const COMPARE_PERIODS = 5;

/** The first group's name: the fiscal period of each company in each row. */
export const FISCAL_PERIOD_ROW = 'Fiscal period';

export function companyHeading(c: Pick<AlignedCompany, 'symbol' | 'name'>): string {
  return c.name ? `${c.name} (${c.symbol})` : c.symbol;
}

function columnUnit(c: AlignedCompany, metrics: readonly CompareMetricDef[], shown: number[]): AmountUnit {
  return chooseUnit(metrics.filter((m) => (m.kind ?? 'amount') === 'amount').flatMap((m) => shown.map((i) => c.values[m.id]?.[i])));
}

function formatValue(value: number | undefined, metric: CompareMetricDef, unit: AmountUnit): string {
  if (metric.kind === 'percent') return formatPercent(value, false, 1);
  if (metric.kind === 'per_share') return formatNumber(value, 2);
  return formatInUnit(value, unit);
}

/** The notice over a comparison whose companies report (or trade) in different currencies. */
export function currencyNotice(currencies: readonly string[], what: 'report' | 'trade' = 'report'): string {
  const advice = what === 'report' ? 'compare margins and growth, not amounts' : 'compare the changes, not the prices';
  return `:currency_exchange: These companies ${what} in different currencies (${currencies.join(', ')}). Each figure is in its company's own currency, not converted: ${advice}.`;
}

/** "Gross margin (gross profit / revenue, %)", "Net margin (%)": the basis a label names, then the unit. */
function percentLabel(label: string): string {
  return label.endsWith(')') ? `${label.slice(0, -1)}, %)` : `${label} (%)`;
}

export function renderCompareCard(input: CompareCardInput): SlackMessage {
  const { aligned, metrics, subject } = input;
  const names = aligned.companies.map(companyHeading).join(' vs ');
  const title = `Compare · ${subject}`;
  const shownRows = rowsToShow(aligned, COMPARE_PERIODS);
  const shownIdx = shownRows.map((r) => aligned.rows.indexOf(r));
  const usedMetrics = metrics.filter((m) => aligned.companies.some((c) => shownIdx.some((i) => c.values[m.id]?.[i] !== undefined)));
  if (shownRows.length === 0 || usedMetrics.length === 0) {
    return clampMessage({
      text: escapeMrkdwn(`${title}: no figures for ${names}.`),
      blocks: [header(title), section(`The service has no ${escapeMrkdwn(subject.toLowerCase())} figures for ${escapeMrkdwn(names)}.`)],
    });
  }
  const units = aligned.companies.map((c) => columnUnit(c, usedMetrics, shownIdx));
  const headRow: RawTextElement[] = [
    cell('Metric'),
    cell('Calendar period'),
    ...aligned.companies.map((c, i) => {
      const unit = units[i]?.name ? ` ${units[i]?.name}` : '';
      return cell(`${companyHeading(c)} · ${c.currency || 'currency not given'}${unit}`);
    }),
  ];
  const rows: Array<Array<RawTextElement | RawNumberElement>> = [headRow];
  for (const r of shownRows) {
    rows.push([cell(FISCAL_PERIOD_ROW), cell(r.label), ...r.periods.map((p) => cell(fiscalPeriodCell(p)))]);
  }
  for (const metric of usedMetrics) {
    const label = metric.kind === 'percent' ? percentLabel(metric.label) : metric.label;
    shownRows.forEach((r, j) => {
      const i = shownIdx[j] ?? 0;
      rows.push([
        cell(label),
        cell(r.label),
        ...aligned.companies.map((c, k) => {
          const v = c.values[metric.id]?.[i];
          return numberCell(v, formatValue(v, metric, units[k] as AmountUnit));
        }),
      ]);
    });
  }
  const table: DataTableBlock = {
    type: 'data_table',
    // The caption (the table's accessible name) says what the header and names above do not.
    caption: plainText(`${subject} by calendar period, each company in its own currency and unit`).slice(
      0,
      SLACK_LIMITS.dataTableCaptionChars,
    ),
    rows: rows.slice(0, SLACK_LIMITS.dataTableRows),
    page_size: Math.min(Math.max(1, rows.length - 1), SLACK_LIMITS.dataTablePageSizeMax),
  };
  const notes = comparisonNotes(aligned, shownRows);
  const blocks: Array<KnownBlock | false> = [
    header(title),
    context(escapeMrkdwn(names)),
    aligned.mixedCurrencies && section(escapeMrkdwn(currencyNotice(aligned.currencies))),
    table,
    context(escapeMrkdwn(pairingRule(aligned, shownRows)), ...notes.map(escapeMrkdwn)),
  ];
  // Notifications show the latest calendar row every company is in (else the latest shown).
  const lead = shownRows.find((r) => r.common && r.kind === 'calendar') ?? shownRows[0];
  const leadIdx = lead ? aligned.rows.indexOf(lead) : 0;
  const fallback = [
    `${title}: ${names}`,
    aligned.mixedCurrencies ? `Different currencies: ${aligned.currencies.join(', ')} (not converted).` : '',
    lead ? `${lead.label}: ${aligned.companies.map((c, k) => `${c.symbol} ${fiscalPeriodCell(lead.periods[k])}`).join(' | ')}` : '',
    ...usedMetrics.slice(0, 6).map(
      (m) =>
        `${m.label} ${lead?.label ?? ''}: ${aligned.companies
          .map((c, k) => {
            const unit = units[k] as AmountUnit;
            const suffix = m.kind === 'percent' ? '' : ` ${c.currency}${unit.name ? ` ${unit.name}` : ''}`;
            return `${c.symbol} ${formatValue(c.values[m.id]?.[leadIdx], m, unit)}${suffix}`;
          })
          .join(' | ')}`,
    ),
  ]
    .filter(Boolean)
    .join('\n');
  return clampMessage({ text: escapeMrkdwn(fallback), blocks: compact(blocks) });
}
