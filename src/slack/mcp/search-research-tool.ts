/**
 * `search_research`: the search `/research <words> type:… market:… since:…` makes, with the same
 * documents (the research slice's operation, through the hooks), as a numbered list and as data.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { SearchResearchOutput } from '../kit/operations/search-research-types.js';
import { SEARCH_RESEARCH_MAX_LIMIT } from '../kit/operations/search-research-types.js';
import { toolSuccess } from './mcp-tool-result.js';
import { type McpToolContext, runMcpTool } from './run-mcp-tool.js';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD, e.g. 2025-01-31');

const inputSchema = {
  query: z.string().trim().min(1, 'Give the words to search for, e.g. “AI capex NVDA”').max(500).describe('The search words'),
  categories: z
    .array(z.string().max(40))
    .max(10)
    .optional()
    .describe('Document types: news, reports, filings, transcripts, financials, socials, files'),
  markets: z.array(z.string().max(10)).max(3).optional().describe('Markets: cn, hk, us'),
  since: isoDate.optional().describe('Published on or after, YYYY-MM-DD'),
  until: isoDate.optional().describe('Published on or before, YYYY-MM-DD'),
  limit: z
    .number()
    .int()
    .min(1)
    .max(SEARCH_RESEARCH_MAX_LIMIT)
    .optional()
    .describe(`Most documents returned, 1–${SEARCH_RESEARCH_MAX_LIMIT}`),
};

const documentSchema = z.object({
  id: z.string(),
  title: z.string(),
  url: z.string().optional(),
  company: z.string().optional(),
  category: z.string().optional(),
  date: z.string().optional(),
  summary: z.string().optional(),
});

const outputSchema = {
  query: z.string(),
  totalCount: z.number(),
  documents: z.array(documentSchema),
  firstDocumentUrl: z.string().optional(),
};

export function registerSearchResearchTool(server: McpServer, ctx: McpToolContext): void {
  server.registerTool(
    'search_research',
    {
      title: 'Search research',
      description:
        'Searches the research service’s documents (news, reports, filings, transcripts …) as /research does: the documents ranked by relevance, with title, company, category, date, summary and link.',
      inputSchema,
      outputSchema,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (input, extra) =>
      runMcpTool(ctx, extra, 'search_research', 'the search', async ({ identity, call }) => {
        const found = await ctx.operations.searchResearch(ctx.deps, identity.workspace, input, call);
        return toolSuccess(searchText(found), { ...found });
      }),
  );
}

export function searchText(found: SearchResearchOutput): string {
  if (found.documents.length === 0) return `No documents match “${found.query}”. Try fewer or other words, or a wider date range.`;
  const lines = found.documents.map((d, i) => {
    const about = [d.company, d.category, d.date].filter((part): part is string => Boolean(part)).join(' · ');
    return [
      `${i + 1}. ${d.title}${about ? ` — ${about}` : ''}`,
      ...(d.url ? [`   ${d.url}`] : []),
      ...(d.summary ? [`   ${d.summary}`] : []),
    ].join('\n');
  });
  const shown = found.documents.length < found.totalCount ? ` (the first ${found.documents.length})` : '';
  return [`${found.totalCount} documents match “${found.query}”${shown}:`, ...lines].join('\n');
}
