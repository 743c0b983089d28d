/**
 * The bytes of the uploaded file in a POST (or PUT) to an upload URL. @slack/web-api sends
 * multipart/form-data (one file part); other clients send the raw bytes.
 */
export function uploadedFileBytes(contentType: string | undefined, body: Buffer): Buffer {
  const boundary = /multipart\/form-data;.*boundary="?([^";]+)"?/i.exec(contentType ?? '')?.[1];
  if (boundary === undefined) return body;
  const delimiter = Buffer.from(`--${boundary}`);
  const start = body.indexOf(delimiter);
  if (start < 0) return body;
  const headersEnd = body.indexOf('\r\n\r\n', start);
  const next = body.indexOf(Buffer.from(`\r\n--${boundary}`), headersEnd);
  if (headersEnd < 0 || next < 0) return body;
  return body.subarray(headersEnd + 4, next);
}

/** Size in bytes of the uploaded file (see uploadedFileBytes). */
export function uploadedFileSize(contentType: string | undefined, body: Buffer): number {
  return uploadedFileBytes(contentType, body).length;
}
