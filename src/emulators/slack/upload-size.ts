/**
 * Bytes of the uploaded file in a POST to an upload URL. @slack/web-api sends multipart/form-data
 * (one file part); other clients send the raw bytes.
 */
export function uploadedFileSize(contentType: string | undefined, body: Buffer): number {
  const boundary = /multipart\/form-data;.*boundary="?([^";]+)"?/i.exec(contentType ?? '')?.[1];
  if (boundary === undefined) return body.length;
  const delimiter = Buffer.from(`--${boundary}`);
  const start = body.indexOf(delimiter);
  if (start < 0) return body.length;
  const headersEnd = body.indexOf('\r\n\r\n', start);
  const next = body.indexOf(Buffer.from(`\r\n--${boundary}`), headersEnd);
  if (headersEnd < 0 || next < 0) return body.length;
  return next - (headersEnd + 4);
}
