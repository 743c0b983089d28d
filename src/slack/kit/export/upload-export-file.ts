/**
 * Uploads an export into a conversation with Slack's external upload flow: reserve the file
 * (files.getUploadURLExternal), send the bytes to the upload URL, then complete and share it
 * (files.completeUploadExternal). Slack takes only conversation ids there (C…, G…, D…), never a
 * user id, so a file for a person goes to the DM id chat.postMessage answers with.
 * @see https://docs.slack.dev/messaging/working-with-files#uploading_files
 */
import type { WebClient } from '@slack/web-api';
import { postUploadBytes } from '../../../slack-api/post-upload-bytes.js';
import { SLACK_METHOD } from '../../../slack-api/slack-method.js';
import { SlackCallError, toSlackCallError } from '../../../slack-api/slack-call-error.js';

export interface ExportFile {
  filename: string;
  title: string;
  content: string | Uint8Array;
}

/**
 * Reserves the file and sends its bytes; nothing is shared yet (an upload refused for good, e.g.
 * without files:write, fails here before anything is posted). Returns the file id to share;
 * `onReserved` hears it before the bytes go, so a process that dies meanwhile leaves it recorded.
 */
export async function stageExportFile(
  client: WebClient,
  file: ExportFile,
  onReserved: (fileId: string) => Promise<void> = async () => {},
): Promise<string> {
  const length = typeof file.content === 'string' ? Buffer.byteLength(file.content, 'utf8') : file.content.byteLength;
  let reserved: { upload_url?: string; file_id?: string };
  try {
    reserved = await client.files.getUploadURLExternal({ filename: file.filename, length });
  } catch (error) {
    throw toSlackCallError(SLACK_METHOD.getUploadUrl, error);
  }
  if (typeof reserved.upload_url !== 'string' || typeof reserved.file_id !== 'string') {
    throw new SlackCallError({ method: SLACK_METHOD.getUploadUrl, code: 'missing_upload_url', outcome: 'failed', retryable: true });
  }
  await onReserved(reserved.file_id);
  await postUploadBytes(reserved.upload_url, file.filename, file.content);
  return reserved.file_id;
}

/** Completes a staged file and shares it in `channel` (a conversation id), in a thread when given. */
export async function shareStagedFile(
  client: WebClient,
  fileId: string,
  title: string,
  target: { channel: string; threadTs?: string; comment?: string },
): Promise<void> {
  try {
    await client.files.completeUploadExternal({
      files: [{ id: fileId, title }],
      channel_id: target.channel,
      ...(target.threadTs ? { thread_ts: target.threadTs } : {}),
      ...(target.comment ? { initial_comment: target.comment } : {}),
    });
  } catch (error) {
    throw toSlackCallError(SLACK_METHOD.completeUpload, error);
  }
}

/** The id of the user's DM with the app: posting to a user id opens it and answers with its channel. */
export async function postToUserDm(client: WebClient, userId: string, text: string): Promise<string> {
  let res: { channel?: string };
  try {
    res = await client.chat.postMessage({ channel: userId, text });
  } catch (error) {
    throw toSlackCallError('chat.postMessage', error);
  }
  if (typeof res.channel !== 'string' || res.channel === '') {
    throw new SlackCallError({ method: 'chat.postMessage', code: 'missing_channel', outcome: 'unknown' });
  }
  return res.channel;
}
