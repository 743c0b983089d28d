/**
 * A SlackWriter that keeps the thread in memory instead of calling Slack: it records every call
 * and tracks each message by ts (posts, edits, streams, deletes), so it knows exactly what the
 * thread would hold afterwards. Used by the offline render tool.
 */
import type { KnownBlock } from '@slack/types';
import type { RunMessageMetadata } from '../../src/agent/sinks/run-message-metadata.js';
import { SlackCallError } from '../../src/slack-api/slack-call-error.js';
import { SLACK_METHOD, type SlackThreadMessage, type SlackWriter, type StreamChunk } from '../../src/agent/sinks/slack-writer.js';

export interface RecordedCall {
  method: string;
  args: Record<string, unknown>;
}

interface StoredMessage {
  ts: string;
  channel: string;
  threadTs: string;
  text: string;
  blocks: KnownBlock[];
  metadata?: RunMessageMetadata;
  streaming: boolean;
}

export interface RecordingSlackWriter extends SlackWriter {
  readonly calls: RecordedCall[];
  /** Messages of a thread in order (root excluded), as they stand now. */
  threadMessages(channel: string, threadTs: string): Array<{ text: string; blocks: KnownBlock[] }>;
}

export function createRecordingSlackWriter(): RecordingSlackWriter {
  const calls: RecordedCall[] = [];
  const messages = new Map<string, StoredMessage>();
  let seq = 0;
  const nextTs = (): string => {
    seq += 1;
    return `1700000000.${String(seq).padStart(6, '0')}`;
  };
  const find = (method: string, channel: string, ts: string): StoredMessage => {
    const m = messages.get(`${channel}/${ts}`);
    if (!m) throw new SlackCallError({ method, code: 'message_not_found', outcome: 'failed' });
    return m;
  };
  const markdownOf = (chunks: StreamChunk[]): string =>
    chunks.map((c) => (c.type === 'markdown_text' && typeof c.text === 'string' ? c.text : '')).join('');

  return {
    calls,
    async postMessage(args) {
      calls.push({ method: SLACK_METHOD.postMessage, args: { ...args } });
      const ts = nextTs();
      messages.set(`${args.channel}/${ts}`, {
        ts,
        channel: args.channel,
        threadTs: args.threadTs,
        text: args.text,
        blocks: args.blocks,
        ...(args.metadata ? { metadata: args.metadata } : {}),
        streaming: false,
      });
      return { ts };
    },
    async update(args) {
      calls.push({ method: SLACK_METHOD.update, args: { ...args } });
      const m = find(SLACK_METHOD.update, args.channel, args.ts);
      if (m.streaming) throw new SlackCallError({ method: SLACK_METHOD.update, code: 'streaming_state_conflict', outcome: 'failed' });
      m.text = args.text;
      m.blocks = args.blocks;
      if (args.metadata) m.metadata = args.metadata;
    },
    async delete(args) {
      calls.push({ method: SLACK_METHOD.delete, args: { ...args } });
      find(SLACK_METHOD.delete, args.channel, args.ts);
      messages.delete(`${args.channel}/${args.ts}`);
    },
    async startStream(args) {
      calls.push({ method: SLACK_METHOD.startStream, args: { ...args } });
      const ts = nextTs();
      messages.set(`${args.channel}/${ts}`, {
        ts,
        channel: args.channel,
        threadTs: args.threadTs,
        text: markdownOf(args.chunks),
        blocks: [],
        streaming: true,
      });
      return { ts };
    },
    async appendStream(args) {
      calls.push({ method: SLACK_METHOD.appendStream, args: { ...args } });
      const m = find(SLACK_METHOD.appendStream, args.channel, args.ts);
      if (!m.streaming)
        throw new SlackCallError({ method: SLACK_METHOD.appendStream, code: 'message_not_in_streaming_state', outcome: 'failed' });
      m.text += markdownOf(args.chunks);
    },
    async stopStream(args) {
      calls.push({ method: SLACK_METHOD.stopStream, args: { ...args } });
      const m = find(SLACK_METHOD.stopStream, args.channel, args.ts);
      if (!m.streaming)
        throw new SlackCallError({ method: SLACK_METHOD.stopStream, code: 'message_not_in_streaming_state', outcome: 'failed' });
      m.streaming = false;
      if (args.chunks) m.text += markdownOf(args.chunks);
      if (args.metadata) m.metadata = args.metadata;
    },
    async replies(args) {
      calls.push({ method: SLACK_METHOD.replies, args: { ...args } });
      const all = [...messages.values()]
        .filter((m) => m.channel === args.channel && m.threadTs === args.threadTs)
        .sort((a, b) => Number(a.ts) - Number(b.ts))
        .map(
          (m): SlackThreadMessage => ({
            ts: m.ts,
            text: m.text,
            blocks: m.blocks,
            botId: 'B_RECORDER',
            ...(m.metadata ? { metadata: m.metadata as unknown as SlackThreadMessage['metadata'] & object } : {}),
          }),
        );
      // One page holds the whole recorded thread (from oldestTs on).
      return { messages: args.oldestTs ? all.filter((m) => Number(m.ts) >= Number(args.oldestTs)) : all };
    },
    async setStatus(args) {
      calls.push({ method: SLACK_METHOD.setStatus, args: { ...args } });
    },
    async setSessionStatus(args) {
      calls.push({ method: SLACK_METHOD.setSessionStatus, args: { ...args } });
    },
    async getUploadUrl(args) {
      calls.push({ method: SLACK_METHOD.getUploadUrl, args: { ...args } });
      const fileId = `F${String(calls.length).padStart(6, '0')}`;
      return { uploadUrl: `recording://upload/${fileId}`, fileId };
    },
    async uploadBytes(args) {
      calls.push({ method: 'files.upload_url', args: { filename: args.filename, length: args.content.length } });
    },
    async completeUpload(args) {
      calls.push({ method: SLACK_METHOD.completeUpload, args: { ...args } });
    },
    threadMessages(channel, threadTs) {
      return [...messages.values()]
        .filter((m) => m.channel === channel && m.threadTs === threadTs)
        .sort((a, b) => Number(a.ts) - Number(b.ts))
        .map((m) => ({ text: m.text, blocks: m.blocks }));
    },
  };
}
