/**
 * Uploads a chart's PNG into a channel (or thread) with Slack's external upload flow:
 * files.getUploadURLExternal (with alt text), the bytes, files.completeUploadExternal. A person is
 * waiting, so rate limits are waited out under the `interactive` policy; the share message counts
 * against the channel's post budget like any other post.
 * @see https://docs.slack.dev/messaging/working-with-files#uploading_files
 */
import type { WebClient } from '@slack/web-api';
import { postUploadBytes } from '../../../slack-api/post-upload-bytes.js';
import { type Sleep, withRateLimitWait } from '../../../slack-api/rate-limit-wait.js';
import { SlackCallError } from '../../../slack-api/slack-call-error.js';
import { SLACK_METHOD } from '../../../slack-api/slack-method.js';
import type { ChannelPostPacer } from '../pacing/channel-post-pacer.js';

export interface PngUpload {
  filename: string;
  title: string;
  altText: string;
  png: Uint8Array<ArrayBuffer>;
}

export interface UploadTarget {
  client: WebClient;
  channel: string;
  threadTs?: string;
  pacer?: ChannelPostPacer;
  sleep?: Sleep;
  uploadFetch?: typeof fetch;
}

export async function uploadChartPng(target: UploadTarget, file: PngUpload): Promise<void> {
  const wait = (method: string) => ({ method, policy: 'interactive' as const, ...(target.sleep ? { sleep: target.sleep } : {}) });
  const reserved = await withRateLimitWait(
    () => target.client.files.getUploadURLExternal({ filename: file.filename, length: file.png.byteLength, alt_text: file.altText }),
    wait(SLACK_METHOD.getUploadUrl),
  );
  const { upload_url: uploadUrl, file_id: fileId } = reserved;
  if (typeof uploadUrl !== 'string' || typeof fileId !== 'string') {
    throw new SlackCallError({ method: SLACK_METHOD.getUploadUrl, code: 'missing_upload_url', outcome: 'failed', retryable: true });
  }
  await postUploadBytes(uploadUrl, file.filename, file.png, target.uploadFetch ?? fetch, 'image/png');
  await withRateLimitWait(
    async () => {
      await target.pacer?.beforePost();
      return target.client.files.completeUploadExternal({
        files: [{ id: fileId, title: file.title }],
        channel_id: target.channel,
        ...(target.threadTs ? { thread_ts: target.threadTs } : {}),
      });
    },
    { ...wait(SLACK_METHOD.completeUpload), onRateLimited: (e) => target.pacer?.rateLimited(e.retryAfterMs ?? 1_000) },
  );
}
