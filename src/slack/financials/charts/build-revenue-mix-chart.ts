/**
 * The latest period's revenue mix as a pie: segments (else products, else regions) with a
 * positive revenue, largest first; beyond five, the rest become "Other" so the native block
 * (six segments at most) can show it. Pure.
 */
import type { ChartData } from '../../../charts/chart-data.js';
import type { RevenueBreakdown, RevenueSegment } from '../../../service/types.js';
import { isNum } from '../../blocks/format.js';
import { latestPeriod } from '../cards/revenue-card.js';
import { companyTitle, type CompanyContext } from '../cards/statement-card.js';
import { periodLabel } from '../../blocks/statement-table.js';

const NAMED_SEGMENTS = 5;

export function buildRevenueMixChart(data: RevenueBreakdown, ctx: CompanyContext): ChartData | null {
  const { latest } = latestPeriod(data);
  if (!latest) return null;
  const positive = (list: RevenueSegment[]) =>
    list.flatMap((s) => (isNum(s.revenue) && s.revenue > 0 ? [{ label: s.name || '(unnamed)', value: s.revenue }] : []));
  const segments = [latest.industry, latest.product, latest.area].map(positive).find((list) => list.length > 0);
  if (!segments) return null;
  segments.sort((a, b) => b.value - a.value);
  const named = segments.length <= NAMED_SEGMENTS + 1 ? segments : segments.slice(0, NAMED_SEGMENTS);
  const rest = segments.slice(named.length).reduce((sum, s) => sum + s.value, 0);
  // The statements' period scheme ("FY2024", "2024 H1"), so a chart's caption matches the cards'.
  const period = periodLabel({
    fiscalYear: String(latest.fiscalYear ?? ''),
    fiscalQuarter: latest.period,
    period: '',
    endDate: latest.endDate,
  });
  return {
    kind: 'pie',
    title: `${companyTitle(ctx)} revenue mix ${period}${data.currency ? ` (${data.currency})` : ''}`,
    segments: rest > 0 ? [...named, { label: 'Other', value: rest }] : named,
  };
}
