/**
 * A fake of the research service that speaks exactly its published OpenAPI schema (one version
 * at a time), over real HTTP on loopback. It routes by the document's own path templates, so a
 * route the version does not have is a 404; it checks every request against the operation's
 * parameters and body (FastAPI's plain 422 for an invalid one, as the service answers) and every
 * answer against the operation's response schema before sending it. Each mismatch, on either
 * side, is kept in `problems`: a test asserts there are none, which is what proves the client
 * speaks the published API.
 *
 * Shapes the schema leaves loose come from the interface document and the spec README
 * (interface-shapes.ts, operation-rules.ts); the fixtures are checked when the fake starts.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AgentState } from './agent/agent-state.js';
import { assertFixturesConform } from './fixture-checks.js';
import { agentHandlers } from './handlers/agent-handlers.js';
import { docsHandlers } from './handlers/docs-handlers.js';
import type { FakeState, Handler, HandlerResult } from './handlers/handler-types.js';
import { searchHandlers } from './handlers/search-handlers.js';
import { stockHandlers } from './handlers/stock-handlers.js';
import { uploadHandlers } from './handlers/upload-handlers.js';
import { UploadState } from './uploads/upload-state.js';
import { loadPublishedSpec, SPEC_VERSIONS, type PublishedSpec, type SchemaIssue, type SpecVersion } from './published-spec.js';
import { checkForm } from './form-check.js';
import { type IncomingBody, readIncomingBody } from './incoming-body.js';
import type { ParsedForm } from './multipart-form.js';
import { checkRequest, isRecord } from './request-check.js';
import { checkResponse, checkStreamEvent } from './response-check.js';
import { stringifyWire } from './wire-json.js';

export interface PublishedFakeOptions {
  version: SpecVersion;
  apiKey?: string;
  /** The largest file an upload takes (default 50 MB, the service's); larger ones get 413. */
  maxUploadBytes?: number;
  /** Pause between two events of an agent run (real time; default 10 ms). */
  eventDelayMs?: number;
  now?: () => number;
}

export interface FakeProblem {
  /** route: not an operation of this version; request/response: off the schema; fake: not implemented here. */
  kind: 'route' | 'request' | 'response' | 'fake';
  /** `METHOD /template` of the operation, or `METHOD /path` when none matched. */
  operation: string;
  issues: SchemaIssue[];
}

/**
 * A request this version refuses (unknown route, or off its schema) that another published
 * version accepts as it is: a client probing for the version it talks to (a renamed route, a
 * renamed field). The fake answers as this version would (404, 422); it is not a problem.
 */
export interface FakeProbe {
  operation: string;
  /** The published version whose schema accepts the request. */
  acceptedBy: SpecVersion;
}

export interface FakeRequest {
  method: string;
  path: string;
  /** `METHOD /template`, when the path is an operation of this version. */
  operation?: string;
  query: Record<string, string>;
  body: unknown;
  /** The body as sent (JSON.parse would round integers past 2^53). */
  text: string;
  /** A multipart/form-data body, parsed (its text fields and files). */
  form?: ParsedForm;
  status: number;
}

export interface PublishedFake {
  url: string;
  apiKey: string;
  version: SpecVersion;
  spec: PublishedSpec;
  requests: FakeRequest[];
  problems: FakeProblem[];
  probes: FakeProbe[];
  /** The problems so far, cleared: for an afterEach that asserts none. */
  takeProblems(): FakeProblem[];
  /** Holds every run after it emits an event of this type (e.g. 'tool_start') until `releaseRuns`. */
  holdRunsAfter(eventType: string | undefined): void;
  releaseRuns(): void;
  /** Runs started so far, with their state. */
  runs(): Array<{ conversationId: number; assistantMessageId: string; status: string; eventTypes: string[] }>;
  close(): Promise<void>;
}

const HANDLERS: Record<string, Handler> = { ...searchHandlers, ...docsHandlers, ...uploadHandlers, ...stockHandlers, ...agentHandlers };

