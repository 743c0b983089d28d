/**
 * One MCP server per HTTP request (stateless streamable HTTP: no session to share between
 * replicas), its tools bound to the request's proven caller.
 * @see https://modelcontextprotocol.io/specification/2025-06-18/basic/transports#streamable-http
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { registerAgentTools } from './agent-tools.js';
import { registerCompanyFinancialsTool } from './company-financials-tool.js';
import { registerEarningsCalendarTool } from './earnings-calendar-tool.js';
import type { McpToolContext } from './run-mcp-tool.js';
import { registerSearchResearchTool } from './search-research-tool.js';
import { registerTrendingConceptsTool } from './trending-concepts-tool.js';

export const MCP_SERVER_INFO = { name: 'research-desk', title: 'Research Desk', version: '1.0.0' } as const;

const INSTRUCTIONS =
  'Research Desk answers from a financial research service: search its documents (search_research), read a company’s statements (company_financials), list trending market concepts (trending_concepts), see a week’s earnings reports (earnings_calendar), and ask its research agent (ask_research_agent, then get_agent_answer with the questionId). Symbols are SH:600519, HK:00700 or US:NVDA.';

export function createMcpServer(ctx: McpToolContext): McpServer {
  const server = new McpServer(MCP_SERVER_INFO, { instructions: INSTRUCTIONS });
  registerSearchResearchTool(server, ctx);
  registerCompanyFinancialsTool(server, ctx);
  registerTrendingConceptsTool(server, ctx);
  registerEarningsCalendarTool(server, ctx);
  registerAgentTools(server, ctx);
  return server;
}
