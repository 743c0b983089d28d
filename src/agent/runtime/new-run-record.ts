import type { StreamingMode } from '../../config/relay-config.js';
import type { RunRecord } from '../../store/records.js';
import { chooseDeliveryPath } from '../sinks/choose-delivery-path.js';
import type { StartRunRequest } from './start-run-request.js';

/** The record a run starts with: no conversation yet, before its first event (offset -1). */
export function newRunRecord(request: StartRunRequest, runId: string, now: number, streaming: StreamingMode): RunRecord {
  return {
    runId,
    teamId: request.teamId,
    channelId: request.channelId,
    threadTs: request.threadTs,
    replyTs: request.replyTs ? [request.replyTs] : [],
    replyClaimed: false,
    conversationId: '',
    assistantMessageId: '',
    lastOffset: -1,
    status: 'starting',
    askerUserId: request.askerUserId,
    ...(request.askerTeamId && request.askerTeamId !== request.teamId ? { askerTeamId: request.askerTeamId } : {}),
    question: request.question,
    startedAtMs: now,
    updatedAtMs: now,
    delivery: chooseDeliveryPath(streaming, request.channelId),
    ...(request.documents && request.documents.length > 0 ? { documents: request.documents } : {}),
  };
}
