import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { discardBody } from '../event-stream/discard-body.js';
import { BodyTooLargeError } from './body-too-large-error.js';

/**
 * A response body as text, read only up to `maxBytes`: a Content-Length over it is refused before
 * reading, and a body without one (or lying) is counted while it arrives and dropped, with its
 * connection, the moment it passes the cap. Never more than the cap is held.
 */
export async function readCappedText(body: Readable, headers: IncomingHttpHeaders, maxBytes: number): Promise<string> {
  const declared = Number(headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    discardBody(body);
    throw new BodyTooLargeError(maxBytes, declared);
  }
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of body as AsyncIterable<Buffer | string>) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    total += bytes.length;
    if (total > maxBytes) {
      discardBody(body);
      throw new BodyTooLargeError(maxBytes, total);
    }
    chunks.push(bytes);
  }
  // TextDecoder drops a leading BOM, as undici's body.text() did.
  return new TextDecoder().decode(Buffer.concat(chunks, total));
}
