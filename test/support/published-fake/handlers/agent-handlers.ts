/**
 * Agent operations: create and read a conversation, chat (an event stream with the
 * X-REPORTIFY-ASSISTANT-MESSAGE-ID header), list messages, read a run's events (stream or JSON,
 * from an offset), cancel. An unknown conversation or message gets 400
 * `{"detail":"Invalid conversation_id"}` (README). Answers carry exactly the members the
 * version's response schema declares.
 */
import { buildRunEvents, cancelEvent } from '../agent/run-events.js';
import type { ConversationRecord, FakeRun, MessageRecord } from '../agent/agent-state.js';
import { FAKE_DOCUMENTS, type FakeDocument } from '../fixtures/documents.js';
import { documentOf } from '../uploads/corpus.js';
import { componentPointer, type PublishedSpec } from '../published-spec.js';
import { type Handler, type HandlerContext, type HandlerResult, int, ok, str } from './handler-types.js';
import { searchDocuments, searchToolsDoc } from './search-handlers.js';

/** The header the published chat operation documents. */
export const ASSISTANT_MESSAGE_ID_HEADER = 'X-REPORTIFY-ASSISTANT-MESSAGE-ID';

const INVALID_CONVERSATION = { status: 400, body: { detail: 'Invalid conversation_id' } };

/** Only the members the operation's 200 schema declares: each version answers its own shape. */
function declaredOnly(ctx: HandlerContext, record: Record<string, unknown>): Record<string, unknown> {
  const pointer = ctx.operation.responses['200']?.json;
  const properties = pointer ? ctx.spec.resolve(pointer).properties : undefined;
  if (!properties) return record;
  return Object.fromEntries(Object.entries(record).filter(([k, v]) => k in properties && v !== undefined));
}

function conversationBody(conv: ConversationRecord, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: conv.id,
    user_id: conv.userId,
    agent_id: conv.agentId,
    type: conv.type,
    title: conv.title,
    status: 'active',
    url: `https://research.example.com/agents/${conv.agentId}/chat/${conv.id}`,
    shared_url: `https://research.example.com/share/chat/${conv.agentId}-${conv.id}`,
    created_at: conv.createdAt,
    updated_at: conv.updatedAt,
    ...extra,
  };
}

const conversationOf = (ctx: HandlerContext): ConversationRecord | undefined =>
  ctx.state.agent.conversation(Number(ctx.path.conversation_id));

const runOf = (ctx: HandlerContext): FakeRun | undefined =>
  ctx.state.agent.run(Number(ctx.path.conversation_id), ctx.path.assistant_message_id ?? '');

function streamOf(ctx: HandlerContext, run: FakeRun, fromOffset: number, headers: Record<string, string> = {}): HandlerResult {
  return {
    stream: {
      headers,
      start: (send, end) =>
        ctx.state.agent.subscribe(run, fromOffset, (event) => {
          if (event === null) end();
          else send(event);
        }),
    },
  };
}

/** The search tool's answer inside tool_end: a SearchToolsResponse as a JSON string. */
function toolOutput(spec: PublishedSpec, docs: FakeDocument[]): string {
  const answer = { docs: docs.map(searchToolsDoc), total_count: docs.length, took_ms: 112 };
  const issues = spec.validate(componentPointer('SearchToolsResponse'), answer);
  if (issues.length > 0) throw new Error(`tool output is off the published schema: ${JSON.stringify(issues)}`);
  return JSON.stringify(answer);
}

/** The report; documents the chat was given (`documents`) are named and quoted in it, and cited as sources. */
function reportFor(question: string, docs: FakeDocument[], given: boolean): { title: string; content: string } {
  const title = `研究报告：${question.slice(0, 40)}`;
  const sources = docs.map((d) => `- [${d.doc.title}](${d.doc.url})`).join('\n');
  const fromGiven = given ? ['## 您提供的文件', ...docs.map((d) => `- 《${d.doc.title}》：${d.summary.slice(0, 120)}`), ''] : [];
  const content = [
    `# ${title}`,
    '',
    ...fromGiven,
    '## 执行摘要',
    `针对“${question}”，最新资料显示收入保持增长，毛利率稳定，现金流充裕。`,
    '',
    '## 关键数据',
    '| 指标 | 最新季度 | 上一季度 | 变化 |',
    '|---|---|---|---|',
    '| 收入（十亿） | 57.0 | 46.7 | +22% |',
    '| 毛利率 | 73.4% | 72.4% | +1.0pt |',
    '| 经营现金流（十亿） | 23.8 | 15.4 | +55% |',
    '',
    '## 来源',
    sources,
  ].join('\n');
  return { title, content };
}

