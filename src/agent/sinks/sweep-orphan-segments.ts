/**
 * Finds and removes native stream segments whose ts the relay never learnt: a crash (or a
 * network error) hit between chat.startStream landing and its ts being saved. Such a segment is
 * a bot message in the run's thread with none of our metadata (startStream cannot carry any),
 * after the run's reply and unknown to the run (a message sharing a file is not one). It is stopped first (an edit or delete of a
 * streaming message fails with streaming_state_conflict), then deleted.
 */
import type { Logger } from '../../observability/logger.js';
import { readThread, type ThreadTarget, type ThreadWriteDeps } from './post-or-adopt.js';
import { readRunMetadata } from './run-message-metadata.js';
import { isSlackRefusal } from '../../slack-api/slack-call-error.js';
import { SLACK_METHOD } from './slack-writer.js';

export async function sweepOrphanSegments(
  target: ThreadTarget & { replyTs: string; knownTs: string[] },
  deps: ThreadWriteDeps & { logger: Logger },
): Promise<string[]> {
  const thread = await readThread({ ...target, oldestTs: target.replyTs }, deps);
  const orphans = thread.filter(
    (m) =>
      m.botId !== undefined &&
      readRunMetadata(m) === undefined &&
      // A shared report file is no stream segment (a stream cannot carry files).
      (m.fileIds ?? []).length === 0 &&
      Number(m.ts) > Number(target.replyTs) &&
      !target.knownTs.includes(m.ts),
  );
  const gone = (e: unknown): void => {
    if (!isSlackRefusal(e)) throw e;
  };
  for (const m of orphans) {
    const slot = (method: (typeof SLACK_METHOD)[keyof typeof SLACK_METHOD]) => ({ ...target, method, since: deps.clock() });
    await deps.scheduler
      .schedule(slot(SLACK_METHOD.stopStream), () => deps.slack.stopStream({ channel: target.channelId, ts: m.ts }))
      .catch(gone);
    await deps.scheduler.schedule(slot(SLACK_METHOD.delete), () => deps.slack.delete({ channel: target.channelId, ts: m.ts })).catch(gone);
    deps.logger.info('removed a stream segment whose start was never recorded', { runId: target.runId, ts: m.ts });
  }
  return orphans.map((m) => m.ts);
}
