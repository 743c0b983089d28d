/**
 * A ResearchService that plays back one recorded run: chat returns the recorded events, endpoint
 * 15 reads them by offset. Only the agent operations the relay uses are served; anything else
 * fails with a typed error. Used by the offline render tool.
 */
import { ServiceError } from '../../src/service/errors/service-error.js';
import { createEventCursor } from '../../src/service/event-stream/event-cursor.js';
import type { ReadEventsOptions, ResearchService, WorkflowStreamEvent } from '../../src/service/types.js';

const RECORDED_ASSISTANT_MESSAGE_ID = 'recorded-assistant-message';

export function createRecordedRunService(
  events: WorkflowStreamEvent[],
  clock: () => number = Date.now,
  /** The conversation's web page, as the service gave it: the footer links it. */
  conversationUrl?: string,
): ResearchService {
  const conversationId = '1';
  // The HTTP client's cursor semantics: a reader of the run sees each event once, in order.
  const cursorFor = (opts: ReadEventsOptions) => opts.cursor ?? createEventCursor(Math.max(0, opts.fromOffset ?? 0) - 1);
  async function* play(opts: ReadEventsOptions): AsyncIterable<WorkflowStreamEvent> {
    const cursor = cursorFor(opts);
    for (const e of events) if (cursor.admit(e)) yield e;
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
    incomeStatement: unsupported('incomeStatement'),
    companyPrices: unsupported('companyPrices'),
    earningsCalendar: unsupported('earningsCalendar'),
    stockQuery: unsupported('stockQuery'),
    latestConcepts: unsupported('latestConcepts'),
    createFolder: unsupported('createFolder'),
    deleteFolder: unsupported('deleteFolder'),
    uploadDocument: unsupported('uploadDocument'),
    documentUploadStatus: unsupported('documentUploadStatus'),
    deleteDocuments: unsupported('deleteDocuments'),
    documentRawContent: unsupported('documentRawContent'),
    getConversation: async () => ({ id: conversationId, title: 'Recorded run', ...(conversationUrl ? { url: conversationUrl } : {}) }),
    createConversation: async (req) => ({
      id: conversationId,
      ...(req.title ? { title: req.title } : {}),
      ...(conversationUrl ? { url: conversationUrl } : {}),
      createdAtMs: clock(),
    }),
    listMessages: async () =>
      chatted
        ? [
            {
              id: '2',
              conversationId,
              role: 'assistant',
              replyToMessageId: '1',
              errorInfo: null,
              assistantMessageId: RECORDED_ASSISTANT_MESSAGE_ID,
            },
            { id: '1', conversationId, role: 'user', replyToMessageId: null, errorInfo: null, assistantMessageId: null },
          ]
        : [],
    chat: async (_req, opts = {}) => {
      chatted = true;
      return { assistantMessageId: RECORDED_ASSISTANT_MESSAGE_ID, events: play(opts.cursor ? { cursor: opts.cursor } : {}) };
    },
    streamEvents: (_c, _a, opts = {}) => play(opts),
    listEvents: async (_c, _a, opts = {}) => {
      const cursor = cursorFor(opts);
      return events.filter((e) => cursor.admit(e));
    },
    cancelRun: async () => ({ responseId: 'recorded', status: 'cancelled' }),
  };
}
