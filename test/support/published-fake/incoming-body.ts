/** A request's body as the fake reads it: JSON, or a multipart form (parsed with busboy). */
import type { IncomingMessage } from 'node:http';
import { isMultipart, parseMultipart, type ParsedForm } from './multipart-form.js';

export interface IncomingBody {
  /** The body as sent, as text (a form's file bytes included, decoded as UTF-8). */
  text: string;
  /** The parsed JSON body; undefined when there was none, or it was a form. */
  body?: unknown;
  bodyError?: string;
  form?: ParsedForm;
  formError?: string;
}

export async function readIncomingBody(req: IncomingMessage): Promise<IncomingBody> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  const text = bytes.toString('utf8');
  const contentType = req.headers['content-type'];
  if (isMultipart(contentType)) {
    const parsed = await parseMultipart(contentType ?? '', bytes);
    return 'form' in parsed ? { text, form: parsed.form } : { text, formError: parsed.error };
  }
  if (text.trim() === '') return { text };
  try {
    return { text, body: JSON.parse(text) };
  } catch {
    return { text, bodyError: 'JSON decode error' };
  }
}