export const agentHandlers: Record<string, Handler> = {
  'POST /v1/agent/conversations': (ctx) => {
    const { body } = ctx;
    const agentId = int(body.agent_id);
    const meta = body.meta;
    const conv = ctx.state.agent.createConversation({
      ...(agentId !== undefined ? { agentId: BigInt(agentId) } : {}),
      ...(str(body.title) !== undefined ? { title: str(body.title) as string } : {}),
      ...(str(body.conversation_type) !== undefined ? { type: str(body.conversation_type) as string } : {}),
      ...(typeof meta === 'object' && meta !== null ? { meta: meta as Record<string, unknown> } : {}),
    });
    return ok(declaredOnly(ctx, conversationBody(conv)));
  },

  'GET /v1/agent/conversations/{conversation_id}': (ctx) => {
    const conv = conversationOf(ctx);
    if (!conv) return INVALID_CONVERSATION;
    const last = ctx.state.agent.listMessages(conv.id)[0];
    return ok(declaredOnly(ctx, conversationBody(conv, { meta: conv.meta, ...(last ? { last_message: last } : {}) })));
  },

  'POST /v1/agent/conversations/{conversation_id}/chat': (ctx) => {
    const conv = conversationOf(ctx);
    if (!conv) return INVALID_CONVERSATION;
    const question = str(ctx.body.message) ?? '';
    const grounded = (Array.isArray(ctx.body.documents) ? ctx.body.documents : [])
      .map((d) => documentOf(ctx.state.uploads, String((d as { doc_id?: unknown }).doc_id)))
      .filter((d): d is FakeDocument => d !== undefined);
    const found = grounded.length > 0 ? grounded : searchDocuments(question, { categories: [], markets: [], symbols: [] }).slice(0, 5);
    const docs = found.length > 0 ? found : FAKE_DOCUMENTS.slice(0, 3);
    ctx.state.runs += 1;
    const seed = ctx.state.runs;
    const responseId = `019b24ef${(0x238cc977 + seed).toString(16).padStart(24, '0')}`;
    const report = reportFor(question, docs, grounded.length > 0);
    const events = buildRunEvents(ctx.spec, {
      responseId,
      question,
      firstOffset: conv.nextOffset,
      startMs: ctx.state.now(),
      toolOutput: toolOutput(ctx.spec, docs),
      toolInput: { query: question, symbols: docs.flatMap((d) => (d.company ? [d.company.symbol] : [])).slice(0, 3) },
      report,
      seed,
    });
    const run = ctx.state.agent.startRun(conv, question, responseId, events, report.content);
    return streamOf(ctx, run, 0, { [ASSISTANT_MESSAGE_ID_HEADER]: responseId });
  },

  'GET /v1/agent/conversations/{conversation_id}/messages': (ctx) => {
    const conv = conversationOf(ctx);
    if (!conv) return INVALID_CONVERSATION;
    const limit = Number(ctx.query.get('limit') ?? 10);
    const before = ctx.query.get('before_message_id');
    const all = ctx.state.agent.listMessages(conv.id);
    const older = before === null ? all : all.filter((m: MessageRecord) => m.id < BigInt(before));
    return ok({ messages: older.slice(0, limit) });
  },

  'GET /v1/agent/conversations/{conversation_id}/messages/{assistant_message_id}': (ctx) => {
    const run = runOf(ctx);
    if (!run) return INVALID_CONVERSATION;
    const fromOffset = Number(ctx.query.get('from_offset') ?? 0);
    const stream = !['false', '0', 'no', 'off'].includes((ctx.query.get('stream') ?? 'true').toLowerCase());
    if (stream) return streamOf(ctx, run, fromOffset);
    return ok({ assistant_events: ctx.state.agent.eventsFrom(run, fromOffset) });
  },

  'POST /v1/agent/conversations/{conversation_id}/messages/{assistant_message_id}/cancel': (ctx) => {
    const run = runOf(ctx);
    if (!run) return INVALID_CONVERSATION;
    ctx.state.agent.cancel(run, (offset) => cancelEvent(ctx.spec, run.responseId, offset, ctx.state.now()));
    return ok({ response_id: run.responseId, status: run.status });
  },
};
