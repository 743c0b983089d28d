import type { IncomingHttpHeaders } from 'node:http';
import type {
  CallOptions,
  CancelResult,
  ChatRequest,
  ChatStarted,
  Conversation,
  ConversationMessage,
  CreateConversationRequest,
  ChatStreamOptions,
  ReadEventsOptions,
  WorkflowStreamEvent,
} from './types.js';
import type { Requester } from './request.js';
import { conversationSchema } from './schemas/conversation-schema.js';
import { assistantEventListSchema, conversationMessageListSchema } from './schemas/conversation-message-schema.js';
import { cancelResultSchema } from './schemas/cancel-result-schema.js';
import { shapeParser } from './schemas/parse-shape.js';
import { ServiceError } from './errors/service-error.js';
import { integerText } from './parse-json-text.js';
import { wireBody } from './wire-body.js';
import { eventsPath, followEvents, type EventStream, type StreamReconnectPolicy } from './event-stream/follow-events.js';
import { discardBody } from './event-stream/discard-body.js';
import { createEventCursor } from './event-stream/event-cursor.js';
import { readEventList } from './event-stream/read-event-list.js';

/** The header's name carries the service's name: X-<SERVICE>-ASSISTANT-MESSAGE-ID. */
export const ASSISTANT_MESSAGE_ID_HEADER = /^x-.+-assistant-message-id$/i;

const parseConversation = shapeParser(conversationSchema);
const parseMessageList = shapeParser(conversationMessageListSchema);
const parseAssistantEventList = shapeParser(assistantEventListSchema);
const parseCancelResult = shapeParser(cancelResultSchema);

/** Message statuses after which a run produces no more events. */
const FINISHED_STATUSES = new Set([
  'completed',
  'complete',
  'cancelled',
  'canceled',
  'failed',
  'error',
  'stopped',
  'done',
  'finished',
  'succeeded',
  'success',
]);

export interface AgentApi {
  createConversation(req: CreateConversationRequest, opts?: CallOptions): Promise<Conversation>;
  getConversation(conversationId: string, opts?: CallOptions): Promise<Conversation>;
  listMessages(
    conversationId: string,
    page?: { limit?: number; beforeMessageId?: string },
    opts?: CallOptions,
  ): Promise<ConversationMessage[]>;
  chat(req: ChatRequest, opts?: CallOptions & ChatStreamOptions): Promise<ChatStarted & { events: EventStream }>;
  streamEvents(conversationId: string, assistantMessageId: string, opts?: ReadEventsOptions & CallOptions): EventStream;
  listEvents(conversationId: string, assistantMessageId: string, opts?: ReadEventsOptions & CallOptions): Promise<WorkflowStreamEvent[]>;
  cancelRun(conversationId: string, assistantMessageId: string, opts?: CallOptions): Promise<CancelResult>;
}

const conversationPath = (id: string): string => `/v1/agent/conversations/${encodeURIComponent(id)}`;

/** `defaultAgentId`: the agent of conversations whose request names none (decimal text). */
export function createAgentApi(req: Requester, reconnect: StreamReconnectPolicy, defaultAgentId?: string): AgentApi {
  const listMessages: AgentApi['listMessages'] = (conversationId, page, opts) =>
    req.call({
      method: 'GET',
      path: `${conversationPath(conversationId)}/messages`,
      query: { limit: page?.limit, before_message_id: page?.beforeMessageId },
      idempotent: true,
      parse: parseMessageList,
      opts,
    });

  const isRunFinished = async (conversationId: string, assistantMessageId: string, signal?: AbortSignal) => {
    const messages = await listMessages(conversationId, { limit: 50 }, signal ? { signal } : undefined);
    const mine = messages.find((m) => m.assistantMessageId === assistantMessageId);
    return mine?.status !== undefined && FINISHED_STATUSES.has(mine.status.toLowerCase());
  };

  const follow = (
    conversationId: string,
    assistantMessageId: string,
    o: ReadEventsOptions & CallOptions,
    initial?: Parameters<typeof followEvents>[1]['initial'],
  ) =>
    followEvents(
      { req, reconnect, isRunFinished },
      {
        conversationId,
        assistantMessageId,
        ...(o.fromOffset !== undefined ? { fromOffset: o.fromOffset } : {}),
        ...(o.cursor ? { cursor: o.cursor } : {}),
        ...(o.signal ? { signal: o.signal } : {}),
        ...(o.correlationId ? { correlationId: o.correlationId } : {}),
        ...(o.onStats ? { onStats: o.onStats } : {}),
        ...(initial ? { initial } : {}),
      },
    );

  return {
    // Creating, chatting and cancelling change state on the service: never retried.
    createConversation: (r, opts) =>
      req.call({
        method: 'POST',
        path: '/v1/agent/conversations',
        body: wireBody({
          agent_id: agentIdOf(r.agentId ?? defaultAgentId),
          title: r.title,
          conversation_type: r.conversationType,
          meta: r.meta,
        }),
        idempotent: false,
        parse: parseConversation,
        opts,
      }),

    getConversation: (conversationId, opts) =>
      req.call({ method: 'GET', path: conversationPath(conversationId), idempotent: true, parse: parseConversation, opts }),

    listMessages,

    async chat(r, opts = {}) {
      const path = `${conversationPath(r.conversationId)}/chat`;
      const res = await req.open({
        method: 'POST',
        path,
        body: {
          message: r.message,
          documents: (r.documents ?? []).map((d) => wireBody({ doc_id: d.docId, doc_title: d.docTitle, file_type: d.fileType })),
          stream: true,
        },
        opts,
        accept: 'text/event-stream',
        idleTimeoutMs: reconnect.idleTimeoutMs,
      });
      const assistantMessageId = findAssistantMessageId(res.headers);
      if (!assistantMessageId) {
        discardBody(res.body);
        throw new ServiceError('bad_response', 'chat answered without an assistant message id header', {
          method: 'POST',
          path,
          status: res.status,
        });
      }
      const events = follow(r.conversationId, assistantMessageId, opts, res);
      return { assistantMessageId, events, stats: events.stats };
    },

    streamEvents: (conversationId, assistantMessageId, opts = {}) => follow(conversationId, assistantMessageId, opts),

    async listEvents(conversationId, assistantMessageId, opts = {}) {
      const fromOffset = opts.cursor ? opts.cursor.lastOffset + 1 : Math.max(0, opts.fromOffset ?? 0);
      const items = await req.call({
        method: 'GET',
        path: eventsPath(conversationId, assistantMessageId),
        query: { stream: false, from_offset: fromOffset },
        idempotent: true,
        parse: parseAssistantEventList,
        opts,
      });
      const { events, stats } = readEventList(items, opts.cursor ?? createEventCursor(fromOffset - 1), req.ctx.logger);
      opts.onStats?.({ ...stats });
      return events;
    },

    cancelRun: (conversationId, assistantMessageId, opts) =>
      req.call({
        method: 'POST',
        path: `${eventsPath(conversationId, assistantMessageId)}/cancel`,
        idempotent: false,
        parse: parseCancelResult,
        opts,
      }),
  };
}

export function findAssistantMessageId(headers: IncomingHttpHeaders): string | undefined {
  for (const [name, value] of Object.entries(headers)) {
    if (!ASSISTANT_MESSAGE_ID_HEADER.test(name)) continue;
    const v = Array.isArray(value) ? value[0] : value;
    if (typeof v === 'string' && v.trim() !== '') return v.trim();
  }
  return undefined;
}

/** An agent id as the wire's integer, exact beyond 2^53. */
function agentIdOf(id: string | undefined) {
  return id === undefined ? undefined : integerText(id);
}
