/**
 * Issue 28, defect 4: every service response body is read with a size cap. A 150 MB answer from
 * the operator's own (trusted) service once took the shared process from 149 MB to 1.3 GB RSS for
 * good. Here a local server streams 150 MB to the real client in a child process, whose memory is
 * measured there, apart from vitest's.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ServiceError } from '../../src/service/errors/service-error.js';
import { MAX_SERVICE_BODY_BYTES } from '../../src/service/outbound/body-limit.js';
import { createResearchClient } from '../../src/service/research-client.js';
import { noRetryPolicy } from '../../src/service/retry-policy.js';

const HUGE = 150 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 'x');
const MB = 1024 * 1024;

/** Bytes of the huge answer the server managed to send before the client hung up. */
let sent = 0;
let server: Server;
let baseUrl = '';

/** A JSON-looking answer of `total` bytes, written with backpressure and stopped when the client leaves. */
async function streamHuge(res: ServerResponse, total: number, declareLength: boolean): Promise<void> {
  res.writeHead(200, { 'content-type': 'application/json', ...(declareLength ? { 'content-length': String(total) } : {}) });
  let closed = false;
  res.on('close', () => {
    closed = true;
  });
  res.write('{"docs":["');
  sent = 10;
  while (sent < total - 3 && !closed) {
    const piece = CHUNK.subarray(0, Math.min(CHUNK.length, total - 3 - sent));
    sent += piece.length;
    if (!res.write(piece)) await drainedOrClosed(res);
  }
  if (!closed) res.end('"]}');
}

function drainedOrClosed(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    req.resume();
    if (url.pathname === '/v2/search') void streamHuge(res, HUGE, false);
    else if (url.pathname === '/v1/concepts/latest' && url.searchParams.get('include_docs') === 'true') void streamHuge(res, HUGE, true);
    else {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"detail":"Not Found"}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  sent = 0;
});

describe('the service client reads at most MAX_SERVICE_BODY_BYTES of an answer', () => {
  it('refuses a 150 MB streamed answer (no Content-Length) with the child process under +50 MB RSS', async () => {
    const script = fileURLToPath(new URL('./support/big-answer-child.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', script, baseUrl], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code, stderr).toBe(0);
    const result = JSON.parse(stdout.trim()) as {
      kind: string;
      message: string;
      before: { rss: number; maxRss: number };
      after: { rss: number; maxRss: number };
    };
    expect((result.after.rss - result.before.rss) / MB, 'RSS growth, MB').toBeLessThan(50);
    expect((result.after.maxRss - result.before.maxRss) / MB, 'peak RSS growth, MB').toBeLessThan(50);
    expect(result.kind).toBe('bad_response');
    expect(result.message).toMatch(/larger than/);
    expect(sent).toBeLessThan(HUGE);
  }, 120_000);

  it('refuses an answer whose Content-Length is over the cap before reading it', async () => {
    const client = createResearchClient({ baseUrl, apiKey: 'k', retry: noRetryPolicy, timeoutMs: 60_000 });
    try {
      const error = await client.latestConcepts({ includeDocs: true }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ServiceError);
      expect((error as ServiceError).kind).toBe('bad_response');
      expect((error as ServiceError).message).toMatch(new RegExp(`larger than ${MAX_SERVICE_BODY_BYTES} bytes`));
    } finally {
      await client.close();
    }
  });
});
