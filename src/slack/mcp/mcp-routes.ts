/**
 * The MCP server at /mcp on the app's own port (a custom route of Bolt's receiver: HTTP mode and
 * Socket Mode both serve them). Streamable HTTP, stateless: each POST is authenticated
 * (authenticate-mcp-request.ts), then answered by a fresh server (serve-mcp-request.ts) whose
 * tools act for the caller's workspace only. GET (a server-sent event stream) and DELETE (ending a
 * session) have nothing to serve without sessions: 405, as the transport's specification allows.
 * @see https://modelcontextprotocol.io/specification/2025-06-18/basic/transports#streamable-http
 * @see https://docs.slack.dev/ai/slackbot-mcp-client
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CustomRoute } from '@slack/bolt';
import type { ListenerDeps } from '../kit/listener-deps.js';
import type { DeskOperations } from '../kit/operations/desk-operations.js';
import { authenticateMcpRequest, type McpAuthOptions, mcpSignatureCheck } from './authenticate-mcp-request.js';
import { readMcpBody } from './read-mcp-body.js';

export const MCP_PATH = '/mcp';

export interface McpRouteOptions {
  deps: ListenerDeps;
  operations: DeskOperations;
  /** HTTP mode's signing secret: Slack identity auth (Slackbot) is accepted. Socket Mode: tokens only. */
  signingSecret?: string | undefined;
}

export function mcpRoutes(options: McpRouteOptions): CustomRoute[] {
  // Prepared once: the secret as a key (slack-signature.ts).
  const signature = mcpSignatureCheck(options.signingSecret);
  return [{ path: MCP_PATH, method: ['POST', 'GET', 'DELETE'], handler: (req, res) => void answer(options, signature, req, res) }];
}

async function answer(
  options: McpRouteOptions,
  signature: McpAuthOptions['signature'],
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const { deps } = options;
  const correlationId = randomUUID();
  const log = deps.logger.child({ component: 'mcp', correlationId });
  try {
    const read = await readMcpBody(req);
    if (!read.ok) {
      sendJsonRpcError(res, read.status, read.code, read.message);
      return;
    }
    const auth = await authenticateMcpRequest(req.headers, read.raw, read.body, {
      tokens: deps.stores.mcpTokens,
      signature,
      claims: deps.stores.signedRequests,
      clock: deps.clock,
    });
    if (!auth.ok) {
      log.info('MCP request refused', { reason: auth.reason, method: req.method });
      sendJsonRpcError(res, 401, -32001, auth.message, { 'www-authenticate': auth.challenge });
      return;
    }
    if (auth.unscreened) log.warn('signed request dedupe unavailable; answering the MCP request', { error: auth.unscreened });
    if (req.method !== 'POST') {
      sendJsonRpcError(res, 405, -32000, 'This MCP server is stateless: send each request as a POST.', { allow: 'POST' });
      return;
    }
    if (read.body === undefined) {
      sendJsonRpcError(res, 400, -32700, 'The request body is not JSON.');
      return;
    }
    // Loaded on the first MCP request (serve-mcp-request.ts says why); the module system keeps it after.
    const { serveMcpRequest } = await import('./serve-mcp-request.js');
    await serveMcpRequest({ deps, operations: options.operations, caller: auth.caller, log, correlationId }, req, res, read.body);
  } catch (error) {
    log.error('MCP request failed', { error });
    if (!res.headersSent) sendJsonRpcError(res, 500, -32603, `Research Desk could not answer. Reference: ${correlationId}`);
  }
}

function sendJsonRpcError(res: ServerResponse, status: number, code: number, message: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}
