/**
 * Agent operations: create conversation, conversation detail, chat (starts a run), list
 * messages (endpoint 14), assistant message events (endpoint 15, JSON or SSE that follows a
 * running run), cancel. An unknown conversation or message is answered as the published schema
 * documents the agent routes: 400 `{"detail": "Invalid conversation_id"}` (never 404).
 */
import { ConflictError, type AgentRun, type ConversationRecord, type MessageRecord } from '../agent-runs.js';
import type { WorkflowEvent } from '../agent-events.js';
import { credentialsEcho, eventWithCredentialsEcho } from '../credentials-echo.js';
import { HttpError } from '../http-errors.js';
import { findResearch } from '../research-findings.js';
import { ok, route, type Route, type RouteContext, type RouteResult } from '../routing.js';
import { SseConnection } from '../sse-connection.js';
import { ASSISTANT_MESSAGE_ID_HEADERS } from '../stream-framing.js';
import { FieldReader, finishAll } from '../validation.js';

const CONVERSATION_TYPES = ['agent_chat', 'task_chat', 'debug_chat', 'bot_chat'] as const;

/** What the service answers for a conversation or message id it does not know. */
const UNKNOWN_ID_DETAIL = 'Invalid conversation_id';

/**
 * An integer of any size (ids pass 2^53 in the published framing), as FastAPI reads an `int`:
 * digits in a path or query string, or a JSON integer.
 */
function readBigInteger(r: FieldReader, name: string, opts: { required?: boolean } = {}): bigint | undefined {
  const v = r.raw(name);
  if (v === undefined || v === null || v === '') {
    if (opts.required) r.issue([name], 'Field required', 'missing', null);
    return undefined;
  }
  if (typeof v === 'number' && Number.isInteger(v)) return BigInt(v);
  if (typeof v === 'string' && /^\s*[-+]?\d+\s*$/.test(v)) return BigInt(v.trim());
  if (typeof v === 'string') r.issue([name], 'Input should be a valid integer, unable to parse string as an integer', 'int_parsing', v);
  else r.issue([name], 'Input should be a valid integer', 'int_type', v);
  return undefined;
}

function conversationId(ctx: RouteContext, extra: FieldReader[] = []): bigint {
  const r = new FieldReader(ctx.params, 'path');
  const id = readBigInteger(r, 'conversation_id', { required: true });
  finishAll(r, ...extra);
  return id ?? 0n;
}

function conversationOrThrow(ctx: RouteContext, id: bigint): ConversationRecord {
  const conv = ctx.state.runs.getConversation(id);
  if (!conv) throw new HttpError(400, UNKNOWN_ID_DETAIL);
  return conv;
}

function runOrThrow(ctx: RouteContext, conv: ConversationRecord): AgentRun {
  const messageId = ctx.params.assistant_message_id ?? '';
  const run = ctx.state.runs.getRun(conv.id, messageId);
  if (!run) throw new HttpError(400, UNKNOWN_ID_DETAIL);
  return run;
}

function publicConversation(ctx: RouteContext, conv: ConversationRecord) {
  const { nextOffset: _next, framing: _framing, ...rest } = conv;
  const id = String(conv.id);
  return { ...rest, url: ctx.state.links.conversation(id), shared_url: ctx.state.links.sharedConversation(id) };
}

function publicMessage(m: MessageRecord) {
  return structuredClone(m);
}

/** A run's events as the reflectCredentials fault answers them (unchanged without it). */
function echoed(ctx: RouteContext, events: readonly WorkflowEvent[]): WorkflowEvent[] {
  if (!ctx.state.faults.faults.reflectCredentials) return [...events];
  const echo = credentialsEcho(ctx.req);
  return events.map((event) => eventWithCredentialsEcho(event, echo));
}

/** Streams a run as SSE from `fromOffset`, following it until it ends or `timeoutSec` passes. */
function streamRun(
  ctx: RouteContext,
  run: AgentRun,
  fromOffset: number,
  timeoutSec: number,
  headers: Record<string, string> = {},
): 'streamed' {
  const { state } = ctx;
  const conv = state.runs.getConversation(run.conversationId);
  const conn = new SseConnection(ctx.res, {
    faults: { ...state.faults.faults },
    ...(state.faults.faults.reflectCredentials ? { errorEcho: credentialsEcho(ctx.req) } : {}),
    // The real stream has data lines only: no heartbeat comments.
    heartbeatMs: conv?.framing === 'published' ? 0 : Math.max(100, Math.round(10_000 / state.agentSpeed)),
    headers,
  });
  state.streams.add(conn);
  const timeout = setTimeout(() => conn.end(), timeoutSec * 1000);
  let unsubscribe: () => void = () => undefined;
  conn.onClose(() => {
    clearTimeout(timeout);
    unsubscribe();
    state.streams.delete(conn);
  });
  unsubscribe = state.runs.subscribe(run, fromOffset, (event) => {
    if (event === null) conn.end();
    else conn.send(event);
  });
  if (conn.isClosed) unsubscribe();
  return 'streamed';
}

async function createConversation(ctx: RouteContext): Promise<RouteResult> {
  const r = FieldReader.forBody(ctx.body ?? {});
  const agentId = r.integer('agent_id', { min: 1 });
  const title = r.string('title');
  const type = r.string('conversation_type', { enum: CONVERSATION_TYPES });
  const meta = r.object('meta');
  r.done();
  const conv = ctx.state.runs.createConversation({
    ...(agentId !== undefined ? { agentId } : {}),
    ...(title !== undefined ? { title } : {}),
    ...(type !== undefined ? { type } : {}),
    ...(meta !== undefined ? { meta } : {}),
  });
  await ctx.state.commit();
  return ok(publicConversation(ctx, conv));
}

