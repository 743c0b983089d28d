/** `trending_concepts`: the trending concepts `/concepts` lists (the concepts slice's operation), hottest first. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { TrendingConceptsOutput } from '../kit/operations/trending-concepts-types.js';
import { toolSuccess } from './mcp-tool-result.js';
import { type McpToolContext, runMcpTool } from './run-mcp-tool.js';

const inputSchema = {
  // The range is the operation's (as /concepts top:N); it says so when a limit is out of it.
  limit: z.number().int().min(1).optional().describe('Most concepts returned, 1–20 as /concepts top:N; 10 when absent'),
};

const outputSchema = {
  concepts: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      description: z.string().optional(),
      keywords: z.array(z.string()),
      trendingScore: z.number(),
      firstDetected: z.boolean(),
      date: z.string().optional(),
      stocks: z.array(z.object({ symbol: z.string(), name: z.string() })),
      documents: z.array(z.object({ id: z.string(), title: z.string(), url: z.string().optional() })).optional(),
    }),
  ),
  totalCount: z.number().optional(),
};

export function registerTrendingConceptsTool(server: McpServer, ctx: McpToolContext): void {
  server.registerTool(
    'trending_concepts',
    {
      title: 'Trending concepts',
      description: 'The market concepts trending now, as /concepts lists them: name, description, score and related stocks, hottest first.',
      inputSchema,
      outputSchema,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (input, extra) =>
      runMcpTool(ctx, extra, 'trending_concepts', 'the trending concepts', async ({ identity, call }) => {
        const trending = await ctx.operations.trendingConcepts(ctx.deps, identity.workspace, input, call);
        return toolSuccess(conceptsText(trending), { ...trending });
      }),
  );
}

export function conceptsText(trending: TrendingConceptsOutput): string {
  if (trending.concepts.length === 0) return 'No concepts are trending right now.';
  return trending.concepts
    .map((c, i) => {
      const stocks = c.stocks.map((s) => `${s.name} (${s.symbol})`).join(', ');
      return [
        `${i + 1}. ${c.name}${c.firstDetected ? ' (new)' : ''} — score ${c.trendingScore}`,
        ...(c.description ? [`   ${c.description}`] : []),
        ...(stocks ? [`   Stocks: ${stocks}`] : []),
      ].join('\n');
    })
    .join('\n');
}
