/**
 * One authenticated MCP request answered by a fresh server and transport (stateless Streamable
 * HTTP). mcp-routes.ts loads this module on the first MCP request, not at start: the MCP SDK and
 * what it brings (its own JSON-schema validator) are ~8 MB of heap that every garbage collection
 * walks, in processes that may never serve /mcp (issue 33).
 * @see https://modelcontextprotocol.io/specification/2025-06-18/basic/transports#streamable-http
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createMcpServer } from './create-mcp-server.js';
import type { McpToolContext } from './run-mcp-tool.js';

export async function serveMcpRequest(ctx: McpToolContext, req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> {
  const { log } = ctx;
  const mcp = createMcpServer(ctx);
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  res.on('close', () => {
    void transport.close().catch((error: unknown) => log.debug('closing the MCP transport failed', { error }));
    void mcp.close().catch((error: unknown) => log.debug('closing the MCP server failed', { error }));
  });
  await mcp.connect(transport);
  await transport.handleRequest(req, res, body);
}
