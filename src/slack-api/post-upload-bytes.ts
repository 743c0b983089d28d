/**
 * Sends a file's text (UTF-8) or bytes (an XLSX, a chart's PNG) to the upload URL files.getUploadURLExternal gave, as a multipart form
 * with the file under `file` (what @slack/web-api's filesUploadV2 sends). The URL is signed: it
 * never appears in an error or a log line.
 * @see https://docs.slack.dev/reference/methods/files.getUploadURLExternal
 */
import { SlackCallError, toSlackCallError } from './slack-call-error.js';

/** The name the failure carries (the upload URL is not a Web API method). */
export const UPLOAD_BYTES_METHOD = 'files.upload_url';

export async function postUploadBytes(
  uploadUrl: string,
  filename: string,
  content: string | Uint8Array,
  send: typeof fetch = fetch,
  contentType = typeof content === 'string' ? 'text/plain;charset=utf-8' : 'application/octet-stream',
): Promise<void> {
  const form = new FormData();
  form.append('file', new Blob([content as BlobPart], { type: contentType }), filename);
  let status: number;
  try {
    const res = await send(uploadUrl, { method: 'POST', body: form });
    status = res.status;
    // Read to the end, which frees the connection: an answer cut off midway fails like any network failure.
    await res.arrayBuffer();
  } catch (error) {
    // Sending the same bytes again only replaces them: a network failure is safe to retry.
    const failure = toSlackCallError(UPLOAD_BYTES_METHOD, error);
    throw new SlackCallError({ method: UPLOAD_BYTES_METHOD, code: failure.code, outcome: 'failed', retryable: true });
  }
  if (status < 200 || status >= 300) {
    throw new SlackCallError({
      method: UPLOAD_BYTES_METHOD,
      code: `http_${status}`,
      outcome: 'failed',
      statusCode: status,
      retryable: status >= 500 || status === 429,
    });
  }
}
