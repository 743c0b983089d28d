/**
 * The earnings calendar of a week (/financials earnings [market] [week]): one table row per
 * report, by date, with whether it comes before the open or after the close, the company, its
 * symbol and the fiscal period reported. A date is the exchange's own calendar day, as the
 * service gives it; a timing the service did not give is shown as not given, never guessed.
 */
import type { EarningsCalendarEntry, Market } from '../../../service/types.js';
import type { KnownBlock, RawTextElement } from '@slack/types';
import type { SlackMessage } from '../../../slack-api/slack-message.js';
import { compact, context, header, section } from '../../blocks/card-parts.js';
import { escapeMrkdwn } from '../../blocks/escape.js';
import { periodLabel } from '../../../periods/period-label.js';
import { clampMessage, SLACK_LIMITS } from '../../blocks/limits.js';
import { cell } from '../../blocks/statement-table.js';
import { timingLabel } from './report-timing-label.js';

export interface EarningsCalendarInput {
  /** Monday and Sunday of the week, YYYY-MM-DD. */
  startDate: string;
  endDate: string;
  /** The markets asked for, each with its entries (those whose call succeeded). */
  markets: Array<{ market: Market; entries: EarningsCalendarEntry[] }>;
  /**
   * When the week has no reports: the first later week that has (its entries), or the range looked
   * ahead with no entries when none has; unset when the app could not look ahead.
   */
  next?: Omit<EarningsCalendarInput, 'next'>;
}

/** One header row, the rest reports: Slack shows at most 100 rows. */
const MAX_ROWS = SLACK_LIMITS.tableRows - 1;
const MARKET_NAMES: Record<Market, string> = { cn: 'China A-shares', hk: 'Hong Kong', us: 'US' };
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Mon 24 Nov" for a YYYY-MM-DD date; the text itself when it is not one. */
function dayLabel(date: string, withYear = false): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const ms = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : Number.NaN;
  if (!m || Number.isNaN(ms)) return date || '—';
  const d = new Date(ms);
  return `${WEEKDAYS[d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}${withYear ? ` ${d.getUTCFullYear()}` : ''}`;
}

/** "Q3 FY2027", "FY2025" (the one scheme, src/periods/period-label.ts), else the period end or a dash. */
const periodOf = (e: EarningsCalendarEntry): string =>
  periodLabel({ fiscalYear: e.fiscalYear, fiscalQuarter: e.fiscalQuarter || (e.fiscalYear ? 'FY' : undefined), endDate: e.periodEnd });

const weekLabel = (w: { startDate: string; endDate: string }): string => `${dayLabel(w.startDate)} – ${dayLabel(w.endDate, true)}`;

function sortedEntries(markets: EarningsCalendarInput['markets']) {
  return markets
    .flatMap((m) => m.entries.map((e) => ({ ...e, market: m.market as string })))
    .sort((a, b) => a.date.localeCompare(b.date) || a.symbol.localeCompare(b.symbol));
}

export function renderEarningsCalendar(input: EarningsCalendarInput): SlackMessage {
  const names = input.markets.map((m) => MARKET_NAMES[m.market] ?? m.market);
  const title = `Earnings calendar · ${names.join(', ') || 'no market'}`;
  const week = weekLabel(input);
  const entries = sortedEntries(input.markets);
  if (entries.length > 0) return renderWeek(title, input, entries);
  const nextEntries = input.next ? sortedEntries(input.next.markets) : [];
  if (input.next && nextEntries.length > 0) {
    // Shown instead of a suggestion to try another week, which might be just as empty.
    const nextWeek = weekLabel(input.next);
    const card = renderWeek(title, input.next, nextEntries);
    const notice = `No earnings reports are scheduled for ${names.join(', ')} in the week of ${week}; the next are in the week of ${nextWeek}.`;
    return clampMessage({
      text: `${escapeMrkdwn(notice)}\n${card.text}`,
      blocks: [card.blocks[0] as KnownBlock, section(escapeMrkdwn(notice)), ...card.blocks.slice(1)],
    });
  }
  return clampMessage({
    text: escapeMrkdwn(`No earnings reports for ${names.join(', ')} in the week ${week}.`),
    blocks: [
      header(title),
      context(escapeMrkdwn(`Week of ${week}`)),
      section(
        input.next
          ? `No earnings reports are scheduled for ${escapeMrkdwn(names.join(', '))} this week or in the weeks up to ${escapeMrkdwn(dayLabel(input.next.endDate, true))}.`
          : `No earnings reports are scheduled for ${escapeMrkdwn(names.join(', '))} this week. Try \`next\`, \`last\` or a date, e.g. \`/financials earnings us next\`.`,
      ),
    ],
  });
}

/** The table of one week's reports. */
function renderWeek(title: string, input: Omit<EarningsCalendarInput, 'next'>, entries: ReturnType<typeof sortedEntries>): SlackMessage {
  const week = weekLabel(input);
  const several = input.markets.length > 1;
  const shown = entries.slice(0, MAX_ROWS);
  const rows: RawTextElement[][] = [
    [cell('Date'), cell('Time'), cell('Company'), cell('Symbol'), cell('Period'), ...(several ? [cell('Market')] : [])],
    ...shown.map((e) => [
      cell(dayLabel(e.date)),
      cell(timingLabel(e.timing)),
      cell(e.name || e.symbol || '—'),
      cell(e.symbol || '—'),
      cell(periodOf(e)),
      ...(several ? [cell(e.market.toUpperCase())] : []),
    ]),
  ];
  const untimed = shown.some((e) => !e.timing);
  const blocks: Array<KnownBlock | false> = [
    header(title),
    context(
      escapeMrkdwn(
        `Week of ${week} · ${entries.length} report${entries.length === 1 ? '' : 's'} · dates are each exchange's local day${untimed ? ' · "not given": the service gave no time of day' : ''}`,
      ),
    ),
    {
      type: 'table',
      rows,
      // The company column wraps; the others keep to one line (fewer settings than columns is allowed).
      column_settings: [{ is_wrapped: false }, { is_wrapped: false }, { is_wrapped: true }],
    },
    entries.length > shown.length && context(`${entries.length - shown.length} more reports not shown.`),
  ];
  const fallback = [
    `${title} — week of ${week}`,
    ...shown
      .slice(0, 20)
      .map((e) => `${dayLabel(e.date)} (${timingLabel(e.timing).toLowerCase()}): ${e.name || e.symbol} (${e.symbol}) ${periodOf(e)}`),
  ].join('\n');
  return clampMessage({ text: escapeMrkdwn(fallback), blocks: compact(blocks) });
}
