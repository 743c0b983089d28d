/**
 * The body of a request to /mcp, read whole (Slack's signature covers its exact bytes) and parsed
 * once. A body past the limit is refused before it is all read.
 */
import type { IncomingMessage } from 'node:http';

/** A JSON-RPC message of a tool call is small; a megabyte is far beyond any. */
export const MCP_BODY_LIMIT_BYTES = 1024 * 1024;

export type McpBody =
  | { ok: true; raw: string /** Undefined when empty or not JSON. */; body: unknown }
  | { ok: false; status: 413; code: number; message: string };

export async function readMcpBody(req: IncomingMessage, limit = MCP_BODY_LIMIT_BYTES): Promise<McpBody> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += buffer.length;
    if (size > limit) {
      req.resume();
      return { ok: false, status: 413, code: -32600, message: `The request body is over ${limit} bytes.` };
    }
    chunks.push(buffer);
  }
  const raw = Buffer.concat(chunks).toString('utf8');
  return { ok: true, raw, body: parseJson(raw) };
}

function parseJson(raw: string): unknown {
  if (raw.trim() === '') return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    // Not JSON: answered with a parse error once the caller is known (mcp-routes.ts).
    return undefined;
  }
}
