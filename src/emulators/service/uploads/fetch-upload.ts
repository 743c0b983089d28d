/**
 * Fetches a document given by URL (the by-URL upload routes) with undici, under the same cap as
 * a form upload: a declared or streamed size over it is refused with 413 and the download ends.
 */
import { request } from 'undici';
import { HttpError } from '../http-errors.js';
import { MAX_UPLOAD_BYTES, tooLarge } from './upload-rules.js';

export interface FetchedFile {
  /** The file name the URL ends with ('' when none). */
  filename: string;
  bytes: Buffer;
}

function nameInUrl(url: URL): string {
  const last = url.pathname.split('/').pop() ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

export async function fetchUpload(rawUrl: string, maxBytes = MAX_UPLOAD_BYTES): Promise<FetchedFile> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new HttpError(400, `Could not fetch the document: ${JSON.stringify(rawUrl)} is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new HttpError(400, `Could not fetch the document: only http(s) URLs are read`);
  let res: Awaited<ReturnType<typeof request>>;
  try {
    res = await request(url, { method: 'GET', headersTimeout: 30_000, bodyTimeout: 30_000 });
  } catch (error) {
    throw new HttpError(
      400,
      `Could not fetch the document at ${url.origin}${url.pathname}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (res.statusCode >= 400) {
    await res.body.dump();
    throw new HttpError(400, `Could not fetch the document at ${url.origin}${url.pathname}: it answered ${res.statusCode}`);
  }
  const declared = Number(res.headers['content-length'] ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    res.body.destroy();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res.body) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      res.body.destroy();
      throw tooLarge();
    }
    chunks.push(chunk as Buffer);
  }
  return { filename: nameInUrl(url), bytes: Buffer.concat(chunks) };
}
