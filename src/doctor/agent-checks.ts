/**
 * Agent reads, made only when the user names a conversation (the doctor never starts one): the
 * conversation, its messages, and the events of its latest agent answer (stream=false).
 */
import type { ResearchService } from '../service/types.js';
import type { ServiceCheck } from './service-checks.js';

export function agentChecks(service: ResearchService, conversationId: string | undefined): ServiceCheck[] {
  const base = '/v1/agent/conversations';
  if (conversationId === undefined) {
    return [
      {
        endpoint: `GET ${base}/{conversation_id}`,
        run: async () => ({
          status: 'skip',
          problem: 'no conversation named: pass --conversation <id> (or DOCTOR_CONVERSATION_ID) to check the agent reads',
        }),
      },
    ];
  }
  let messagesRead = false;
  let assistantMessageId: string | undefined;
  return [
    {
      endpoint: `GET ${base}/${conversationId}`,
      run: async () => void (await service.getConversation(conversationId)),
    },
    {
      endpoint: `GET ${base}/${conversationId}/messages`,
      run: async () => {
        const messages = await service.listMessages(conversationId, { limit: 20 });
        messagesRead = true;
        assistantMessageId = messages.find((m) => m.assistantMessageId)?.assistantMessageId ?? undefined;
        return undefined;
      },
    },
    {
      endpoint: `GET ${base}/${conversationId}/messages/{assistant_message_id}`,
      run: async () => {
        if (!messagesRead) return { status: 'fail', problem: 'no messages to read the events of: the message list failed (above)' };
        if (assistantMessageId === undefined)
          return { status: 'skip', problem: 'the conversation has no agent answer yet: no events to read' };
        await service.listEvents(conversationId, assistantMessageId, { fromOffset: 0 });
        return undefined;
      },
    },
  ];
}
