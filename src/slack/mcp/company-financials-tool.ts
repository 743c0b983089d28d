/**
 * `company_financials`: a company's income statement, balance sheet or cash flow as
 * `/financials <SYMBOL> income|balance|cashflow` shows it (the financials slice's operation): the
 * table as Markdown, and the rows and key figures as numbers at full precision.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { toolSuccess } from './mcp-tool-result.js';
import { type McpToolContext, runMcpTool } from './run-mcp-tool.js';

const inputSchema = {
  symbol: z
    .string()
    .trim()
    .min(1, 'Give a symbol, e.g. SH:600519, HK:00700 or US:NVDA')
    .max(30)
    .describe('The company: SH:600519, HK:00700, US:NVDA (also 600519, $NVDA)'),
  statement: z.string().trim().min(1, 'Give the statement: income, balance or cashflow').max(30).describe('income, balance or cashflow'),
  period: z
    .string()
    .trim()
    .max(20)
    .optional()
    .describe('annual, quarterly or cumulative (year to date); the service’s default when absent'),
  limit: z.number().int().min(1).max(40).optional().describe('How many periods, newest first'),
};

const outputSchema = {
  companyName: z.string().optional(),
  symbol: z.string(),
  statement: z.string(),
  statementTitle: z.string(),
  periods: z.array(z.string()),
  periodEnds: z.array(z.string()),
  rows: z.array(z.object({ label: z.string(), values: z.array(z.number().nullable()), kind: z.string() })),
  currency: z.string().optional(),
  unit: z.string(),
  keyFigures: z.record(z.string(), z.number().nullable()),
  markdownTable: z.string(),
};

export function registerCompanyFinancialsTool(server: McpServer, ctx: McpToolContext): void {
  server.registerTool(
    'company_financials',
    {
      title: 'Company financials',
      description:
        'A listed company’s income statement, balance sheet or cash flow, as /financials shows it: a Markdown table (periods as columns) and the rows and key figures as numbers in the reported currency.',
      inputSchema,
      outputSchema,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (input, extra) =>
      runMcpTool(ctx, extra, 'company_financials', `the ${input.statement} statement`, async ({ identity, call }) => {
        const statement = await ctx.operations.companyFinancials(ctx.deps, identity.workspace, input, call);
        return toolSuccess(statement.markdownTable, { ...statement });
      }),
  );
}
