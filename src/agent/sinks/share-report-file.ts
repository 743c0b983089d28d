/**
 * Shares a long report as a Markdown file in the run's thread, at most once per run whatever
 * crashes in between: the file id is recorded once its bytes are uploaded, before completing,
 * and a resumed run completes that recorded file (Slack finishes an upload once, so completing
 * it again shares nothing twice) instead of uploading another. Returns false when the upload
 * failed for good, so the caller falls back to posting the answer as messages.
 * @see https://docs.slack.dev/messaging/working-with-files#uploading_files
 */
import type { Logger } from '../../observability/logger.js';
import { isSlackCallError } from '../../slack-api/slack-call-error.js';
import type { RunRecord } from '../../store/records.js';
import type { ThreadTarget, ThreadWriteDeps } from './post-or-adopt.js';
import type { ReportFile } from './run-renderer.js';
import { SLACK_METHOD, type SlackMethod } from './slack-writer.js';

export type ReportFileState = NonNullable<RunRecord['reportFile']>;

export interface ShareReportFileDeps extends ThreadWriteDeps {
  logger: Logger;
  /** Persists the file's state in the run record (its one owner). */
  saveReportFile(state: ReportFileState): Promise<void>;
}

/** Attempts before a failure that may pass (network, 5xx) counts as for good. */
const MAX_ATTEMPTS = 3;

export async function shareReportFile(
  target: ThreadTarget,
  file: ReportFile,
  recorded: ReportFileState | undefined,
  deps: ShareReportFileDeps,
  since: number,
): Promise<boolean> {
  if (recorded?.state === 'shared') return true;
  if (recorded?.state === 'failed') return false;
  const slot = (method: SlackMethod) => ({
    runId: target.runId,
    teamId: target.teamId,
    channelId: target.channelId,
    method,
    since,
    final: true,
  });
  let fileId = recorded?.state === 'uploaded' ? recorded.fileId : undefined;
  let lastError: unknown;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    try {
      if (fileId === undefined) {
        const length = Buffer.byteLength(file.markdown, 'utf8');
        const reserved = await deps.scheduler.schedule(slot(SLACK_METHOD.getUploadUrl), () =>
          deps.slack.getUploadUrl({ filename: file.filename, length }),
        );
        await deps.slack.uploadBytes({ uploadUrl: reserved.uploadUrl, filename: file.filename, content: file.markdown });
        await deps.saveReportFile({ state: 'uploaded', fileId: reserved.fileId });
        fileId = reserved.fileId;
      }
      const id = fileId;
      await deps.scheduler.schedule(slot(SLACK_METHOD.completeUpload), () =>
        deps.slack.completeUpload({ fileId: id, title: file.title, channel: target.channelId, threadTs: target.threadTs }),
      );
      await deps.saveReportFile({ state: 'shared', fileId: id });
      return true;
    } catch (error) {
      if (!isSlackCallError(error)) throw error;
      lastError = error;
      // The recorded upload is gone (never finished, or expired): start over with a new one.
      if (error.code === 'file_not_found') {
        fileId = undefined;
        continue;
      }
      if (error.outcome === 'failed' && !error.retryable) break;
    }
  }
  deps.logger.warn('could not share the report as a file; posting it as messages instead', { error: lastError, filename: file.filename });
  await deps.saveReportFile({ state: 'failed' });
  return false;
}
