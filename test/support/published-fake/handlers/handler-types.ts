/** What an operation handler of the fake receives and returns. */
import type { AgentState } from '../agent/agent-state.js';
import type { FormFile } from '../multipart-form.js';
import type { UploadState } from '../uploads/upload-state.js';
import type { OperationSpec, PublishedSpec, SpecVersion } from '../published-spec.js';

export interface FakeState {
  agent: AgentState;
  folders: Map<string, { name: string; docIds: string[] }>;
  nextFolder: number;
  /** Documents uploaded to folders, their processing and their text. */
  uploads: UploadState;
  /** Runs started so far (ids derive from it). */
  runs: number;
  now(): number;
}

export interface HandlerContext {
  spec: PublishedSpec;
  version: SpecVersion;
  operation: OperationSpec;
  /** The JSON body (already checked against the schema), or a form's text fields typed; {} when there was none. */
  body: Record<string, unknown>;
  /** A form's file parts by name (multipart operations); {} otherwise. */
  files: Record<string, FormFile>;
  query: URLSearchParams;
  path: Record<string, string>;
  state: FakeState;
}

export interface JsonResult {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** A server-sent event stream: `data:` lines only, as the real service frames it. */
export interface EventStreamResult {
  headers: Record<string, string>;
  /** Starts sending; `send` checks each event against the schema; `end` closes. Returns a stop for a client that left. */
  start(send: (event: unknown) => void, end: () => void): () => void;
}

export type HandlerResult = JsonResult | { stream: EventStreamResult };

export type Handler = (ctx: HandlerContext) => HandlerResult | Promise<HandlerResult>;

export const ok = (body: unknown, headers?: Record<string, string>): JsonResult => ({ status: 200, body, ...(headers ? { headers } : {}) });

/** The stock routes' wrapper (StockAPIResponse) around a successful answer. */
export const stockOk = (data: unknown): JsonResult => ok({ status: 200, code: 0, message: '', data });

export const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
export const int = (v: unknown): number | undefined => (typeof v === 'number' && Number.isInteger(v) ? v : undefined);
export const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
