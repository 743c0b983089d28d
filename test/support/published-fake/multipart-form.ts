/**
 * A multipart/form-data request body, parsed with busboy (as the service's FastAPI parses it with
 * python-multipart): its text fields and its file parts, each kept whole in memory (the fake's
 * uploads are small). A body busboy cannot read is reported, not thrown.
 */
import busboy from 'busboy';

export interface FormFile {
  filename: string;
  mimeType: string;
  bytes: Buffer;
}

export interface ParsedForm {
  /** Text parts by name; a repeated name keeps every value, in order. */
  fields: Record<string, string[]>;
  /** File parts (a part with a filename) by name. */
  files: Record<string, FormFile[]>;
}

export const isMultipart = (contentType: string | undefined): boolean => /^multipart\/form-data\b/i.test(contentType ?? '');

export function parseMultipart(contentType: string, body: Buffer): Promise<{ form: ParsedForm } | { error: string }> {
  return new Promise((resolve) => {
    const form: ParsedForm = { fields: {}, files: {} };
    let bb: busboy.Busboy;
    try {
      bb = busboy({ headers: { 'content-type': contentType }, defParamCharset: 'utf8' });
    } catch (error) {
      resolve({ error: error instanceof Error ? error.message : String(error) });
      return;
    }
    let pendingFiles = 0;
    let ended = false;
    const finish = () => {
      if (ended && pendingFiles === 0) resolve({ form });
    };
    bb.on('field', (name, value) => {
      form.fields[name] = [...(form.fields[name] ?? []), value];
    });
    bb.on('file', (name, stream, info) => {
      pendingFiles += 1;
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const file = { filename: info.filename ?? '', mimeType: info.mimeType, bytes: Buffer.concat(chunks) };
        form.files[name] = [...(form.files[name] ?? []), file];
        pendingFiles -= 1;
        finish();
      });
    });
    bb.on('error', (error: unknown) => resolve({ error: error instanceof Error ? error.message : String(error) }));
    bb.on('close', () => {
      ended = true;
      finish();
    });
    bb.end(body);
  });
}
