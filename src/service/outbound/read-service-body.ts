import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { ServiceError } from '../errors/service-error.js';
import { BodyTooLargeError } from './body-too-large-error.js';
import { readCappedText } from './read-capped-text.js';

/**
 * A service answer's body as text, under the size cap. One too large is a 'bad_response': final,
 * since asking again would only bring the same flood.
 */
export async function readServiceBody(
  res: { statusCode: number; headers: IncomingHttpHeaders; body: Readable },
  spec: { method: string; path: string },
  maxBytes: number,
): Promise<string> {
  try {
    return await readCappedText(res.body, res.headers, maxBytes);
  } catch (error) {
    if (!(error instanceof BodyTooLargeError)) throw error;
    throw new ServiceError('bad_response', `unexpected response: ${error.message}`, {
      method: spec.method,
      path: spec.path,
      status: res.statusCode,
      cause: error,
    });
  }
}
