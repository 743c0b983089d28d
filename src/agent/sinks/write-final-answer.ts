/**
 * The authoritative final render: whatever path streamed, the thread ends up holding exactly the
 * final answer rendered from the full event log. Part 1 replaces the run's reply; further parts
 * are adopted (found by metadata) or posted as thread replies; stream segments and stale parts
 * are deleted. Every step is idempotent, so a crash anywhere inside is repaired by running it again.
 */
import type { Logger } from '../../observability/logger.js';
import { buildRunMetadata, findRunMessages, readRunMetadata, type RunMessagePayload } from './run-message-metadata.js';
import type { SlackMessage } from '../../slack-api/slack-message.js';
import { isSlackCallError } from '../../slack-api/slack-call-error.js';
import { SLACK_METHOD, type SlackThreadMessage } from './slack-writer.js';
import { postOrAdopt, readThread, type ThreadTarget, type ThreadWriteDeps } from './post-or-adopt.js';

export interface FinalAnswerTarget extends ThreadTarget {
  /** The run's reply (part 1). */
  replyTs: string;
  /** Other messages the run created (stream segments, earlier parts), to reuse or delete. */
  otherTs: string[];
  /** A stream segment may be open (it is stopped before anything is edited). */
  openStreamTs?: string;
  /**
   * Read the thread first: only after a restart that found a post whose ts was never recorded
   * (`RunRecord.postPending`). Everything else the run wrote is in `replyTs`/`otherTs`.
   */
  lookInThread: boolean;
}

export interface FinalAnswerDeps extends ThreadWriteDeps {
  logger: Logger;
  /** Persists the run's message list as it changes (so a crash mid-way is repaired next time); clears the claim. */
  saveMessages(replyTs: string[]): Promise<void>;
  /** Claims a post before it is made (saved before the call), so a restart knows its outcome is unknown. */
  claimPost(): Promise<void>;
}

/** Slack errors meaning the message is already gone or no longer streaming: nothing to undo. */
const ALREADY_DONE = new Set(['message_not_found', 'message_not_in_streaming_state', 'cant_delete_message', 'channel_not_found']);

export async function writeFinalAnswer(
  target: FinalAnswerTarget,
  parts: SlackMessage[],
  payload: Omit<RunMessagePayload, 'part'>,
  deps: FinalAnswerDeps,
  since: number,
): Promise<string[]> {
  const slot = (method: (typeof SLACK_METHOD)[keyof typeof SLACK_METHOD]) => ({
    runId: target.runId,
    teamId: target.teamId,
    channelId: target.channelId,
    method,
    since,
    final: true,
  });
  const tolerate = async (_what: string, run: () => Promise<void>): Promise<void> => {
    try {
      await run();
    } catch (error) {
      if (isSlackCallError(error) && ALREADY_DONE.has(error.code)) return;
      throw error;
    }
  };

  // 1. A stream still open would make edits fail with streaming_state_conflict.
  if (target.openStreamTs) {
    const ts = target.openStreamTs;
    await tolerate('stop stream', () =>
      deps.scheduler.schedule(slot(SLACK_METHOD.stopStream), () => deps.slack.stopStream({ channel: target.channelId, ts })),
    );
  }

  // 2. What the thread already holds for this run (only read when it can matter).
  // Only after a restart that found a claimed post with no ts: otherwise the store knows every
  // message the run wrote (each claimed before and saved after its post; an unknown outcome in this
  // process is looked up by postOrAdopt itself), so the thread is not read. Further parts are then
  // posted anew and the messages of earlier renders deleted (5.).
  const mustLook = target.lookInThread;
  const thread = mustLook ? await readThread({ ...target, oldestTs: target.replyTs }, deps, since) : [];
  const existing = findRunMessages(thread, target.runId);

  // A message a previous attempt already wrote with this exact content needs no second call.
  const upToDate = (message: SlackThreadMessage | undefined, part: SlackMessage, n: number): boolean => {
    if (!message) return false;
    const meta = readRunMetadata(message);
    return (
      message.text === part.text &&
      JSON.stringify(message.blocks ?? []) === JSON.stringify(part.blocks) &&
      meta?.part === n &&
      meta.offset === payload.offset &&
      meta.status === payload.status
    );
  };

  // 3. Part 1 replaces the reply.
  const first = parts[0] ?? { text: ' ', blocks: [] };
  const currentFirst = thread.find((m) => m.ts === target.replyTs);
  if (!upToDate(currentFirst, first, 1)) {
    await deps.scheduler.schedule(slot(SLACK_METHOD.update), () =>
      deps.slack.update({
        channel: target.channelId,
        ts: target.replyTs,
        text: first.text,
        blocks: first.blocks,
        metadata: buildRunMetadata({ ...payload, part: 1 }),
      }),
    );
  }

  // 4. Further parts: reuse the message already there, else post (adopting on unknown outcomes).
  const kept: string[] = [target.replyTs];
  const known = new Set([...target.otherTs]);
  for (const [i, part] of parts.entries()) {
    if (i === 0) continue;
    const metadata = buildRunMetadata({ ...payload, part: i + 1 });
    const found = existing.get(i + 1)?.ts;
    let ts: string;
    if (found) {
      ts = found;
      if (!upToDate(existing.get(i + 1), part, i + 1)) {
        await deps.scheduler.schedule(slot(SLACK_METHOD.update), () =>
          deps.slack.update({ channel: target.channelId, ts, text: part.text, blocks: part.blocks, metadata }),
        );
      }
    } else {
      await deps.claimPost();
      ({ ts } = await postOrAdopt({ ...target, oldestTs: target.replyTs }, part, metadata, deps, { lookFirst: false, since }));
    }
    kept.push(ts);
    known.add(ts);
    await deps.saveMessages([...kept, ...[...known].filter((t) => !kept.includes(t))]);
  }

  // 5. Everything else the run wrote (stream segments, parts of an older render) goes.
  const leftovers = new Set<string>([...target.otherTs]);
  for (const m of thread) {
    const meta = readRunMetadata(m);
    if (meta?.run_id === target.runId) leftovers.add(m.ts);
  }
  for (const ts of kept) leftovers.delete(ts);
  for (const ts of leftovers) {
    await tolerate('delete leftover', () =>
      deps.scheduler.schedule(slot(SLACK_METHOD.delete), () => deps.slack.delete({ channel: target.channelId, ts })),
    );
  }
  await deps.saveMessages(kept);
  return kept;
}
