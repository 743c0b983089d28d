import { SlackApiError } from './errors.js';
import type { ResponseUrlEntry } from './response-url-entry.js';
import type { EmulatorState } from './state.js';
import { validateMessageContent } from './validation/message.js';
import { slackLimits } from './validation/limits.js';
import { isRecord } from './validation/validation-issue.js';
import { newBotMessage } from './web-api/message-shape.js';

export function createResponseUrl(
  state: EmulatorState,
  baseUrl: string,
  p: { channel: string; user: string; messageTs?: string; isEphemeral: boolean; threadTs?: string },
): string {
  const id = state.newId('R');
  const entry: ResponseUrlEntry = { id, channel: p.channel, user: p.user, createdAt: state.clock(), uses: 0, isEphemeral: p.isEphemeral };
  if (p.messageTs !== undefined) entry.messageTs = p.messageTs;
  if (p.threadTs !== undefined) entry.threadTs = p.threadTs;
  state.responseUrls.set(id, entry);
  return `${baseUrl}/response/${id}`;
}

export interface ResponseUrlAnswer {
  status: number;
  body: Record<string, unknown>;
}

/**
 * A POST to a response_url: in_channel or ephemeral replies, replace_original, delete_original.
 * Good for 5 uses within 30 minutes.
 * @see https://docs.slack.dev/interactivity/handling-user-interaction#message_responses
 */
export function postToResponseUrl(
  state: EmulatorState,
  id: string,
  body: unknown,
  source: 'response_url' | 'ack' = 'response_url',
): ResponseUrlAnswer {
  const entry = state.responseUrls.get(id);
  if (entry === undefined) return { status: 404, body: { ok: false, error: 'invalid_url' } };
  if (state.clock() - entry.createdAt > slackLimits.responseUrlLifetimeMs)
    return { status: 404, body: { ok: false, error: 'expired_url' } };
  if (entry.uses >= slackLimits.responseUrlUses) return { status: 404, body: { ok: false, error: 'used_url' } };
  if (!isRecord(body)) return { status: 400, body: { ok: false, error: 'invalid_payload' } };
  entry.uses += 1;
  entry.firstUsedAt ??= state.clock();
  try {
    applyResponse(state, entry, body, source);
    return { status: 200, body: { ok: true } };
  } catch (err) {
    if (err instanceof SlackApiError) return { status: 400, body: err.toBody() };
    throw err;
  }
}

/** Applies a message response (response_url post or a slash command's ack body) without counting a use. */
export function applyResponse(
  state: EmulatorState,
  entry: ResponseUrlEntry,
  body: Record<string, unknown>,
  source: 'response_url' | 'ack',
): void {
  const truthy = (v: unknown): boolean => v === true || v === 'true';
  if (truthy(body.delete_original)) {
    if (entry.messageTs === undefined) throw new SlackApiError('no_original_message');
    if (entry.isEphemeral) {
      const eph = state.ephemerals.find((e) => e.ts === entry.messageTs && e.user === entry.user);
      if (eph !== undefined) eph.deleted = true;
      state.changed({ kind: 'ephemeral', channel: entry.channel, user: entry.user });
    } else state.removeMessage(entry.channel, entry.messageTs);
    return;
  }
  const content = validateMessageContent({ text: body.text, blocks: body.blocks, attachments: body.attachments }, 'response_url', {
    refusedBlockTypes: state.refusedBlockTypes,
  });
  const threadTs = typeof body.thread_ts === 'string' ? body.thread_ts : entry.threadTs;
  if (truthy(body.replace_original) && entry.messageTs !== undefined) {
    if (entry.isEphemeral) {
      const eph = state.ephemerals.find((e) => e.ts === entry.messageTs && e.user === entry.user);
      if (eph === undefined) throw new SlackApiError('message_not_found');
      eph.text = content.text;
      if (content.blocks !== undefined) eph.blocks = content.blocks;
      else delete eph.blocks;
      eph.edits += 1;
      state.changed({ kind: 'ephemeral', channel: entry.channel, user: entry.user });
      return;
    }
    const message = state.findMessage(entry.channel, entry.messageTs);
    if (message === undefined) throw new SlackApiError('message_not_found');
    message.text = content.text;
    if (content.blocks !== undefined) message.blocks = content.blocks;
    else delete message.blocks;
    message.edits += 1;
    message.edited = { user: state.botFor(state.teamOfChannel(entry.channel)).userId, ts: state.nextTs() };
    state.changed({ kind: 'message_updated', channel: entry.channel });
    return;
  }
  if (body.response_type === 'in_channel') {
    const message = newBotMessage(state, entry.channel, { text: content.text });
    if (content.blocks !== undefined) message.blocks = content.blocks;
    if (threadTs !== undefined) message.thread_ts = threadTs;
    state.addMessage(message);
    return;
  }
  state.ephemerals.push({
    ts: state.nextTs(),
    channel: entry.channel,
    user: entry.user,
    text: content.text,
    ...(content.blocks !== undefined ? { blocks: content.blocks } : {}),
    ...(threadTs !== undefined ? { thread_ts: threadTs } : {}),
    edits: 0,
    deleted: false,
    source,
    at: state.clock(),
  });
  state.changed({ kind: 'ephemeral', channel: entry.channel, user: entry.user });
}
