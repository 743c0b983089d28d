/**
 * Rebuilds what the store knew about a thread's runs from Slack alone: every reply the relay
 * writes carries the run id, conversation id, assistant message id and the offset it shows in its
 * metadata. With the store lost, this is enough to resume a run (from offset + 1) or replay it.
 */
import type { RunStatus } from '../store/records.js';
import { readRunMetadata } from './run-message-metadata.js';
import type { SlackWriter } from './slack-writer.js';

export interface RecoveredRun {
  runId: string;
  channelId: string;
  threadTs: string;
  conversationId: number;
  assistantMessageId: string;
  lastOffset: number;
  /** The run's messages by part order (part 1 first). */
  replyTs: string[];
  /** From the reply's metadata: 'running' means the relay died before the run's end. */
  status: RunStatus | 'unknown';
}

const STATUS: Record<string, RunStatus> = {
  running: 'running',
  completed: 'completed',
  cancelled: 'cancelled',
  failed: 'failed',
};

export async function recoverRunFromSlack(
  slack: Pick<SlackWriter, 'replies'>,
  channelId: string,
  threadTs: string,
): Promise<RecoveredRun[]> {
  const messages = await slack.replies({ channel: channelId, threadTs });
  const runs = new Map<string, RecoveredRun & { parts: Array<{ part: number; ts: string }> }>();
  for (const m of messages) {
    const p = readRunMetadata(m);
    if (!p) continue;
    const run = runs.get(p.run_id) ?? {
      runId: p.run_id,
      channelId,
      threadTs,
      conversationId: 0,
      assistantMessageId: '',
      lastOffset: -1,
      replyTs: [],
      status: 'unknown' as const,
      parts: [],
    };
    run.parts.push({ part: p.part, ts: m.ts });
    if (p.part === 1) {
      run.conversationId = p.conversation_id;
      run.assistantMessageId = p.assistant_message_id;
      run.lastOffset = p.offset;
      run.status = (p.status ? STATUS[p.status] : undefined) ?? 'unknown';
    }
    runs.set(p.run_id, run);
  }
  return [...runs.values()].map(({ parts, ...run }) => ({
    ...run,
    replyTs: parts.sort((a, b) => a.part - b.part).map((x) => x.ts),
  }));
}
