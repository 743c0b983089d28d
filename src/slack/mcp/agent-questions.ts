/**
 * Questions MCP clients ask the research agent, straight through the workspace's own service
 * client (src/service/agent.ts): a conversation, then a chat that starts the run. The service runs
 * it to the end whether or not anyone follows its events, and keeps its status and answer; the
 * store keeps only the question's id → conversation and assistant message (mcp-questions.ts), so
 * any replica, after any restart, reads the answer from the service with the same workspace's key.
 * Not the relay: it renders runs into Slack threads, and an MCP client has no thread.
 */
import { randomBytes } from 'node:crypto';
import type { Logger } from '../../observability/logger.js';
import type { ResearchService } from '../../service/types.js';
import type { McpQuestionRecord, McpQuestions } from '../../store/mcp-questions.js';
import { OperationInputError } from '../kit/operations/operation-input-error.js';

export type AgentAnswerStatus = 'running' | 'completed' | 'failed' | 'cancelled';

export interface AgentAnswer {
  questionId: string;
  question: string;
  status: AgentAnswerStatus;
  /** The report (Markdown), once the run completed. */
  answer?: string;
  /** The conversation on the research service, when it gives a link. */
  conversationUrl?: string;
  askedAtMs: number;
}

/** How long a new run's first events are read before the stream is let go (the run goes on at the service). */
const FIRST_EVENT_WAIT_MS = 30_000;

const STATUS_WORDS: Record<string, AgentAnswerStatus> = {
  completed: 'completed',
  complete: 'completed',
  done: 'completed',
  finished: 'completed',
  succeeded: 'completed',
  success: 'completed',
  cancelled: 'cancelled',
  canceled: 'cancelled',
  stopped: 'cancelled',
  failed: 'failed',
  error: 'failed',
};

export interface AskRequest {
  teamId: string;
  question: string;
  askedBy: string;
  correlationId: string;
  signal?: AbortSignal;
}

export async function askAgent(
  service: ResearchService,
  questions: McpQuestions,
  request: AskRequest,
  context: { clock: () => number; log: Logger },
): Promise<AgentAnswer> {
  const opts = { correlationId: request.correlationId, ...(request.signal ? { signal: request.signal } : {}) };
  const conversation = await service.createConversation({ title: titleFrom(request.question), conversationType: 'agent_chat' }, opts);
  const following = AbortSignal.timeout(FIRST_EVENT_WAIT_MS);
  const started = await service.chat(
    { conversationId: conversation.id, message: request.question },
    { correlationId: request.correlationId, signal: following },
  );
  letStreamGo(started.events, context.log);
  const record: McpQuestionRecord = {
    questionId: `q_${randomBytes(12).toString('base64url')}`,
    teamId: request.teamId,
    question: request.question,
    conversationId: conversation.id,
    assistantMessageId: started.assistantMessageId,
    ...(conversation.url ? { conversationUrl: conversation.url } : {}),
    askedBy: request.askedBy,
    askedAtMs: context.clock(),
  };
  await questions.save(record);
  return { questionId: record.questionId, question: record.question, status: 'running', askedAtMs: record.askedAtMs, ...urlOf(record) };
}

/** The question's status and, once done, its answer, as the service has them now. */
export async function readAgentAnswer(
  service: ResearchService,
  questions: McpQuestions,
  request: { teamId: string; questionId: string; correlationId: string; signal?: AbortSignal },
): Promise<AgentAnswer> {
  const record = await questions.get(request.teamId, request.questionId);
  if (!record)
    throw new OperationInputError({
      code: 'bad_format',
      field: 'questionId',
      message: `No question ${request.questionId} was asked from this workspace in the last 7 days. Use the questionId that ask_research_agent returned.`,
    });
  const messages = await service.listMessages(
    record.conversationId,
    { limit: 10 },
    { correlationId: request.correlationId, ...(request.signal ? { signal: request.signal } : {}) },
  );
  const message = messages.find((m) => m.assistantMessageId === record.assistantMessageId);
  const status = STATUS_WORDS[message?.status?.toLowerCase() ?? ''] ?? 'running';
  return {
    questionId: record.questionId,
    question: record.question,
    status,
    askedAtMs: record.askedAtMs,
    ...(status === 'completed' && message?.text ? { answer: message.text } : {}),
    ...urlOf(record),
  };
}

/**
 * Reads until the run's first event, then closes the stream: nobody here follows it, and a body
 * left unread would hold a connection. The run itself goes on at the service.
 */
function letStreamGo(events: AsyncIterable<unknown>, log: Logger): void {
  const iterator = events[Symbol.asyncIterator]();
  void iterator
    .next()
    .then(() => iterator.return?.())
    .catch((error: unknown) => log.debug('the new run’s event stream ended early; the run goes on at the service', { error }));
}

function urlOf(record: McpQuestionRecord): { conversationUrl?: string } {
  return record.conversationUrl ? { conversationUrl: record.conversationUrl } : {};
}

function titleFrom(question: string): string {
  const oneLine = question.replace(/\s+/g, ' ').trim();
  return oneLine.length > 80 ? `${oneLine.slice(0, 79)}…` : oneLine;
}
