/** Test helpers for the upload routes: a multipart form upload and following a document's status, over real HTTP. */
import type { ServiceEmulator } from '../../../src/emulators/service/index.js';
import type { JsonResponse } from './emulator-http.js';

export interface FormFields {
  folder_id?: string;
  name?: string;
  tags?: string;
  metadatas?: string;
  published_at?: string;
}

/** POST /v1/docs/upload/form with `file` (unless `bytes` is undefined) and the fields given. */
export async function uploadForm(
  em: ServiceEmulator,
  filename: string,
  bytes: Uint8Array | undefined,
  fields: FormFields = {},
): Promise<JsonResponse> {
  const form = new FormData();
  if (bytes !== undefined) form.set('file', new Blob([new Uint8Array(bytes)]), filename);
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) form.set(k, v);
  const res = await fetch(`${em.url}/v1/docs/upload/form`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${em.apiKey}` },
    body: form,
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

/** The statuses of `calls` status calls in a row. */
export async function statuses(em: ServiceEmulator, id: string, calls: number): Promise<unknown[]> {
  const out: unknown[] = [];
  for (let i = 0; i < calls; i++) {
    const res = await fetch(`${em.url}/v1/docs/${id}/upload/status`, { headers: { Authorization: `Bearer ${em.apiKey}` } });
    out.push(await res.json());
  }
  return out;
}