export async function startPublishedFake(options: PublishedFakeOptions): Promise<PublishedFake> {
  const spec = loadPublishedSpec(options.version);
  const otherSpecs = SPEC_VERSIONS.filter((v) => v !== options.version).map(loadPublishedSpec);
  assertFixturesConform(spec);
  const apiKey = options.apiKey ?? 'published-fake-key';
  const now = options.now ?? Date.now;
  const state: FakeState = {
    agent: new AgentState(now, options.eventDelayMs ?? 10),
    folders: new Map(),
    uploads: new UploadState(options.maxUploadBytes ?? 50 * 1024 * 1024),
    nextFolder: 1,
    runs: 0,
    now,
  };
  const requests: FakeRequest[] = [];
  const problems: FakeProblem[] = [];
  const probes: FakeProbe[] = [];
  /** The other version that accepts this request exactly as sent, if any. */
  const acceptedElsewhere = (method: string, url: URL, incoming: IncomingBody): SpecVersion | undefined =>
    otherSpecs.find((other) => {
      const m = other.match(method, url.pathname);
      return m.operation !== undefined && checkRequest(other, m, { query: url.searchParams, ...incoming }).length === 0;
    })?.version;
  const streams = new Set<ServerResponse>();

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      problems.push({ kind: 'fake', operation: `${req.method} ${req.url}`, issues: [{ loc: [], msg: String(error), type: 'crash' }] });
      if (!res.headersSent) sendJson(res, 500, { detail: 'fake crashed' });
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://fake.invalid');
    const incoming = await readIncomingBody(req);
    const { text, body } = incoming;
    const entry: FakeRequest = {
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body,
      text,
      ...(incoming.form ? { form: incoming.form } : {}),
      status: 0,
    };
    requests.push(entry);
    const reply = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      entry.status = status;
      sendJson(res, status, payload, headers);
    };

    const match = spec.match(method, url.pathname);
    if (!match.operation) {
      const elsewhere = acceptedElsewhere(method, url, incoming);
      if (elsewhere) probes.push({ operation: `${method} ${url.pathname}`, acceptedBy: elsewhere });
      else
        problems.push({
          kind: 'route',
          operation: `${method} ${url.pathname}`,
          issues: [{ loc: [], msg: `not an operation of the published ${spec.version} schema`, type: 'unknown_route' }],
        });
      // FastAPI's answers for an unknown path and for a known path with another method.
      reply(match.pathKnown ? 405 : 404, { detail: match.pathKnown ? 'Method Not Allowed' : 'Not Found' });
      return;
    }
    const op = match.operation;
    const key = `${op.method} ${op.template}`;
    entry.operation = key;

    if (req.headers.authorization !== `Bearer ${apiKey}`) {
      reply(
        401,
        { detail: req.headers.authorization ? 'Invalid authentication credentials' : 'Not authenticated' },
        { 'WWW-Authenticate': 'Bearer' },
      );
      return;
    }

    const requestIssues = checkRequest(spec, match, { query: url.searchParams, ...incoming });
    if (requestIssues.length > 0) {
      const elsewhere = acceptedElsewhere(method, url, incoming);
      if (elsewhere) probes.push({ operation: key, acceptedBy: elsewhere });
      else problems.push({ kind: 'request', operation: key, issues: requestIssues });
    }
    // Undeclared fields are only reported: FastAPI ignores them and answers as usual.
    const refused = requestIssues.filter((i) => i.type !== 'undeclared');
    if (refused.length > 0) {
      reply(422, { detail: refused });
      return;
    }

    const handler = HANDLERS[key];
    if (!handler) {
      problems.push({
        kind: 'fake',
        operation: key,
        issues: [{ loc: [], msg: 'the fake does not implement this operation', type: 'unimplemented' }],
      });
      reply(501, { detail: 'Not Implemented' });
      return;
    }
    // A form's handler reads its typed text fields as the body, and its files apart.
    const form = op.requestBody?.multipart ? checkForm(spec, key, op.requestBody.schema, incoming.form) : undefined;
    const result: HandlerResult = await handler({
      spec,
      version: spec.version,
      operation: op,
      body: form ? form.fields : isRecord(body) ? body : {},
      files: form?.files ?? {},
      query: url.searchParams,
      path: match.pathParams,
      state,
    });

    if ('stream' in result) {
      entry.status = 200;
      res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache', ...result.stream.headers });
      res.flushHeaders();
      streams.add(res);
      const stop = result.stream.start(
        (event) => {
          const issues = checkStreamEvent(spec, op, event);
          if (issues.length > 0) problems.push({ kind: 'response', operation: key, issues });
          // data: lines only, as the real stream is framed (no event: or id: fields).
          if (!res.writableEnded) res.write(`data: ${stringifyWire(event)}\n\n`);
        },
        () => {
          streams.delete(res);
          if (!res.writableEnded) res.end();
        },
      );
      res.on('close', () => {
        streams.delete(res);
        stop();
      });
      return;
    }

    const responseIssues = checkResponse(spec, op, result.status, result.body);
    if (responseIssues.length > 0) {
      problems.push({ kind: 'response', operation: key, issues: responseIssues });
      reply(500, { detail: `the fake's answer is off the published schema: ${JSON.stringify(responseIssues).slice(0, 500)}` });
      return;
    }
    reply(result.status, result.body, result.headers);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    version: spec.version,
    spec,
    requests,
    problems,
    probes,
    takeProblems: () => problems.splice(0, problems.length),
    holdRunsAfter: (eventType) => state.agent.holdRunsAfter(eventType),
    releaseRuns: () => state.agent.releaseRuns(),
    runs: () =>
      state.agent.allRuns().map((r) => ({
        conversationId: r.conversationId,
        assistantMessageId: r.responseId,
        status: r.status,
        eventTypes: r.emitted.map((e) => e.event_type),
      })),
    async close() {
      state.agent.close();
      for (const res of streams) res.end();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return;
  const text = stringifyWire(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text), ...headers });
  res.end(text);
}
