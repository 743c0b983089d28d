import type { FormData } from 'undici';
import { toJsonText } from '../parse-json-text.js';

/** A request's body as the spec gives it: a JSON value, or multipart form data (a file upload). */
export interface BodySource {
  body?: unknown;
  multipart?: FormData;
}

export interface EncodedBody {
  /** The content type to send; none for no body, and none for a form: undici writes it with its boundary. */
  contentType?: string;
  body?: string | FormData;
}

export function encodeBody(spec: BodySource): EncodedBody {
  if (spec.multipart !== undefined) {
    // One body per request: a spec with both would send one of them silently.
    if (spec.body !== undefined) throw new TypeError('a request has either a JSON body or a multipart form, not both');
    return { body: spec.multipart };
  }
  if (spec.body === undefined) return {};
  return { contentType: 'application/json', body: toJsonText(spec.body) };
}
