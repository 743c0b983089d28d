import { z } from 'zod';
import { compact } from './compact.js';
import { optionalId, optionalNumber, optionalRecord, optionalString, wireId } from './wire-fields.js';

/** Create-conversation and conversation-detail responses. Ids are decimal text (they may pass 2^53). */
export const conversationSchema = z
  .object({
    id: wireId,
    user_id: optionalId,
    agent_id: optionalId,
    type: optionalString,
    conversation_type: optionalString,
    title: optionalString,
    status: optionalString,
    url: optionalString,
    shared_url: optionalString,
    created_at: optionalNumber,
    updated_at: optionalNumber,
    meta: optionalRecord,
  })
  .transform((c) =>
    compact({
      id: c.id,
      userId: c.user_id,
      agentId: c.agent_id,
      type: c.type ?? c.conversation_type,
      title: c.title,
      status: c.status,
      url: c.url,
      sharedUrl: c.shared_url,
      createdAtMs: c.created_at,
      updatedAtMs: c.updated_at,
      meta: c.meta,
    }),
  );
