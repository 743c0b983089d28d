import pRetry, { AbortError } from 'p-retry';
import { request as undiciRequest, type Dispatcher, type FormData } from 'undici';
import type { IncomingHttpHeaders } from 'node:http';
import { pipeline, type Readable } from 'node:stream';
import type { CallObserver, EndCall } from '../observability/call-observer.js';
import type { Logger } from '../observability/logger.js';
import type { CallOptions } from './types.js';
import type { Clock } from './clock.js';
import { ServiceError, type ServiceErrorKind } from './errors/service-error.js';
import { ShapeError } from './errors/shape-error.js';
import { mapHttpError } from './errors/map-http-error.js';
import { MAX_SERVICE_BODY_BYTES } from './outbound/body-limit.js';
import { cancelledError, classifyTransportError, isRefusedAddress } from './outbound/classify-transport-error.js';
import { startDeadline } from './outbound/deadline.js';
import { limitEventSize } from './outbound/limit-event-size.js';
import { encodeBody } from './outbound/request-body.js';
import { readServiceBody } from './outbound/read-service-body.js';
import { routeTemplate } from './outbound/route-template.js';
import { parseJsonText } from './parse-json-text.js';
import { parseRetryAfter } from './parse-retry-after.js';
import { noRetryPolicy, toPRetryOptions, type RetryPolicy } from './retry-policy.js';

export type HttpMethod = 'GET' | 'POST' | 'DELETE';
export type QueryParams = Record<string, string | number | boolean | undefined>;

/** What every call shares; built once by createResearchClient. */
export interface RequestContext {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  retry: RetryPolicy;
  dispatcher: Dispatcher;
  /**
   * Transport for long-lived event streams. Kept apart from `dispatcher` so that agent runs, each
   * holding a connection for minutes, can never use up the pool that searches and reads need.
   */
  streamDispatcher: Dispatcher;
  logger?: Logger;
  clock: Clock;
  /** Waits out a Retry-After; injectable so tests see the wait asked for instead of timing it. */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Aborted by close(): ends calls and streams still in flight. */
  lifetime: AbortSignal;
  /** The largest answer body read; default MAX_SERVICE_BODY_BYTES. */
  maxBodyBytes?: number;
  /** Told of each attempt (metrics, traces), named by method and route template; none by default. */
  callObserver?: CallObserver | undefined;
}

export interface RequestSpec {
  method: HttpMethod;
  /** Path without query; it is what errors and log lines name. */
  path: string;
  query?: QueryParams;
  /** A JSON body. */
  body?: unknown;
  /** A multipart/form-data body instead of JSON (a file upload); its content type is undici's. */
  multipart?: FormData;
  /** This call's own time limit, in place of the client's (an upload's larger body takes longer to send). */
  timeoutMs?: number;
  opts?: CallOptions;
}

export interface CallSpec<T> extends RequestSpec {
  /** Safe to send again: only then are network errors, 5xx and 429 retried. */
  idempotent: boolean;
  /** Pure parser of the JSON body (a response schema); a ShapeError becomes a 'bad_response'. */
  parse: (json: unknown, headers: IncomingHttpHeaders) => T;
}

export interface OpenedResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body, each event of it capped at the client's body limit. */
  body: Readable;
}

export interface Requester {
  readonly ctx: RequestContext;
  /** JSON request/response with timeout, retries (when idempotent) and the body parsed by spec.parse. */
  call<T>(spec: CallSpec<T>): Promise<T>;
  /** One attempt whose body is handed over unread (event streams); the timeout covers the headers only. */
  open(spec: RequestSpec & { accept: string; idleTimeoutMs: number }): Promise<OpenedResponse>;
}

