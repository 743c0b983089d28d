/** Test helpers: a tiny fetch wrapper and an SSE reader for the service emulator. */
import type { ServiceEmulator } from '../../../src/emulators/service/index.js';

export interface JsonResponse {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: raw JSON of the emulator under test, read by deep paths; the assertions check its shape
  body: any;
}

export function buildHttp(em: ServiceEmulator) {
  const headers = { Authorization: `Bearer ${em.apiKey}`, 'Content-Type': 'application/json' };
  const call = async (method: string, path: string, body?: unknown): Promise<JsonResponse> => {
    const res = await fetch(`${em.url}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
  };
  return {
    headers,
    post: (path: string, body?: unknown) => call('POST', path, body),
    get: (path: string) => call('GET', path),
    del: (path: string, body?: unknown) => call('DELETE', path, body),
  };
}

export interface SseRead {
  // biome-ignore lint/suspicious/noExplicitAny: raw JSON events of the emulator under test, read by deep paths; the assertions check their shape
  events: any[];
  comments: string[];
  malformed: string[];
  /** True when the body ended with an error (connection dropped). */
  dropped: boolean;
}

/** Reads a whole SSE body, line by line, tolerating a dropped connection. */
export async function readSse(res: Response, onEvent?: (e: unknown) => void): Promise<SseRead> {
  const out: SseRead = { events: [], comments: [], malformed: [], dropped: false };
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const take = (line: string): void => {
    if (line.startsWith(':')) out.comments.push(line);
    else if (line.startsWith('data: ')) {
      try {
        const e = JSON.parse(line.slice(6));
        out.events.push(e);
        onEvent?.(e);
      } catch {
        out.malformed.push(line);
      }
    }
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      for (let nl = buffer.indexOf('\n'); nl >= 0; nl = buffer.indexOf('\n')) {
        take(buffer.slice(0, nl).replace(/\r$/, ''));
        buffer = buffer.slice(nl + 1);
      }
    }
  } catch {
    out.dropped = true;
  }
  if (buffer) take(buffer);
  return out;
}

/** The X-<SERVICE>-ASSISTANT-MESSAGE-ID header, found by pattern as a client would. */
export function assistantMessageIdOf(headers: Headers): string | undefined {
  let found: string | undefined;
  headers.forEach((value, key) => {
    if (/^x-.+-assistant-message-id$/i.test(key)) found = value;
  });
  return found;
}
