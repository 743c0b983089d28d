/**
 * The HTTP layer: routing, bearer auth, JSON bodies, fault injection, error bodies and the
 * request log. Handlers live in routes/.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { HttpError, StockError, ValidationError } from './http-errors.js';
import { toJsonText } from './json-text.js';
import { credentialsEcho, withCredentialsEcho } from './credentials-echo.js';
import type { EmulatorState, Route, RouteContext } from './routing.js';
import type { Variant } from './variants.js';
import { serveDemoPage } from './pages/page-routes.js';
import { agentRoutes } from './routes/agent-routes.js';
import { docsRoutes } from './routes/docs-routes.js';
import { uploadRoutes } from './routes/upload-routes.js';
import { searchRoutes } from './routes/search-routes.js';
import { stockRoutes } from './routes/stock-routes.js';
import { companyPriceRoutes } from './routes/company-price-routes.js';
import { companyProfileRoutes } from './routes/company-profile-routes.js';
import { indexConstituentsRoutes } from './routes/index-constituents-routes.js';
import { earningsCalendarRoutes } from './routes/earnings-calendar-routes.js';
import { emulatorControlRoutes } from './routes/emulator-control-routes.js';

export interface RequestLogEntry {
  method: string;
  path: string;
  status: number;
  at: number;
  /** Which of the accepted keys the request carried (its place in `apiKeys`), never the key itself. */
  keyIndex?: number;
}

export interface ServerDeps {
  state: EmulatorState;
  /** The keys it accepts. */
  apiKeys: ReadonlySet<string>;
  requestLog: RequestLogEntry[];
  /** Where unexpected handler failures are reported (one line each). */
  logError: (message: string) => void;
  /** The wait behind the latencyMs fault; rejects once `signal` aborts (the emulator closing). */
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Aborted when the emulator closes, ending latency waits. */
  closing: AbortSignal;
}

const MAX_BODY_BYTES = 1_000_000;

export function allRoutes(): Route[] {
  return [
    ...searchRoutes(),
    ...uploadRoutes(),
    ...docsRoutes(),
    ...stockRoutes(),
    ...companyPriceRoutes(),
    ...companyProfileRoutes(),
    ...indexConstituentsRoutes(),
    ...earningsCalendarRoutes(),
    ...agentRoutes(),
    ...emulatorControlRoutes(),
  ];
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return;
  const text = toJsonText(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = chunk as Buffer;
    size += buf.length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, 'Request body too large');
    chunks.push(buf);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ValidationError([{ loc: ['body', 0], msg: 'JSON decode error', type: 'json_invalid', input: {} }]);
  }
}

function acceptedKeyIndex(req: IncomingMessage, apiKeys: ReadonlySet<string>): number {
  const match = /^Bearer\s+(.+)$/i.exec(req.headers.authorization?.trim() ?? '');
  return match?.[1] === undefined ? -1 : [...apiKeys].indexOf(match[1]);
}

function authProblem(req: IncomingMessage, apiKeys: ReadonlySet<string>): string | undefined {
  const header = req.headers.authorization;
  if (!header) return 'Not authenticated';
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  if (!match) return 'Not authenticated';
  return match[1] !== undefined && apiKeys.has(match[1]) ? undefined : 'Invalid authentication credentials';
}

function matchRoute(
  routes: Route[],
  method: string,
  path: string,
  variant: Variant,
): { route?: Route; params: Record<string, string>; pathKnown: boolean } {
  let pathKnown = false;
  for (const r of routes) {
    const m = r.pattern.exec(path);
    if (!m || !r.servedIn(variant)) continue;
    pathKnown = true;
    if (r.method !== method) continue;
    const params: Record<string, string> = {};
    r.keys.forEach((k, i) => {
      params[k] = decodeURIComponent(m[i + 1] ?? '');
    });
    return { route: r, params, pathKnown };
  }
  return { params: {}, pathKnown };
}

