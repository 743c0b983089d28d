import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  url: URL;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface CraftedServer {
  url: string;
  requests: SeenRequest[];
  close(): Promise<void>;
}

/**
 * A real HTTP server on loopback whose answers each test writes byte by byte: the transport
 * the client meets is the real one, only the service behind it is scripted.
 */
export async function startCraftedServer(handle: (req: SeenRequest, res: ServerResponse) => void | Promise<void>): Promise<CraftedServer> {
  const requests: SeenRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const seen: SeenRequest = {
        method: req.method ?? 'GET',
        url: new URL(req.url ?? '/', 'http://localhost'),
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(seen);
      Promise.resolve(handle(seen, res)).catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** A turn of the event loop (pending I/O runs), e.g. to split a body into separate chunks. */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Writes a chunk and resolves once it is flushed to the socket, so a destroy() that follows never
 * cuts it: what the client receives before a drop does not depend on timing.
 */
export const writeFlushed = (res: ServerResponse, chunk: string): Promise<void> =>
  new Promise((resolve, reject) => res.write(chunk, (error) => (error ? reject(error) : resolve())));

/** A workflow stream event as the service writes it. */
export function buildEvent(offset: number | undefined, type = 'streaming', extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    event_id: `ev-${offset ?? Math.random().toString(36).slice(2)}`,
    event_type: type,
    timestamp: 1_700_000_000_000 + (offset ?? 0),
    response_id: 'resp-1',
    ...(offset !== undefined ? { offset } : {}),
    content: `第${offset}段`,
    ...extra,
  };
}

export const sseData = (event: unknown, eol = '\n'): string => `data: ${JSON.stringify(event)}${eol}${eol}`;
