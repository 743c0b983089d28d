/** Revenue breakdown: the latest period's segments and regions with their share, in one table. */
import type { RevenueBreakdown, RevenuePeriod, RevenueSegment } from '../../../service/types.js';
import type { KnownBlock, RawTextElement } from '@slack/types';
import type { SlackMessage } from '../../../slack-api/slack-message.js';
import { compact, context, header, section } from '../../blocks/card-parts.js';
import { escapeMrkdwn } from '../../blocks/escape.js';
import { chooseUnit, formatInUnit, formatPercent, isNum, MISSING, unitCaption } from '../../blocks/format.js';
import { comparablePeriod, periodLabel } from '../../../periods/period-label.js';
import { clampMessage } from '../../blocks/limits.js';
import { companyTitle, type CompanyContext } from './statement-card.js';
import { cell } from '../../blocks/statement-table.js';

export interface SegmentShare {
  name: string;
  revenue?: number;
  /** Percentage 0–100, from the service or computed from the revenues. */
  share?: number;
}

/** Shares of one breakdown list, largest first; computed from revenues when the service gave none. */
export function segmentShares(segments: RevenueSegment[], total?: number): SegmentShare[] {
  const sum = isNum(total) && total > 0 ? total : segments.reduce((s, x) => s + (isNum(x.revenue) && x.revenue > 0 ? x.revenue : 0), 0);
  return segments
    .map((s) => {
      const out: SegmentShare = { name: s.name || '(unnamed)' };
      if (isNum(s.revenue)) out.revenue = s.revenue;
      const share = isNum(s.revenuePercentage) ? s.revenuePercentage : isNum(s.revenue) && sum > 0 ? (s.revenue / sum) * 100 : undefined;
      if (share !== undefined) out.share = share;
      return out;
    })
    .sort((a, b) => (b.share ?? b.revenue ?? -Infinity) - (a.share ?? a.revenue ?? -Infinity));
}

/**
 * The newest period and the one it is compared with: the newest earlier period of the same kind
 * (annual with the previous annual, H1 with the previous H1), never a half year next to a full
 * year. No `previous` when the service sent no comparable period.
 */
export function latestPeriod(data: RevenueBreakdown): { latest?: RevenuePeriod; previous?: RevenuePeriod } {
  const sorted = [...data.periods].sort((a, b) => String(b.endDate).localeCompare(String(a.endDate)));
  const latest = sorted[0];
  const previous = latest ? comparablePeriod(latest, sorted) : undefined;
  const out: { latest?: RevenuePeriod; previous?: RevenuePeriod } = {};
  if (latest) out.latest = latest;
  if (previous) out.previous = previous;
  return out;
}

/** "H1 FY2025 (to 2025-06-30)". */
const periodName = (p: RevenuePeriod): string => {
  const label = periodLabel(p);
  return p.endDate && label !== p.endDate ? `${label} (to ${p.endDate})` : label;
};
const MAX_ROWS_PER_GROUP = 30;

export function renderRevenueBreakdown(data: RevenueBreakdown, ctx: CompanyContext): SlackMessage {
  const title = `${companyTitle(ctx)} · Revenue breakdown`;
  const { latest, previous } = latestPeriod(data);
  if (!latest) {
    return clampMessage({
      text: escapeMrkdwn(`No revenue breakdown for ${ctx.symbol}.`),
      blocks: [header(title), section(`The service has no revenue breakdown for ${escapeMrkdwn(ctx.symbol)}.`)],
    });
  }
  const groups: Array<[string, SegmentShare[], SegmentShare[]]> = [
    [
      'By segment',
      segmentShares(latest.industry, latest.industryTotalRevenue),
      previous ? segmentShares(previous.industry, previous.industryTotalRevenue) : [],
    ],
    ['By region', segmentShares(latest.area), previous ? segmentShares(previous.area) : []],
    ['By product', segmentShares(latest.product), previous ? segmentShares(previous.product) : []],
  ];
  const present = groups.filter(([, rows]) => rows.length > 0);
  const unit = chooseUnit(present.flatMap(([, rows]) => rows.map((r) => r.revenue)));
  const rows: RawTextElement[][] = [
    [
      cell('Name'),
      cell('Revenue'),
      cell(`Share ${periodLabel(latest)}`),
      cell(previous ? `Share ${periodLabel(previous)}` : 'Prior share'),
    ],
  ];
  for (const [label, list, prior] of present) {
    rows.push([cell(`— ${label} —`), cell(' '), cell(' '), cell(' ')]);
    for (const r of list.slice(0, MAX_ROWS_PER_GROUP)) {
      const before = prior.find((p) => p.name === r.name)?.share;
      rows.push([
        cell(r.name),
        cell(formatInUnit(r.revenue, unit)),
        cell(formatPercent(r.share, false, 1)),
        cell(before === undefined ? MISSING : formatPercent(before, false, 1)),
      ]);
    }
    if (list.length > MAX_ROWS_PER_GROUP)
      rows.push([cell(`…and ${list.length - MAX_ROWS_PER_GROUP} more`), cell(' '), cell(' '), cell(' ')]);
  }
  const others = data.periods.filter((p) => p !== latest).map((p) => periodLabel(p));
  const blocks: Array<KnownBlock | false> = [
    header(title),
    context(
      escapeMrkdwn(
        `${periodName(latest)} · ${unitCaption(unit, data.currency)} · shares in % of revenue · ${
          previous ? `prior: ${periodLabel(previous)}` : 'no earlier period of the same kind to compare with'
        }`,
      ),
    ),
    present.length
      ? { type: 'table', rows, column_settings: [{ is_wrapped: true }, { align: 'right' }, { align: 'right' }, { align: 'right' }] }
      : section('_No segments or regions were reported for this period._'),
    others.length > 0 && context(escapeMrkdwn(`Other periods available: ${others.slice(0, 8).join(', ')}. Use fy:<year> to choose one.`)),
  ];
  const fallback = [
    `${title} — ${periodName(latest)}`,
    ...present.map(
      ([label, list]) =>
        `${label}: ${list
          .slice(0, 6)
          .map((r) => `${r.name} ${formatPercent(r.share, false, 1)}`)
          .join(', ')}`,
    ),
  ].join('\n');
  return clampMessage({ text: escapeMrkdwn(fallback), blocks: compact(blocks) });
}
