/**
 * The reflectCredentials fault: a careless service that echoes the caller's credentials in what
 * it says went wrong (the API key and every request header, in each error body and in the
 * message of each agent `error` event). It proves no service error text reaches Slack, a log
 * line or a metric unredacted.
 */
import type { IncomingMessage } from 'node:http';

type JsonRecord = Record<string, unknown>;

const isRecord = (value: unknown): value is JsonRecord => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The request's key and headers, as a careless service would print them. */
export function credentialsEcho(req: IncomingMessage): string {
  const key = /^Bearer\s+(.+)$/i.exec((req.headers.authorization ?? '').trim())?.[1] ?? '';
  return `request api key ${key}; request headers ${JSON.stringify(req.headers)}`;
}

/** An error body with the echo added to every text it carries (`detail`, each issue's `msg`, `message`). */
export function withCredentialsEcho(body: unknown, echo: string): unknown {
  if (!isRecord(body)) return { detail: echo };
  const out: JsonRecord = { ...body };
  if (typeof out.detail === 'string') out.detail = `${out.detail} (${echo})`;
  else if (Array.isArray(out.detail))
    out.detail = out.detail.map((issue: unknown) => (isRecord(issue) ? { ...issue, msg: `${String(issue.msg ?? '')} (${echo})` } : issue));
  else out.detail = echo;
  if (typeof out.message === 'string') out.message = `${out.message} (${echo})`;
  return out;
}

/** An agent event with the echo added to its error's message (other events unchanged). */
export function eventWithCredentialsEcho<E extends { event_type: string; error?: JsonRecord }>(event: E, echo: string): E {
  if (event.event_type !== 'error') return event;
  const error = event.error ?? {};
  return { ...event, error: { ...error, message: `${String(error.message ?? 'error')} (${echo})` } };
}
