/**
 * The fetch the Slack clients are given (WebClient's Web API calls and Bolt's respond() to
 * response_urls): a string body goes out through undici's request() on a pool of our own, which
 * costs a fraction of the global fetch's Request/Response/stream machinery per call; a FormData
 * body (a file upload) keeps the global fetch. Nothing is retried here: retries stay with the
 * caller's policy (create-web-client.ts, rate-limit-wait.ts). Failures keep what toSlackCallError
 * reads: undici's error codes (UND_ERR_*, ECONNREFUSED) and the caller's abort reason.
 * @see https://docs.slack.dev/tools/node-slack-sdk/web-api#custom-fetch (the `fetch` option)
 */
import { STATUS_CODES } from 'node:http';
import type { FetchFunction } from '@slack/web-api';
import { Agent, request } from 'undici';

type FetchResponse = Awaited<ReturnType<FetchFunction>>;

export interface UndiciFetchOptions {
  /** Waiting for a response's headers, then between body chunks; respond(), which passes no signal, ends there. */
  timeoutMs: number;
}

export function createUndiciFetch(options: UndiciFetchOptions): FetchFunction {
  // HTTP/1.1 as before undici 8 made h2 its default: the per-call cost above was measured on it.
  const dispatcher = new Agent({ headersTimeout: options.timeoutMs, bodyTimeout: options.timeoutMs, allowH2: false });
  return async (url, init) => {
    if (init?.body !== undefined && typeof init.body !== 'string') {
      return (await fetch(url, init as RequestInit)) as unknown as FetchResponse;
    }
    const res = await request(url, {
      method: (init?.method ?? 'GET') as 'GET',
      ...(init?.headers ? { headers: init.headers } : {}),
      ...(init?.body !== undefined ? { body: init.body } : {}),
      ...(init?.signal ? { signal: init.signal } : {}),
      dispatcher,
    });
    return bufferedResponse(String(url), res.statusCode, res.headers, Buffer.from(await res.body.arrayBuffer()));
  };
}

function bufferedResponse(url: string, status: number, raw: Record<string, string | string[] | undefined>, bytes: Buffer): FetchResponse {
  const headers = new Map<string, string>();
  for (const [name, value] of Object.entries(raw)) {
    if (value !== undefined) headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : value);
  }
  const text = (): string => bytes.toString('utf8');
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: STATUS_CODES[status] ?? '',
    url,
    headers: { get: (name: string) => headers.get(name.toLowerCase()) ?? null, entries: () => headers.entries() },
    arrayBuffer: async () => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
    json: async () => JSON.parse(text()) as unknown,
    text: async () => text(),
  };
}
