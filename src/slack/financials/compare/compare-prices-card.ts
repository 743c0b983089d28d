/**
 * `/financials compare … prices`: per company the latest close and its change over the window, each
 * in its listing's currency (a Hong Kong share trades in HKD even when the company reports in CNY).
 * Closes in different currencies are shown side by side, never ranked or converted.
 */
import type { DataTableBlock, KnownBlock, RawNumberElement, RawTextElement } from '@slack/types';
import type { StockPriceItem } from '../../../service/types.js';
import type { SlackMessage } from '../../../slack-api/slack-message.js';
import { compact, context, header, section } from '../../blocks/card-parts.js';
import { escapeMrkdwn } from '../../blocks/escape.js';
import { formatNumber, formatPercent } from '../../blocks/format.js';
import { clampMessage, SLACK_LIMITS } from '../../blocks/limits.js';
import { summarisePrices } from '../cards/price-summary.js';
import { cell, numberCell } from '../../blocks/statement-table.js';
import { companyHeading, currencyNotice } from './compare-card.js';

export interface CompanyPrices {
  symbol: string;
  name?: string;
  items: readonly StockPriceItem[];
}

export interface PriceComparisonRow {
  symbol: string;
  name?: string;
  currency: string;
  close?: number;
  asOf?: string;
  from?: string;
  /** Percent from the window's first close to its latest. */
  change?: number;
}

/** The figures of each company's window (pure; the CSV export uses it too). */
export function priceComparisonRows(companies: readonly CompanyPrices[]): PriceComparisonRow[] {
  return companies.map((c) => {
    const sorted = [...c.items].filter((i) => typeof i.date === 'string').sort((a, b) => b.date.localeCompare(a.date));
    const latest = sorted[0];
    const { periodChange } = summarisePrices(sorted);
    const name = c.name || latest?.name || undefined;
    return {
      symbol: c.symbol,
      ...(name ? { name } : {}),
      currency: latest?.currency?.trim() ?? '',
      ...(latest?.close !== undefined ? { close: latest.close } : {}),
      ...(latest ? { asOf: latest.date } : {}),
      ...(sorted.length > 0 ? { from: sorted[sorted.length - 1]?.date } : {}),
      ...(periodChange !== undefined ? { change: periodChange } : {}),
    };
  });
}

export function renderPriceCompareCard(companies: readonly CompanyPrices[]): SlackMessage {
  const rows = priceComparisonRows(companies);
  const names = rows.map(companyHeading).join(' vs ');
  const title = 'Compare · Prices';
  const currencies = [...new Set(rows.map((r) => r.currency).filter(Boolean))];
  const tableRows: Array<Array<RawTextElement | RawNumberElement>> = [
    [cell('Company'), cell('Currency'), cell('Latest close'), cell('As of'), cell('Change over window'), cell('Window from')],
    ...rows.map((r) => [
      cell(companyHeading(r)),
      cell(r.currency || 'not given'),
      numberCell(r.close, formatNumber(r.close)),
      cell(r.asOf ?? '—'),
      numberCell(r.change, formatPercent(r.change)),
      cell(r.from ?? '—'),
    ]),
  ];
  const table: DataTableBlock = {
    type: 'data_table',
    // The caption (the table's accessible name) says what the header and names above do not.
    caption: 'Latest close and change over the window, each in its listing’s currency',
    rows: tableRows,
    page_size: Math.min(Math.max(1, rows.length), SLACK_LIMITS.dataTablePageSizeMax),
  };
  const blocks: Array<KnownBlock | false> = [
    header(title),
    context(escapeMrkdwn(names)),
    currencies.length > 1 && section(escapeMrkdwn(currencyNotice(currencies, 'trade'))),
    table,
  ];
  const fallback = [
    `${title}: ${names}`,
    ...rows.map((r) => `${r.symbol}: ${formatNumber(r.close)} ${r.currency} (${formatPercent(r.change)} since ${r.from ?? '—'})`),
  ].join('\n');
  return clampMessage({ text: escapeMrkdwn(fallback), blocks: compact(blocks) });
}
