/**
 * The relay's SlackWriter over @slack/web-api's WebClient. The client comes from the one factory
 * (src/slack-api/create-web-client.ts), whose policy never sleeps through a rate limit nor resends
 * a write on its own: the relay's budget and scheduler decide, and a write whose outcome is
 * unknown is reported as such (SlackCallError.outcome).
 * @see https://docs.slack.dev/tools/node-slack-sdk/web-api#rate-limits
 */
import type { KnownBlock } from '@slack/types';
import type { WebAPICallResult, WebClient } from '@slack/web-api';
import type { Logger } from '../../../observability/logger.js';
import { createWebClient } from '../../../slack-api/create-web-client.js';
import { SlackCallError, toSlackCallError } from '../../../slack-api/slack-call-error.js';
import { SLACK_METHOD } from '../../../slack-api/slack-method.js';
import { postUploadBytes } from '../../../slack-api/post-upload-bytes.js';
import type { SlackThreadMessage, SlackWriter } from '../../../agent/sinks/slack-writer.js';

export interface WebClientWriterOptions {
  token: string;
  /** Base URL of the Web API (the Slack emulator's apiUrl in tests); Slack's own by default. */
  apiUrl?: string;
  logger: Logger;
}

export function createWebClientWriter(options: WebClientWriterOptions): SlackWriter {
  return createWriterFromClient(createWebClient(options));
}

/** Wraps an existing WebClient (built by createWebClient, or under its policy). */
export function createWriterFromClient(client: WebClient, uploadFetch: typeof fetch = fetch): SlackWriter {
  const call = async <T extends WebAPICallResult>(method: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw toSlackCallError(method, error);
    }
  };

  return {
    async postMessage({ channel, threadTs, text, blocks, metadata }) {
      const res = await call(SLACK_METHOD.postMessage, () =>
        client.chat.postMessage({
          channel,
          thread_ts: threadTs,
          text,
          blocks,
          ...(metadata ? { metadata } : {}),
        }),
      );
      return { ts: requireTs(SLACK_METHOD.postMessage, res.ts) };
    },
    async update({ channel, ts, text, blocks, metadata }) {
      await call(SLACK_METHOD.update, () =>
        client.chat.update({
          channel,
          ts,
          text,
          blocks,
          ...(metadata ? { metadata } : {}),
        }),
      );
    },
    async delete({ channel, ts }) {
      await call(SLACK_METHOD.delete, () => client.chat.delete({ channel, ts }));
    },
    async startStream({ channel, threadTs, chunks, recipientUserId, recipientTeamId }) {
      const res = await call(SLACK_METHOD.startStream, () =>
        client.chat.startStream({
          channel,
          thread_ts: threadTs,
          chunks,
          ...(recipientUserId ? { recipient_user_id: recipientUserId } : {}),
          ...(recipientTeamId ? { recipient_team_id: recipientTeamId } : {}),
        }),
      );
      return { ts: requireTs(SLACK_METHOD.startStream, res.ts) };
    },
    async appendStream({ channel, ts, chunks }) {
      await call(SLACK_METHOD.appendStream, () => client.chat.appendStream({ channel, ts, chunks }));
    },
    async stopStream({ channel, ts, chunks, metadata }) {
      await call(SLACK_METHOD.stopStream, () =>
        client.chat.stopStream({
          channel,
          ts,
          ...(chunks && chunks.length > 0 ? { chunks } : {}),
          ...(metadata ? { metadata } : {}),
        }),
      );
    },
    async replies({ channel, threadTs, oldestTs, cursor }) {
      const res = await call(SLACK_METHOD.replies, () =>
        client.conversations.replies({
          channel,
          ts: threadTs,
          include_all_metadata: true,
          // The client of a non-Marketplace install asks for at most its tier's page (clampReadPages).
          limit: 200,
          ...(oldestTs ? { oldest: oldestTs, inclusive: true } : {}),
          ...(cursor ? { cursor } : {}),
        }),
      );
      const messages: SlackThreadMessage[] = [];
      for (const m of res.messages ?? []) {
        if (typeof m.ts !== 'string') continue;
        messages.push({
          ts: m.ts,
          ...(typeof m.text === 'string' ? { text: m.text } : {}),
          ...(Array.isArray(m.blocks) ? { blocks: m.blocks as KnownBlock[] } : {}),
          ...(typeof m.user === 'string' ? { user: m.user } : {}),
          ...(typeof m.bot_id === 'string' ? { botId: m.bot_id } : {}),
          ...(m.metadata ? { metadata: m.metadata as SlackThreadMessage['metadata'] & object } : {}),
          ...(Array.isArray(m.files) && m.files.length > 0
            ? { fileIds: m.files.flatMap((f) => (typeof f.id === 'string' ? [f.id] : [])) }
            : {}),
        });
      }
      const next = res.has_more ? res.response_metadata?.next_cursor || undefined : undefined;
      return { messages, ...(next ? { nextCursor: next } : {}) };
    },
    async setStatus({ channel, threadTs, status, loadingMessages }) {
      await call(SLACK_METHOD.setStatus, () =>
        client.assistant.threads.setStatus({
          channel_id: channel,
          thread_ts: threadTs,
          status,
          ...(loadingMessages && loadingMessages.length > 0 ? { loading_messages: loadingMessages } : {}),
        }),
      );
    },
    async setSessionStatus({ channel, threadTs, status }) {
      await call(SLACK_METHOD.setSessionStatus, () =>
        client.agents.sessions.setStatus({ channel_id: channel, thread_ts: threadTs, status }),
      );
    },
    async getUploadUrl({ filename, length }) {
      const res = await call(SLACK_METHOD.getUploadUrl, () => client.files.getUploadURLExternal({ filename, length }));
      if (typeof res.upload_url !== 'string' || typeof res.file_id !== 'string') {
        // Nothing is shared before completion, so asking again cannot duplicate anything.
        throw new SlackCallError({ method: SLACK_METHOD.getUploadUrl, code: 'missing_upload_url', outcome: 'failed', retryable: true });
      }
      return { uploadUrl: res.upload_url, fileId: res.file_id };
    },
    async uploadBytes({ uploadUrl, filename, content }) {
      await postUploadBytes(uploadUrl, filename, content, uploadFetch);
    },
    async completeUpload({ fileId, title, channel, threadTs, initialComment }) {
      await call(SLACK_METHOD.completeUpload, () =>
        client.files.completeUploadExternal({
          files: [{ id: fileId, title }],
          channel_id: channel,
          thread_ts: threadTs,
          ...(initialComment ? { initial_comment: initialComment } : {}),
        }),
      );
    },
  };
}

function requireTs(method: string, ts: unknown): string {
  if (typeof ts === 'string' && ts.length > 0) return ts;
  // Slack said ok but gave no ts: the message may exist, so the outcome is unknown.
  throw new SlackCallError({ method, code: 'missing_ts', outcome: 'unknown' });
}
