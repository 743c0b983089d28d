/**
 * The playground's file routes (PLAYGROUND-API.md): a person shares a message with a file that
 * has bytes — JSON with the bytes in base64 (or as text), or a multipart/form-data upload read
 * with busboy — and deletes a file.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import busboy from 'busboy';
import { EmulatorUsageError } from './errors.js';
import type { FileToShare, ShareFileRequest } from './file-share.js';
import { BodyTooLargeError, readBody, sendJson } from './http-io.js';
import type { SlackEmulator } from './slack-emulator.js';
import { parseJsonArg } from './validation/parse-json-arg.js';
import { isRecord } from './validation/validation-issue.js';

/** A share's body may hold a big file (base64 is 4/3 of it): above this the answer is 413. */
export const FILE_BODY_LIMIT = 100 * 1024 * 1024;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

interface Fields {
  text?: string;
  channel_id?: string;
  thread_ts?: string;
  user_id?: string;
}

function fieldsOf(record: Record<string, unknown>): Fields {
  const out: Fields = {};
  for (const key of ['text', 'channel_id', 'thread_ts', 'user_id'] as const) {
    const v = record[key];
    if (typeof v === 'string' && v !== '') out[key] = v;
  }
  return out;
}

function fileOfJson(value: unknown): FileToShare {
  if (!isRecord(value)) throw new EmulatorUsageError('invalid_arguments', 'missing file: {name, mimetype?, content_base64 | content}');
  const name = typeof value.name === 'string' ? value.name.trim() : '';
  if (name === '') throw new EmulatorUsageError('invalid_arguments', 'missing file.name');
  let bytes: Buffer;
  if (typeof value.content_base64 === 'string') {
    const compact = value.content_base64.replace(/\s+/g, '');
    if (!BASE64.test(compact)) throw new EmulatorUsageError('invalid_arguments', 'file.content_base64 is not base64');
    bytes = Buffer.from(compact, 'base64');
  } else if (typeof value.content === 'string') {
    bytes = Buffer.from(value.content, 'utf8');
  } else {
    throw new EmulatorUsageError('invalid_arguments', 'missing file.content_base64 (or file.content, as text)');
  }
  return {
    name,
    bytes,
    ...(typeof value.mimetype === 'string' && value.mimetype !== '' ? { mimetype: value.mimetype } : {}),
    ...(typeof value.title === 'string' && value.title !== '' ? { title: value.title } : {}),
  };
}

async function jsonShare(req: IncomingMessage): Promise<ShareFileRequest> {
  const parsed = parseJsonArg((await readBody(req, FILE_BODY_LIMIT)).toString('utf8'));
  if (!parsed.ok || !isRecord(parsed.value)) throw new EmulatorUsageError('invalid_json', 'body must be a JSON object');
  return { text: '', ...fieldsOf(parsed.value), file: fileOfJson(parsed.value.file) };
}

/** One `file` part and the text fields, read with busboy (the file kept in memory up to the limit). */
function multipartShare(req: IncomingMessage): Promise<ShareFileRequest> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { fileSize: FILE_BODY_LIMIT, files: 1, fields: 20 } });
    } catch (err) {
      reject(new EmulatorUsageError('invalid_arguments', `not a multipart body: ${err instanceof Error ? err.message : String(err)}`));
      return;
    }
    const record: Record<string, unknown> = {};
    let file: FileToShare | undefined;
    let failure: Error | undefined;
    parser.on('field', (name, value) => {
      record[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => {
        failure = new BodyTooLargeError(FILE_BODY_LIMIT);
      });
      stream.on('close', () => {
        if (name !== 'file') return;
        file = {
          name: info.filename ?? '',
          bytes: Buffer.concat(chunks),
          ...(info.mimeType && info.mimeType !== 'application/octet-stream' ? { mimetype: info.mimeType } : {}),
        };
      });
    });
    parser.on('error', (err: unknown) =>
      reject(new EmulatorUsageError('invalid_arguments', `unreadable multipart body: ${err instanceof Error ? err.message : String(err)}`)),
    );
    parser.on('close', () => {
      if (failure !== undefined) return reject(failure);
      if (file === undefined || file.name.trim() === '')
        return reject(new EmulatorUsageError('invalid_arguments', 'missing the file part "file"'));
      resolve({
        text: '',
        ...fieldsOf(record),
        file: { ...file, ...(typeof record.title === 'string' && record.title !== '' ? { title: record.title } : {}) },
      });
    });
    req.pipe(parser);
  });
}

/** Answers `POST /api/files` and `POST /api/files/{id}/delete`; false for any other route. */
export async function handleFileRoutes(req: IncomingMessage, res: ServerResponse, path: string, emu: SlackEmulator): Promise<boolean> {
  if (req.method !== 'POST') return false;
  if (path === 'files') {
    const multipart = /^multipart\/form-data/i.test(req.headers['content-type'] ?? '');
    const share = multipart ? await multipartShare(req) : await jsonShare(req);
    const { ts, fileId, deliveries } = await emu.shareFile(share);
    sendJson(res, 200, { ok: true, ts, file_id: fileId, deliveries });
    return true;
  }
  const deleteMatch = /^files\/([A-Za-z0-9]+)\/delete$/.exec(path);
  if (deleteMatch === null) return false;
  await readBody(req, 1024 * 1024);
  const { delivery } = await emu.deleteFile(deleteMatch[1] ?? '');
  sendJson(res, 200, { ok: true, delivery: delivery ?? null });
  return true;
}
