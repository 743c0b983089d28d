/**
 * Reads a multipart/form-data upload with busboy: the `file` part (kept in memory up to the cap)
 * and the text fields. Over the cap the upload is refused with 413 as soon as the limit is
 * crossed; the rest of the request is drained (not kept) so the client can read the answer.
 */
import type { IncomingMessage } from 'node:http';
import busboy from 'busboy';
import { HttpError } from '../http-errors.js';
import { MAX_UPLOAD_BYTES, tooLarge } from './upload-rules.js';

export interface FormUpload {
  /** The `file` part, when one was sent as a file. */
  file?: { filename: string; bytes: Buffer };
  /** Text fields; `file` sent as text appears here, not above. */
  fields: Record<string, string>;
}

/** Room for the form's other fields and the part headers around a file at the cap. */
const FORM_OVERHEAD_BYTES = 1024 * 1024;

const isMultipart = (req: IncomingMessage): boolean => /^multipart\/form-data\b/i.test(req.headers['content-type'] ?? '');

export async function readMultipart(req: IncomingMessage, maxBytes = MAX_UPLOAD_BYTES): Promise<FormUpload> {
  if (!isMultipart(req)) {
    req.resume();
    return { fields: {} };
  }
  const declared = Number(req.headers['content-length'] ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes + FORM_OVERHEAD_BYTES) {
    req.resume();
    throw tooLarge();
  }
  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers: req.headers, limits: { fileSize: maxBytes, files: 5, fields: 50 } });
  } catch {
    req.resume();
    throw new HttpError(400, 'There was an error parsing the body');
  }
  return new Promise<FormUpload>((resolve, reject) => {
    const out: FormUpload = { fields: {} };
    let failed = false;
    const fail = (error: HttpError): void => {
      if (failed) return;
      failed = true;
      req.unpipe(parser);
      req.resume();
      reject(error);
    };
    parser.on('field', (name, value) => {
      out.fields[name] ??= value;
    });
    parser.on('file', (name, stream, info) => {
      if (name !== 'file' || out.file) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => fail(tooLarge()));
      stream.on('end', () => {
        if (!failed) out.file = { filename: info.filename ?? '', bytes: Buffer.concat(chunks) };
      });
    });
    parser.on('error', () => fail(new HttpError(400, 'There was an error parsing the body')));
    parser.on('close', () => {
      if (!failed) resolve(out);
    });
    req.on('aborted', () => fail(new HttpError(400, 'The upload was interrupted')));
    req.pipe(parser);
  });
}
