/**
 * Finds the assistant message of a chat call whose answer was lost (a crash after the service
 * accepted the chat, before its id was saved): the newest user message with the run's question,
 * sent since the run started, and the assistant message replying to it.
 */
import type { ResearchService } from '../../service/types.js';
import type { RunRecord } from '../../store/records.js';

/** Clock skew tolerated between this process and the service. */
const SKEW_MS = 60_000;

export async function findStartedChat(
  service: ResearchService,
  run: Pick<RunRecord, 'conversationId' | 'question' | 'startedAtMs' | 'runId'>,
  signal?: AbortSignal,
): Promise<string | undefined> {
  const messages = await service.listMessages(run.conversationId, { limit: 20 }, { signal, correlationId: run.runId });
  const question = run.question.trim();
  const asked = messages.find(
    (m) =>
      m.role === 'user' &&
      (m.text ?? '').trim() === question &&
      (m.createdAtMs === undefined || m.createdAtMs >= run.startedAtMs - SKEW_MS),
  );
  if (!asked) return undefined;
  const answer = messages.find((m) => m.role === 'assistant' && m.replyToMessageId === asked.id && m.assistantMessageId);
  return answer?.assistantMessageId ?? undefined;
}
