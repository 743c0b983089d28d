/**
 * A ResearchService that plays back one recorded run: chat returns the recorded events, endpoint
 * 15 reads them by offset. Only the agent operations the relay uses are served; anything else
 * fails with a typed error. Used by the offline render tool.
 */
import { ServiceError } from '../service/errors/service-error.js';
import type { ResearchService, WorkflowStreamEvent } from '../service/types.js';

export const RECORDED_ASSISTANT_MESSAGE_ID = 'recorded-assistant-message';

export function createRecordedRunService(events: WorkflowStreamEvent[], clock: () => number = Date.now): ResearchService {
  const conversationId = 1;
  const since = (from?: number, after?: number) =>
    events.filter(
      (e) => typeof e.offset !== 'number' || ((from === undefined || e.offset >= from) && (after === undefined || e.offset > after)),
    );
  async function* play(list: WorkflowStreamEvent[]): AsyncIterable<WorkflowStreamEvent> {
    for (const e of list) yield e;
  }
  const unsupported = (method: string) => () =>
    Promise.reject(new ServiceError('bad_response', 'not part of a recorded run', { method, path: '(recorded run)' }));
  let chatted = false;
  return {
    searchDocuments: unsupported('searchDocuments'),
    searchV2: unsupported('searchV2'),
    searchNews: unsupported('searchNews'),
    searchChunks: unsupported('searchChunks'),
    getDocument: unsupported('getDocument'),
    getDocumentSummary: unsupported('getDocumentSummary'),
    docsByTag: unsupported('docsByTag'),
    balanceSheet: unsupported('balanceSheet'),
    cashFlow: unsupported('cashFlow'),
    revenueBreakdown: unsupported('revenueBreakdown'),
    indexPrices: unsupported('indexPrices'),
    latestConcepts: unsupported('latestConcepts'),
    createFolder: unsupported('createFolder'),
    deleteFolder: unsupported('deleteFolder'),
    getConversation: async () => ({ id: conversationId, title: 'Recorded run' }),
    createConversation: async (req) => ({ id: conversationId, ...(req.title ? { title: req.title } : {}), createdAtMs: clock() }),
    listMessages: async () =>
      chatted
        ? [
            {
              id: 2,
              conversationId,
              role: 'assistant',
              replyToMessageId: 1,
              errorInfo: null,
              assistantMessageId: RECORDED_ASSISTANT_MESSAGE_ID,
            },
            { id: 1, conversationId, role: 'user', replyToMessageId: null, errorInfo: null, assistantMessageId: null },
          ]
        : [],
    chat: async () => {
      chatted = true;
      return { assistantMessageId: RECORDED_ASSISTANT_MESSAGE_ID, events: play(events) };
    },
    streamEvents: (_c, _a, opts = {}) => play(since(opts.fromOffset, opts.afterOffset)),
    listEvents: async (_c, _a, opts = {}) => since(opts.fromOffset, opts.afterOffset),
    cancelRun: async () => ({ responseId: 'recorded', status: 'cancelled' }),
  };
}
