import { Agent, type Dispatcher } from 'undici';
import type { CallObserver } from '../observability/call-observer.js';
import type { Logger } from '../observability/logger.js';
import type { ResearchService } from './types.js';
import { createRequester } from './request.js';
import { sleep, systemClock, type Clock } from './clock.js';
import { defaultRetryPolicy, type RetryPolicy } from './retry-policy.js';
import { createPagingNamingState, type PagingNamingMode } from './paging-naming.js';
import { createSearchApi, type SearchApi } from './search.js';
import { createDocsApi, type DocsApi } from './docs.js';
import { createStockApi, type StockApi } from './stock.js';
import { createConceptsApi, type ConceptsApi } from './concepts.js';
import { createAgentApi, type AgentApi } from './agent.js';
import { defaultStreamReconnect, type StreamReconnectPolicy } from './event-stream/follow-events.js';
import { publicOnlyConnector, type PublicOnlyOptions } from './outbound/public-only-connector.js';

export interface ResearchClientOptions {
  baseUrl: string;
  apiKey: string;
  /** Per request (for event streams: until the response headers). Default 15 000. */
  timeoutMs?: number;
  /** Retries of reads; writes are never retried. Default defaultRetryPolicy. */
  retry?: RetryPolicy;
  /** Transport; by default a keep-alive undici Agent owned (and closed) by the client. */
  dispatcher?: Dispatcher;
  /**
   * Keep-alive connections of the default transport for request/response calls; 0 for no limit.
   * Default DEFAULT_SERVICE_CONNECTIONS.
   */
  maxConnections?: number;
  logger?: Logger;
  clock?: Clock;
  /** Waits out a Retry-After (real time by default). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  streamReconnect?: Partial<StreamReconnectPolicy>;
  /**
   * The agent new conversations are created with (decimal text: real ids pass 2^53). Unset, the
   * service's default agent; the 2025-12 schema requires one (body.agent_id).
   */
  agentId?: string;
  /** Paging names of /v1/search and /v1/docs/tags; 'auto' (default) learns them from the service. */
  v1Paging?: PagingNamingMode;
  /**
   * For a base URL a workspace typed: every connection of the default transport goes only to a
   * checked public address (src/service/outbound/). Unset for the operator's own SERVICE_BASE_URL.
   */
  publicAddressesOnly?: PublicOnlyOptions;
  /** The largest answer body read; default MAX_SERVICE_BODY_BYTES. */
  maxBodyBytes?: number;
  /** Told of every call to the service (metrics, traces; request.ts); none by default. */
  callObserver?: CallObserver | undefined;
}

/** The HTTP implementation of ResearchService; event streams also expose their `stats`. */
export type ResearchClient = SearchApi &
  DocsApi &
  StockApi &
  ConceptsApi &
  AgentApi & {
    /** Ends calls and streams in flight (as 'cancelled') and releases the connection pool it owns. */
    close(): Promise<void>;
  };

// Compile-time proof that the client is a ResearchService.
type AssertAssignable<T extends ResearchService> = T;
export type ResearchClientIsAService = AssertAssignable<ResearchClient>;

/**
 * Keep-alive connections to the service for request/response calls. Calls beyond it queue inside
 * the client, so it must exceed calls per second × the service's latency below the app's
 * saturation: 64 capped a 300 ms service at about 213 calls/s and first responses queued for
 * seconds from 250 commands/s (bench/service-pool.measure.ts); 512 carries 1,700/s at 300 ms and
 * 500/s at one second, still a bound on sockets should the service hang.
 */
export const DEFAULT_SERVICE_CONNECTIONS = 512;

/**
 * undici 8 speaks HTTP/2 when a TLS server offers it; the pool size above was measured on
 * HTTP/1.1 (one call per connection), so the client stays there until h2 is measured too.
 * @see https://github.com/nodejs/undici/blob/main/docs/docs/best-practices/migrating-from-v7-to-v8.md
 */
const HTTP1_KEEP_ALIVE = { keepAliveTimeout: 10_000, keepAliveMaxTimeout: 60_000, allowH2: false } as const;

/** undici counts no limit as null. */
function poolSize(maxConnections = DEFAULT_SERVICE_CONNECTIONS): number | null {
  return maxConnections === 0 ? null : maxConnections;
}

export function createResearchClient(options: ResearchClientOptions): ResearchClient {
  if (!/^https?:\/\//.test(options.baseUrl)) throw new TypeError('baseUrl must be an http(s) URL');
  if (options.publicAddressesOnly && options.dispatcher) throw new TypeError('publicAddressesOnly fences the default transport only');
  const connect = options.publicAddressesOnly ? { connect: publicOnlyConnector(options.publicAddressesOnly) } : {};
  // Requests share a bounded keep-alive pool; event streams (one per agent run, open for minutes)
  // get their own, so a busy hour of agent runs never queues a search behind them.
  const ownDispatcher = options.dispatcher
    ? undefined
    : new Agent({ ...HTTP1_KEEP_ALIVE, connections: poolSize(options.maxConnections), ...connect });
  const ownStreamDispatcher = options.dispatcher ? undefined : new Agent({ ...HTTP1_KEEP_ALIVE, ...connect });
  const lifetime = new AbortController();
  let closing: Promise<void> | undefined;
  const req = createRequester({
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    timeoutMs: options.timeoutMs ?? 15_000,
    retry: options.retry ?? defaultRetryPolicy,
    dispatcher: options.dispatcher ?? (ownDispatcher as Dispatcher),
    streamDispatcher: options.dispatcher ?? (ownStreamDispatcher as Dispatcher),
    ...(options.logger ? { logger: options.logger.child({ component: 'research-client' }) } : {}),
    clock: options.clock ?? systemClock,
    sleep: options.sleep ?? sleep,
    lifetime: lifetime.signal,
    ...(options.maxBodyBytes !== undefined ? { maxBodyBytes: options.maxBodyBytes } : {}),
    ...(options.callObserver ? { callObserver: options.callObserver } : {}),
  });
  const naming = createPagingNamingState(options.v1Paging ?? 'auto');
  const reconnect: StreamReconnectPolicy = { ...defaultStreamReconnect, ...options.streamReconnect };

  return {
    ...createSearchApi(req, naming),
    ...createDocsApi(req, naming),
    ...createStockApi(req),
    ...createConceptsApi(req),
    ...createAgentApi(req, reconnect, options.agentId),
    close() {
      if (!lifetime.signal.aborted) lifetime.abort(new Error('client closed'));
      closing ??= Promise.all([ownDispatcher?.close(), ownStreamDispatcher?.close()]).then(() => undefined);
      return closing;
    },
  };
}
