/** Route table types and the shared state every route handler receives. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AgentRunStore } from './agent-runs.js';
import type { Dataset } from './data/dataset.js';
import type { DemoLinks } from './demo-links.js';
import type { FaultController } from './faults.js';
import type { SseConnection } from './sse-connection.js';
import type { Variant } from './variants.js';

export interface EmulatorState {
  dataset: Dataset;
  /** Where document, media and conversation links point. */
  links: DemoLinks;
  variant: Variant;
  clock: () => number;
  agentSpeed: number;
  faults: FaultController;
  runs: AgentRunStore;
  streams: Set<SseConnection>;
  folderSeq: number;
  /** Documents published while running (publishDocument); numbers their ids. */
  publishedSeq: number;
  /**
   * Call after a change a client is about to be told of (a new folder, conversation or run):
   * resolves once the change is kept (at once when the emulator keeps no state file).
   */
  commit: () => Promise<void>;
}

export interface RouteContext {
  req: IncomingMessage;
  res: ServerResponse;
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
  state: EmulatorState;
}

export interface JsonReply {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** `'streamed'` means the handler wrote the response itself (SSE). */
export type RouteResult = JsonReply | 'streamed';

export interface Route {
  method: string;
  pattern: RegExp;
  keys: string[];
  /** Stock endpoints wrap errors in {status, code, message, data} (except in the `published` variant). */
  stock: boolean;
  /** Whether the route exists in a variant; elsewhere its path answers 404 as an unknown path does. */
  servedIn: (variant: Variant) => boolean;
  /** The handler reads the request body itself (a multipart upload); `body` is then undefined. */
  rawBody: boolean;
  handler: (ctx: RouteContext) => Promise<RouteResult> | RouteResult;
}

export function route(
  method: string,
  path: string,
  handler: Route['handler'],
  opts: { stock?: boolean; servedIn?: (variant: Variant) => boolean; rawBody?: boolean } = {},
): Route {
  const keys: string[] = [];
  const source = path.replace(/:([a-z_]+)/g, (_, key: string) => {
    keys.push(key);
    return '([^/]+)';
  });
  return {
    method,
    pattern: new RegExp(`^${source}/?$`),
    keys,
    stock: opts.stock ?? false,
    servedIn: opts.servedIn ?? (() => true),
    rawBody: opts.rawBody ?? false,
    handler,
  };
}

export function ok(body: unknown, headers?: Record<string, string>): JsonReply {
  return headers ? { status: 200, body, headers } : { status: 200, body };
}
