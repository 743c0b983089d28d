/**
 * `earnings_calendar`: one week's earnings reports by market, as `/financials earnings [cn|hk|us]
 * [this|next|last|YYYY-MM-DD]` shows them (the financials slice's operation): a Markdown table for
 * reading, and the reports, the failed markets and (for an empty week) the next week with reports as data.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { EarningsCalendarOutput, EarningsReport } from '../kit/operations/earnings-calendar-types.js';
import { toolSuccess } from './mcp-tool-result.js';
import { type McpToolContext, runMcpTool } from './run-mcp-tool.js';

const inputSchema = {
  // The values are the operation's to check: it names a wrong market or week and says what to give.
  markets: z
    .array(z.string().max(20))
    .max(3)
    .optional()
    .describe('Markets: cn, hk, us (China A-shares, Hong Kong, US); all three when absent'),
  week: z
    .string()
    .trim()
    .max(20)
    .optional()
    .describe('this (default), next, last, or a date (YYYY-MM-DD) in the week; a week runs Monday to Sunday'),
};

const reportSchema = z.object({
  market: z.string(),
  company: z.string().optional(),
  symbol: z.string(),
  date: z.string(),
  timing: z.string().optional(),
  timingLabel: z.string(),
  period: z.string().optional(),
  fiscalYear: z.string().optional(),
  fiscalQuarter: z.string().optional(),
  periodEnd: z.string().optional(),
});

const outputSchema = {
  startDate: z.string(),
  endDate: z.string(),
  markets: z.array(z.string()),
  reports: z.array(reportSchema),
  reportCount: z.number(),
  failedMarkets: z.array(z.object({ market: z.string(), reason: z.string() })),
  nextWeekWithReports: z.object({ startDate: z.string(), endDate: z.string(), reports: z.array(reportSchema) }).optional(),
};

export function registerEarningsCalendarTool(server: McpServer, ctx: McpToolContext): void {
  server.registerTool(
    'earnings_calendar',
    {
      title: 'Earnings calendar',
      description:
        'The earnings reports scheduled in one week (Monday to Sunday) for China A-shares, Hong Kong and US, as /financials earnings shows them: date, time of day (before open / after close, when the service gives it), company, symbol and fiscal period. An empty week comes with the next week that has reports.',
      inputSchema,
      outputSchema,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (input, extra) =>
      runMcpTool(ctx, extra, 'earnings_calendar', 'the earnings calendar', async ({ identity, call }) => {
        const calendar = await ctx.operations.earningsCalendar(ctx.deps, identity.workspace, input, call);
        return toolSuccess(earningsText(calendar), { ...calendar });
      }),
  );
}

const cell = (value: string | undefined): string => (value ?? '—').replace(/\|/g, '\\|').replace(/\s+/g, ' ');

function reportTable(reports: readonly EarningsReport[]): string[] {
  return [
    '| Date | Time | Company | Symbol | Period | Market |',
    '|---|---|---|---|---|---|',
    ...reports.map(
      (r) =>
        `| ${r.date} | ${r.timingLabel} | ${cell(r.company ?? r.symbol)} | ${cell(r.symbol)} | ${cell(r.period)} | ${r.market.toUpperCase()} |`,
    ),
  ];
}

export function earningsText(c: EarningsCalendarOutput): string {
  const markets = c.markets.join(', ').toUpperCase();
  const lines = [
    `Earnings calendar · ${markets} · week of ${c.startDate} to ${c.endDate} · ${c.reportCount} report${c.reportCount === 1 ? '' : 's'}`,
  ];
  if (c.reports.length > 0) lines.push('', ...reportTable(c.reports));
  else if (c.nextWeekWithReports && c.nextWeekWithReports.reports.length > 0) {
    const next = c.nextWeekWithReports;
    lines.push(
      '',
      `None this week; the next reports are in the week of ${next.startDate} to ${next.endDate}:`,
      '',
      ...reportTable(next.reports),
    );
  } else if (c.nextWeekWithReports) lines.push(`None scheduled up to ${c.nextWeekWithReports.endDate}.`);
  else lines.push('None scheduled this week.');
  for (const f of c.failedMarkets) lines.push(`Not included: the ${f.market.toUpperCase()} calendar (${f.reason}).`);
  return lines.join('\n');
}