function conversationDetail(ctx: RouteContext): RouteResult {
  const conv = conversationOrThrow(ctx, conversationId(ctx));
  const last = ctx.state.runs.listMessages(conv.id)[0];
  return ok({ ...publicConversation(ctx, conv), last_message: last ? publicMessage(last) : null });
}

async function chat(ctx: RouteContext): Promise<RouteResult> {
  const r = FieldReader.forBody(ctx.body, { required: true });
  const message = r.string('message', { required: true, minLength: 1 }) ?? '';
  const stream = r.boolean('stream') ?? true;
  const docIds: string[] = [];
  const documents = r.raw('documents');
  if (documents !== undefined && documents !== null) {
    if (!Array.isArray(documents)) r.issue(['documents'], 'Input should be a valid list', 'list_type', documents);
    else
      documents.forEach((d: unknown, i) => {
        const item = d as Record<string, unknown> | null;
        if (typeof item !== 'object' || item === null) r.issue(['documents', i], 'Input should be a valid dictionary', 'dict_type', d);
        else {
          if (typeof item.doc_id !== 'string')
            r.issue(
              ['documents', i, 'doc_id'],
              item.doc_id === undefined ? 'Field required' : 'Input should be a valid string',
              item.doc_id === undefined ? 'missing' : 'string_type',
              item.doc_id ?? null,
            );
          else docIds.push(item.doc_id);
          if (typeof item.doc_title !== 'string')
            r.issue(
              ['documents', i, 'doc_title'],
              item.doc_title === undefined ? 'Field required' : 'Input should be a valid string',
              item.doc_title === undefined ? 'missing' : 'string_type',
              item.doc_title ?? null,
            );
        }
      });
  }
  const conv = conversationOrThrow(ctx, conversationId(ctx, [r]));
  const earlier = ctx.state.runs.earlierQuestions(conv.id);
  const run = ctx.state.runs.startRun(conv, message, findResearch(ctx.state.dataset, message, docIds, earlier));
  // The run's id goes out in the headers below: it must outlive a restart that follows at once.
  await ctx.state.commit();
  if (ctx.state.faults.leaveChatUnanswered()) {
    // The run goes on; the caller only sees its connection reset.
    ctx.res.destroy();
    return 'streamed';
  }
  const headers = { [ASSISTANT_MESSAGE_ID_HEADERS[conv.framing]]: run.assistantMessageId };
  if (stream) return streamRun(ctx, run, 0, 1800, headers);
  await run.done;
  return ok(
    {
      conversation_id: conv.id,
      message_id: run.message.reply_to_message_id,
      assistant_message_id: run.assistantMessageId,
      response_id: run.responseId,
      status: run.status,
      content: run.message.content,
      error_info: run.message.error_info,
      assistant_events: echoed(ctx, run.events),
    },
    headers,
  );
}

function listMessages(ctx: RouteContext): RouteResult {
  const q = new FieldReader(Object.fromEntries(ctx.query), 'query');
  const limit = q.integer('limit', { min: 1, max: 100 }) ?? 10;
  const before = readBigInteger(q, 'before_message_id');
  const conv = conversationOrThrow(ctx, conversationId(ctx, [q]));
  const all = ctx.state.runs.listMessages(conv.id);
  const start = before === undefined ? 0 : all.findIndex((m) => m.id < before);
  const messages = start < 0 ? [] : all.slice(start, start + limit).map(publicMessage);
  return ok({ messages });
}

function messageEvents(ctx: RouteContext): RouteResult {
  const q = new FieldReader(Object.fromEntries(ctx.query), 'query');
  const stream = q.boolean('stream') ?? true;
  const timeout = q.integer('timeout', { min: 1, max: 86_400 }) ?? 1800;
  const fromOffset = q.integer('from_offset', { min: 0 }) ?? 0;
  const conv = conversationOrThrow(ctx, conversationId(ctx, [q]));
  const run = runOrThrow(ctx, conv);
  if (stream) return streamRun(ctx, run, fromOffset, timeout);
  return ok({ assistant_events: echoed(ctx, ctx.state.runs.eventsFrom(run, fromOffset)) });
}

async function cancel(ctx: RouteContext): Promise<RouteResult> {
  const conv = conversationOrThrow(ctx, conversationId(ctx));
  const run = runOrThrow(ctx, conv);
  try {
    ctx.state.runs.cancel(run);
  } catch (err) {
    // The agent routes document 400, 422 and 500 only.
    if (err instanceof ConflictError) throw new HttpError(400, err.message);
    throw err;
  }
  await ctx.state.commit();
  return ok({ response_id: run.responseId, status: 'cancelled' });
}

export function agentRoutes(): Route[] {
  const base = '/v1/agent/conversations';
  return [
    route('POST', base, createConversation),
    route('GET', `${base}/:conversation_id`, conversationDetail),
    route('POST', `${base}/:conversation_id/chat`, chat),
    route('GET', `${base}/:conversation_id/messages`, listMessages),
    route('GET', `${base}/:conversation_id/messages/:assistant_message_id`, messageEvents),
    route('POST', `${base}/:conversation_id/messages/:assistant_message_id/cancel`, cancel),
  ];
}
