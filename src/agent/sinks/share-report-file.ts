/**
 * Shares a long report as a Markdown file in the run's thread, at most once per run whatever
 * crashes in between: the file id is recorded once its bytes are uploaded, before completing,
 * and a resumed run completes that recorded file (Slack finishes an upload once, so completing
 * it again shares nothing twice) instead of uploading another. Returns false when Slack refused
 * the upload for good (missing scope, uploads disabled), so the caller falls back to posting the
 * answer as messages; a failure that may pass is thrown, and the resumed run tries again.
 * @see https://docs.slack.dev/messaging/working-with-files#uploading_files
 */
import type { Logger } from '../../observability/logger.js';
import { UPLOAD_BYTES_METHOD } from '../../slack-api/post-upload-bytes.js';
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

/** Fresh uploads tried when Slack lost the one in hand (file_not_found, an upload URL refused). */
const MAX_FRESH_UPLOADS = 2;

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
  for (let fresh = 0; fresh < MAX_FRESH_UPLOADS; fresh += 1) {
    try {
      if (fileId === undefined) {
        // The bytes skip the Web API client's redacting fetch: they pass the same redactor here.
        const content = deps.logger.redact(file.markdown);
        const length = Buffer.byteLength(content, 'utf8');
        const reserved = await deps.scheduler.schedule(slot(SLACK_METHOD.getUploadUrl), () =>
          deps.slack.getUploadUrl({ filename: file.filename, length }),
        );
        await deps.slack.uploadBytes({ uploadUrl: reserved.uploadUrl, filename: file.filename, content });
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
      // A failure that may pass (network, 5xx, timeout) goes up: the run is resumed and tries again.
      if (!isSlackCallError(error) || error.retryable || error.outcome === 'unknown') throw error;
      lastError = error;
      // The upload in hand is gone (never finished, or expired): start over with a new one.
      const lost = error.code === 'file_not_found' || error.method === UPLOAD_BYTES_METHOD;
      if (!lost) break;
      fileId = undefined;
    }
  }
  deps.logger.warn('could not share the report as a file; posting it as messages instead', { error: lastError, filename: file.filename });
  await deps.saveReportFile({ state: 'failed' });
  return false;
}