export function createRequester(ctx: RequestContext): Requester {
  // Requests in flight, so that closing the client ends them (streams included) with one listener.
  const inFlight = new Set<AbortController>();
  ctx.lifetime.addEventListener(
    'abort',
    () => {
      for (const controller of inFlight) controller.abort(ctx.lifetime.reason);
    },
    { once: true },
  );
  const send = (spec: RequestSpec, accept: string) => {
    const { contentType, body } = encodeBody(spec);
    const headers: Record<string, string> = { authorization: `Bearer ${ctx.apiKey}`, accept, 'user-agent': 'research-desk' };
    if (contentType) headers['content-type'] = contentType;
    return { method: spec.method, headers, body };
  };
  /** The client's settings as one call sees them: its own time limit, when it has one. */
  const callCtx = (spec: RequestSpec): RequestContext => (spec.timeoutMs === undefined ? ctx : { ...ctx, timeoutMs: spec.timeoutMs });

  const urlFor = (spec: RequestSpec): string => {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(spec.query ?? {})) if (v !== undefined) qs.set(k, String(v));
    const q = qs.toString();
    return `${ctx.baseUrl.replace(/\/+$/, '')}${spec.path}${q ? `?${q}` : ''}`;
  };

  const observe = (spec: RequestSpec): EndCall | undefined =>
    ctx.callObserver?.start('service', `${spec.method} ${routeTemplate(spec.path)}`);

  const attemptOnce = async <T>(spec: CallSpec<T>, attempt: number): Promise<T> => {
    const started = ctx.clock.now();
    const deadline = startDeadline(spec.timeoutMs ?? ctx.timeoutMs, [spec.opts?.signal, ctx.lifetime], inFlight);
    const end = observe(spec);
    let status: number;
    let headers: IncomingHttpHeaders;
    let text: string;
    try {
      const res = await undiciRequest(urlFor(spec), {
        ...send(spec, 'application/json'),
        dispatcher: ctx.dispatcher,
        signal: deadline.signal,
      });
      status = res.statusCode;
      headers = res.headers;
      text = await readServiceBody(res, spec, ctx.maxBodyBytes ?? MAX_SERVICE_BODY_BYTES);
    } catch (error) {
      const failure = classifyTransportError(error, callCtx(spec), spec, deadline.timedOut());
      end?.({ error: failure.kind });
      throw failure;
    } finally {
      deadline.release();
    }
    end?.({ status });
    ctx.logger?.debug('service call', {
      method: spec.method,
      path: spec.path,
      status,
      attempt,
      ms: ctx.clock.now() - started,
      ...(spec.opts?.correlationId ? { correlationId: spec.opts.correlationId } : {}),
    });
    if (status < 200 || status >= 300) {
      const retryAfterMs = parseRetryAfter(headers['retry-after'], ctx.clock.now());
      throw mapHttpError({ method: spec.method, path: spec.path, status, bodyText: text, retryAfterMs });
    }
    // Past this point the answer is final: a malformed body will not improve on a resend.
    try {
      return spec.parse(parseJsonBody(text, headers), headers);
    } catch (error) {
      throw new AbortError(toBadResponse(error, spec, status));
    }
  };

  const call = async <T>(spec: CallSpec<T>): Promise<T> => {
    const policy = spec.idempotent ? ctx.retry : noRetryPolicy;
    const firstAt = ctx.clock.now();
    let lastError: ServiceError | undefined;
    const callerSignal = spec.opts?.signal;
    if (callerSignal?.aborted || ctx.lifetime.aborted) throw cancelledError(spec, ctx);
    try {
      return await pRetry(
        async (attempt) => {
          try {
            return await attemptOnce(spec, attempt);
          } catch (error) {
            if (error instanceof AbortError) throw error;
            const se = error instanceof ServiceError ? error : toBadResponse(error, spec);
            lastError = se;
            if (!spec.idempotent || !se.retryable || isRefusedAddress(se)) throw new AbortError(se);
            throw se;
          }
        },
        {
          ...toPRetryOptions(policy),
          ...(callerSignal ? { signal: callerSignal } : {}),
          onFailedAttempt: async ({ error, retriesLeft, attemptNumber }) => {
            const se = error as ServiceError;
            const elapsed = ctx.clock.now() - firstAt;
            if (se.kind === 'rate_limited' && se.retryAfterMs !== undefined) {
              // Waiting longer than the service asks would be pointless; longer than our budget, hopeless.
              if (se.retryAfterMs > policy.maxRetryAfterMs || elapsed + se.retryAfterMs > policy.maxTotalMs) throw se;
              if (retriesLeft > 0) await ctx.sleep(se.retryAfterMs, anySignal([callerSignal, ctx.lifetime]));
            }
            if (retriesLeft > 0) {
              ctx.logger?.warn('service call failed, retrying', {
                method: spec.method,
                path: spec.path,
                kind: se.kind,
                status: se.status,
                attempt: attemptNumber,
                ...(spec.opts?.correlationId ? { correlationId: spec.opts.correlationId } : {}),
              });
            }
          },
        },
      );
    } catch (error) {
      if (callerSignal?.aborted || ctx.lifetime.aborted) throw cancelledError(spec, ctx);
      if (error instanceof ServiceError) throw error;
      // Not a ServiceError: a failure of ours in the retry loop; the service's last answer says more.
      throw lastError ?? toBadResponse(error, spec);
    }
  };

  const open: Requester['open'] = async (spec) => {
    if (spec.opts?.signal?.aborted || ctx.lifetime.aborted) throw cancelledError(spec, ctx);
    const deadline = startDeadline(spec.timeoutMs ?? ctx.timeoutMs, [spec.opts?.signal, ctx.lifetime], inFlight);
    // A stream's call is observed up to its headers: its body lasts as long as the run.
    let end = observe(spec);
    try {
      const res = await undiciRequest(urlFor(spec), {
        ...send(spec, spec.accept),
        dispatcher: ctx.streamDispatcher,
        signal: deadline.signal,
        bodyTimeout: spec.idleTimeoutMs,
      });
      end?.({ status: res.statusCode });
      end = undefined;
      if (res.statusCode < 200 || res.statusCode >= 300) {
        const text = await readServiceBody(res, spec, ctx.maxBodyBytes ?? MAX_SERVICE_BODY_BYTES);
        const retryAfterMs = parseRetryAfter(res.headers['retry-after'], ctx.clock.now());
        throw mapHttpError({ method: spec.method, path: spec.path, status: res.statusCode, bodyText: text, retryAfterMs });
      }
      // Only the wait for headers is bounded; the stream stays cancellable until its body closes.
      deadline.clear();
      const max = ctx.maxBodyBytes ?? MAX_SERVICE_BODY_BYTES;
      const tooLarge = () =>
        new ServiceError('bad_response', `unexpected response: an event larger than ${max} bytes`, {
          method: spec.method,
          path: spec.path,
        });
      // The reader meets every failure on `body` itself; pipeline's callback has nothing left to report.
      const body = pipeline(res.body, limitEventSize(max, tooLarge), () => undefined);
      body.once('close', deadline.release);
      return { status: res.statusCode, headers: res.headers, body };
    } catch (error) {
      deadline.release();
      if (error instanceof ServiceError) throw error;
      const failure = classifyTransportError(error, callCtx(spec), spec, deadline.timedOut());
      end?.({ error: failure.kind });
      throw failure;
    }
  };

  return { ctx, call, open };
}

export function anySignal(signals: Array<AbortSignal | undefined>): AbortSignal {
  return AbortSignal.any(signals.filter((s): s is AbortSignal => s !== undefined));
}

export { classifyTransportError };

function parseJsonBody(text: string, headers: IncomingHttpHeaders): unknown {
  try {
    return parseJsonText(text);
  } catch {
    const type = String(headers['content-type'] ?? 'unknown type');
    throw new ShapeError('', `a JSON body (got ${type}, ${text.length} bytes)`, text);
  }
}

function toBadResponse(error: unknown, spec: RequestSpec, status?: number): ServiceError {
  if (error instanceof ServiceError) return error;
  const kind: ServiceErrorKind = 'bad_response';
  const detail = error instanceof ShapeError ? error.message : 'unreadable response';
  return new ServiceError(kind, `unexpected response: ${detail}`, {
    method: spec.method,
    path: spec.path,
    ...(status !== undefined ? { status } : {}),
    ...(error instanceof ShapeError ? { cause: error } : {}),
  });
}
