/**
 * Index card: latest close, change, day range, valuation, market cap, and the period's high and
 * low. Units as the service gives them: `stock_change_percent` a percentage, `dividend_yield` a
 * fraction (0.0343 → 3.43%); a mainland index's market cap is its A-share market cap.
 */
import type { IndexPriceItem } from '../../../service/types.js';
import type { KnownBlock } from '@slack/types';
import type { SlackMessage } from '../../../slack-api/slack-message.js';
import { compact, context, fields, header, section } from '../../blocks/card-parts.js';
import { escapeMrkdwn } from '../../blocks/escape.js';
import { formatCompact, formatNumber, formatPercent, isNum, sparkline } from '../../blocks/format.js';
import { clampMessage } from '../../blocks/limits.js';
import { periodChangeTitle, summarisePrices, withDate } from './price-summary.js';

export interface IndexCardContext {
  /** Index code as queried (SPX, HSI, 000300). */
  code: string;
  name?: string;
}

const SPARK_POINTS = 40;

/** Mainland (Shanghai/Shenzhen) index codes are six digits (000300, 399006); others are letters (SPX, HSI). */
const isMainlandIndex = (code: string): boolean => /^\d{6}$/.test(code);

/** The market cap a card shows: the A-share figure for a mainland index (the total when that is missing). */
function marketCapField(item: IndexPriceItem, code: string): string {
  const positive = (v: number | undefined): number | undefined => (isNum(v) && v > 0 ? v : undefined);
  if (isMainlandIndex(code)) {
    const aShare = positive(item.marketCapAShare);
    if (aShare !== undefined) return `*A-share market cap*\n${formatCompact(aShare)}`;
  }
  return `*Market cap*\n${formatCompact(positive(item.marketCap))}`;
}

export function renderIndexCard(items: IndexPriceItem[], ctx: IndexCardContext): SlackMessage {
  const sorted = [...items].filter((i) => i && typeof i.date === 'string').sort((a, b) => b.date.localeCompare(a.date));
  const latest = sorted[0];
  const name = ctx.name || latest?.name || ctx.code;
  const title = name === ctx.code ? ctx.code : `${name} (${ctx.code})`;
  if (!latest) {
    return clampMessage({
      text: escapeMrkdwn(`No prices for ${title}.`),
      blocks: [header(title), section('The service returned no prices for this index and period.')],
    });
  }
  const oldest = sorted[sorted.length - 1];
  const { high, low, periodChange, arrow, range } = summarisePrices(sorted);
  const f = [
    `*Close*\n${formatNumber(latest.close)}`,
    `*Change*\n${arrow}${formatPercent(latest.changePercent)}`,
    `*Day range*\n${range}`,
    `*PE (TTM)*\n${formatNumber(latest.peTtm)}`,
    `*PB*\n${formatNumber(latest.pb)}`,
    `*Dividend yield*\n${formatPercent(isNum(latest.dividendYield) ? latest.dividendYield * 100 : undefined, false)}`,
    `*Period high*\n${withDate(high)}`,
    `*Period low*\n${withDate(low)}`,
    `*${periodChangeTitle(oldest)}*\n${formatPercent(periodChange)}`,
    `*Turnover*\n${formatCompact(latest.tradeAmount)}`,
    marketCapField(latest, ctx.code),
  ];
  const closes = sorted
    .slice(0, SPARK_POINTS)
    .reverse()
    .map((i) => i.close)
    .filter(isNum);
  const blocks: Array<KnownBlock | false> = [
    header(title),
    context(escapeMrkdwn(`As of ${latest.date} · ${sorted.length} trading days from ${oldest?.date ?? latest.date}`)),
    // Slack allows 10 fields a section: price and valuation, then the period and size.
    fields(f.slice(0, 6)),
    fields(f.slice(6)),
    closes.length > 1 && context(`\`${sparkline(closes)}\` last ${closes.length} closes`),
  ];
  const text = `${title} closed at ${formatNumber(latest.close)} (${formatPercent(latest.changePercent)}) on ${latest.date}; period high ${formatNumber(high.value)}, low ${formatNumber(low.value)}.`;
  return clampMessage({ text: escapeMrkdwn(text), blocks: compact(blocks) });
}
