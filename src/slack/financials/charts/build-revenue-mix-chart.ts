/**
 * The latest period's revenue mix as a pie: segments (else products, else regions) with a
 * positive revenue, largest first; beyond five, the rest become "Other" so the native block
 * (six segments at most) can show it. Pure.
 */
import type { ChartData } from '../../../charts/chart-data.js';
import { companiesChartTitle } from '../../../charts/companies-chart-title.js';
import type { RevenueBreakdown, RevenueSegment } from '../../../service/types.js';
import { isNum } from '../../blocks/format.js';
import { latestPeriod } from '../cards/revenue-card.js';
import type { CompanyContext } from '../cards/statement-card.js';
import { periodLabel } from '../../blocks/statement-table.js';

const NAMED_SEGMENTS = 5;

/** The company's name and symbol first: the currency only where the title still holds both. */
function mixTitle(ctx: CompanyContext, period: string, currency: string | undefined): string {
  const companies = [{ symbol: ctx.symbol, ...(ctx.companyName ? { name: ctx.companyName } : {}) }];
  const withCurrency = companiesChartTitle(companies, `revenue mix ${period}${currency ? ` (${currency})` : ''}`);
  return withCurrency.includes(`(${ctx.symbol})`) || !ctx.companyName
    ? withCurrency
    : companiesChartTitle(companies, `revenue mix ${period}`);
}

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
    title: mixTitle(ctx, period, data.currency),
    segments: rest > 0 ? [...named, { label: 'Other', value: rest }] : named,
  };
}
