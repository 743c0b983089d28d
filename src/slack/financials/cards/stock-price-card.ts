/**
 * A company's share prices over a window (/financials <SYMBOL> prices): the latest close and
 * day, valuation (market value, P/E, P/S, P/B), the window's high, low and change, and a
 * sparkline of the closes.
 */
import type { StockPriceItem } from '../../../service/types.js';
import type { KnownBlock } from '@slack/types';
import type { SlackMessage } from '../../../slack-api/slack-message.js';
import { compact, context, fields, header, section } from '../../blocks/card-parts.js';
import { escapeMrkdwn } from '../../blocks/escape.js';
import { formatCompact, formatNumber, formatPercent, isNum, sparkline } from '../../blocks/format.js';
import { clampMessage } from '../../blocks/limits.js';
import { periodChangeTitle, summarisePrices, withDate } from './price-summary.js';
import { companyTitle, type CompanyContext } from './statement-card.js';

const SPARK_POINTS = 40;

export function renderStockPriceCard(items: StockPriceItem[], ctx: CompanyContext): SlackMessage {
  const sorted = items.filter((i) => i && typeof i.date === 'string').sort((a, b) => b.date.localeCompare(a.date));
  const latest = sorted[0];
  const name = ctx.companyName || latest?.name;
  const title = `${companyTitle(name ? { ...ctx, companyName: name } : ctx)} · Prices`;
  if (!latest) {
    return clampMessage({
      text: escapeMrkdwn(`No prices for ${ctx.symbol}.`),
      blocks: [
        header(title),
        section(
          `The service returned no prices for ${escapeMrkdwn(ctx.symbol)} in this window. Try a wider one, e.g. \`last:1y\`, or \`since:\` an earlier date.`,
        ),
      ],
    });
  }
  const oldest = sorted[sorted.length - 1];
  const currency = latest.currency?.trim() ?? '';
  const { high, low, periodChange, arrow, range } = summarisePrices(sorted);
  const f = [
    `*Close${currency ? ` (${escapeMrkdwn(currency)})` : ''}*\n${formatNumber(latest.close)}`,
    `*Change*\n${arrow}${formatPercent(latest.changePercent)}`,
    `*Day range*\n${range}`,
    `*Market value*\n${escapeMrkdwn(formatCompact(latest.marketCap, currency || undefined))}`,
    `*P/E (TTM)*\n${formatNumber(latest.peTtm)}`,
    `*P/S (TTM)*\n${formatNumber(latest.psTtm)}`,
    `*P/B*\n${formatNumber(latest.pb)}`,
    `*${periodChangeTitle(oldest)}*\n${formatPercent(periodChange)}`,
    `*Period high*\n${withDate(high)}`,
    `*Period low*\n${withDate(low)}`,
  ];
  const closes = sorted
    .slice(0, SPARK_POINTS)
    .reverse()
    .map((i) => i.close)
    .filter(isNum);
  const trading = [
    isNum(latest.volume) ? `Volume ${formatCompact(latest.volume)} shares` : '',
    isNum(latest.tradeAmount) ? `turnover ${formatCompact(latest.tradeAmount, currency || undefined)}` : '',
  ].filter(Boolean);
  const blocks: Array<KnownBlock | false> = [
    header(title),
    context(escapeMrkdwn(`As of ${latest.date} · ${sorted.length} trading days from ${oldest?.date ?? latest.date}`)),
    fields(f),
    trading.length > 0 && context(escapeMrkdwn(`${trading.join(' · ')} on ${latest.date}`)),
    closes.length > 1 && context(`\`${sparkline(closes)}\` last ${closes.length} closes`),
  ];
  const text = `${title}: closed at ${formatNumber(latest.close)}${currency ? ` ${currency}` : ''} (${formatPercent(latest.changePercent)}) on ${latest.date}; period high ${formatNumber(high.value)}, low ${formatNumber(low.value)}.`;
  return clampMessage({ text: escapeMrkdwn(text), blocks: compact(blocks) });
}
