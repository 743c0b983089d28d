/**
 * *Earnings calendar*'s outputs: the week's reports as rich text (a heading with the week and the
 * count, one line per report as the card's rows: day, time, company, symbol, period), the number of
 * reports, and the week's Monday. An empty week says so and gives the next week with reports, as
 * the card does; a market the service failed is named under the list, never silently left out.
 */
import type { RichTextBlock, RichTextSection } from '@slack/types';
import { WORKFLOW_OUTPUT_LIMITS } from '../../blocks/limits/workflow-output-limits.js';
import type { EarningsCalendarOutput, EarningsMarket, EarningsReport } from '../../kit/operations/earnings-calendar-types.js';
import { bulletList, richText, richTextBlock, section } from '../rich-text.js';

export interface EarningsCalendarOutputs {
  calendar: RichTextBlock;
  report_count: number;
  week_start: string;
  [name: string]: unknown;
}

const MARKET_NAMES: Record<EarningsMarket, string> = { cn: 'China A-shares', hk: 'Hong Kong', us: 'US' };
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Mon 24 Nov" (the card's day label) for a YYYY-MM-DD date; the text itself when it is not one. */
function dayLabel(date: string, withYear = false): string {
  const ms = Date.parse(`${date}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(ms)) return date;
  const d = new Date(ms);
  return `${WEEKDAYS[d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}${withYear ? ` ${d.getUTCFullYear()}` : ''}`;
}

const weekLabel = (w: { startDate: string; endDate: string }): string => `${dayLabel(w.startDate)} – ${dayLabel(w.endDate, true)}`;
const plural = (n: number): string => `${n} report${n === 1 ? '' : 's'}`;

function reportLine(r: EarningsReport, several: boolean): RichTextSection {
  const company = r.company ? `${r.company} (${r.symbol})` : r.symbol;
  const details = [r.timingLabel, r.period, several ? r.market.toUpperCase() : undefined].filter((d): d is string => Boolean(d));
  return section(richText(`${dayLabel(r.date)} · `), richText(company, { bold: true }), richText(` — ${details.join(' · ')}`));
}

function reportList(reports: readonly EarningsReport[], several: boolean): RichTextBlock['elements'] {
  const shown = reports.slice(0, WORKFLOW_OUTPUT_LIMITS.calendarReports);
  const more = reports.length - shown.length;
  return [
    bulletList(shown.map((r) => reportLine(r, several))),
    ...(more > 0 ? [section(richText(`${more} more reports not shown; /financials earnings shows the whole week.`))] : []),
  ];
}

export function formatEarningsCalendar(out: EarningsCalendarOutput): EarningsCalendarOutputs {
  const names = out.markets.map((m) => MARKET_NAMES[m]).join(', ');
  const several = out.markets.length > 1;
  const title = richText(`Earnings calendar · ${names}`, { bold: true });
  const elements: RichTextBlock['elements'] = [];
  if (out.reports.length > 0) {
    elements.push(
      section(title, richText(` — week of ${weekLabel(out)} · ${plural(out.reports.length)}`)),
      ...reportList(out.reports, several),
    );
  } else {
    const next = out.nextWeekWithReports;
    const none = `No earnings reports are scheduled for ${names} in the week of ${weekLabel(out)}`;
    if (next && next.reports.length > 0) {
      elements.push(
        section(title, richText(` — ${none}; the next are in the week of ${weekLabel(next)} (${plural(next.reports.length)}):`)),
        ...reportList(next.reports, several),
      );
    } else if (next) {
      elements.push(section(title, richText(` — ${none}, nor in the weeks up to ${dayLabel(next.endDate, true)}.`)));
    } else {
      elements.push(section(title, richText(` — ${none}.`)));
    }
  }
  if (out.failedMarkets.length > 0) {
    const failed = out.failedMarkets.map((f) => `the ${MARKET_NAMES[f.market]} calendar (${f.reason})`).join('; ');
    elements.push(section(richText(`Not shown: ${failed}.`, { italic: true })));
  }
  return { calendar: richTextBlock(elements), report_count: out.reportCount, week_start: out.startDate };
}