export function createEmulatorServer(deps: ServerDeps): Server {
  const routes = allRoutes();
  const { state } = deps;

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const method = (req.method ?? 'GET').toUpperCase();
    const url = new URL(req.url ?? '/', 'http://emulator.local');
    const path = url.pathname;
    // Every answer goes out here, so the reflectCredentials fault reaches every error body.
    const send = (status: number, body: unknown, headers?: Record<string, string>): void =>
      sendJson(
        res,
        status,
        status >= 400 && state.faults.faults.reflectCredentials ? withCredentialsEcho(body, credentialsEcho(req)) : body,
        headers,
      );
    const keyIndex = acceptedKeyIndex(req, deps.apiKeys);
    const entry = () => ({ method, path, status: res.statusCode, at: state.clock(), ...(keyIndex >= 0 ? { keyIndex } : {}) });
    res.on('finish', () => deps.requestLog.push(entry()));
    res.on('close', () => {
      if (!res.writableFinished) deps.requestLog.push(entry());
    });

    // Browser pages (documents, conversations) need no key and take no faults: they are not the API.
    if (serveDemoPage(state, req, res)) return;

    const faults = state.faults.faults;
    if (faults.latencyMs > 0) {
      try {
        await deps.sleep(faults.latencyMs, deps.closing);
      } catch (error) {
        // Closing ends the wait and drops the request; any other failure of the wait is a bug.
        if (!deps.closing.aborted) deps.logError(`service emulator: latency wait failed: ${String(error)}`);
        res.destroy();
        return;
      }
    }

    const { route, params, pathKnown } = matchRoute(routes, method, path, state.variant);
    if (!route) {
      req.resume();
      send(pathKnown ? 405 : 404, { detail: pathKnown ? 'Method Not Allowed' : 'Not Found' });
      return;
    }
    const authError = authProblem(req, deps.apiKeys);
    if (authError) {
      req.resume();
      send(401, { detail: authError }, { 'WWW-Authenticate': 'Bearer' });
      return;
    }
    const decision = state.faults.decide();
    if (decision.kind === 'rate-limit') {
      req.resume();
      sendJson(
        res,
        429,
        { detail: `Rate limit exceeded; retry after ${decision.retryAfterSeconds} s` },
        { 'Retry-After': String(decision.retryAfterSeconds) },
      );
      return;
    }
    if (decision.kind === 'error') {
      req.resume();
      const text = { 500: 'Internal Server Error', 502: 'Bad Gateway', 503: 'Service Unavailable' }[decision.status];
      send(decision.status, { detail: `${text} (injected fault)` });
      return;
    }

    try {
      const body = route.rawBody ? undefined : await readBody(req);
      const ctx: RouteContext = { req, res, params, query: url.searchParams, body, state };
      const result = await route.handler(ctx);
      if (result === 'streamed') return;
      send(result.status ?? 200, result.body, result.headers);
    } catch (err) {
      if (err instanceof ValidationError) {
        // The interface has stock routes wrap errors too; the service's published schema (the
        // `published` variant) answers FastAPI's plain HTTPValidationError on every route.
        const body =
          route.stock && state.variant !== 'published'
            ? { status: 422, code: 422, message: 'Validation error', data: null, detail: err.issues }
            : { detail: err.issues };
        send(422, body);
      } else if (err instanceof StockError) {
        send(err.status, { status: err.status, code: err.code, message: err.detail, data: null, detail: err.detail });
      } else if (err instanceof HttpError) {
        send(err.status, { detail: err.detail }, err.headers);
      } else if (req.destroyed || (err instanceof Error && err.message === 'aborted')) {
        // The client went away (its timeout or a closed app): nothing to answer, nothing broken.
      } else {
        deps.logError(`service emulator: ${method} ${path} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
        send(500, { detail: 'Internal Server Error' });
      }
    }
  };

  return createServer((req, res) => {
    void handle(req, res);
  });
}
