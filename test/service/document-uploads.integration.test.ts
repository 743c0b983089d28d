/**
 * The four document calls of issue 31 against a scripted server over real HTTP: what goes on the
 * wire (multipart upload, JSON delete), which answers are retried (status and raw content are
 * reads; upload and delete are not), and how refusals become errors the app can word (413 too
 * large, 400 with the service's detail, 422 issues). The published fake proves the shapes against
 * the schema (published-schema-documents.integration.test.ts).
 */
import { inspect } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../../src/observability/logger.js';
import { createResearchClient, type ResearchClient } from '../../src/service/research-client.js';
import { fastTestRetryPolicy } from '../../src/service/retry-policy.js';
import { ServiceError } from '../../src/service/errors/service-error.js';
import { uploadTimeoutMs } from '../../src/service/document-uploads.js';
import type { DocumentUpload } from '../../src/service/types.js';
import { sendJson, startCraftedServer, type CraftedServer } from './crafted-server.js';

const API_KEY = 'sk-upload-test-9c1d22e0f7a4';
type Answer = (res: import('node:http').ServerResponse) => void | Promise<void>;
const scripts = new Map<string, Answer[]>();
const script = (path: string, ...answers: Answer[]): void => void scripts.set(path, answers);
const json =
  (status: number, body: unknown): Answer =>
  (res) =>
    sendJson(res, status, body);

let server: CraftedServer;
let client: ResearchClient;
const logger = createMemoryLogger((t) => t);
const errors: unknown[] = [];

async function failure(p: Promise<unknown>): Promise<ServiceError> {
  const error = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  errors.push(error);
  expect(error).toBeInstanceOf(ServiceError);
  return error as ServiceError;
}
const hits = (path: string): number => server.requests.filter((r) => r.url.pathname === path).length;

const PDF: DocumentUpload = {
  bytes: new TextEncoder().encode('%PDF-1.4 quarterly notes'),
  fileName: 'Q3 notes "final".pdf',
  mimeType: 'application/pdf',
  folderId: '1203458811236982785',
  name: 'Q3 notes',
  tags: { industry: ['半导体'], company: ['NVIDIA'] },
  metadatas: { slack_file: 'F0123' },
};

beforeAll(async () => {
  server = await startCraftedServer(async (req, res) => {
    const answers = scripts.get(req.url.pathname);
    if (!answers || answers.length === 0) return sendJson(res, 404, { detail: 'Not Found' });
    const next = answers.length > 1 ? answers.shift()! : answers[0]!;
    await next(res);
  });
  // Generous: every upload here is answered, except the one that meets a silent service (its own client).
  client = createResearchClient({ baseUrl: server.url, apiKey: API_KEY, timeoutMs: 30_000, retry: fastTestRetryPolicy, logger });
});
afterAll(async () => {
  await client.close();
  await server.close();
});
beforeEach(() => {
  scripts.clear();
  server.requests.length = 0;
});

describe('uploadDocument', () => {
  it('sends one multipart form (file with its name and type, folder, name, tags and metadatas as JSON) with the key', async () => {
    script('/v1/docs/upload/form', json(200, { id: '1046895208953942016', title: 'Q3 notes', original_url: '' }));
    expect(await client.uploadDocument(PDF)).toEqual({ docId: '1046895208953942016', title: 'Q3 notes' });
    const [sent] = server.requests;
    expect(sent?.method).toBe('POST');
    expect(sent?.headers.authorization).toBe(`Bearer ${API_KEY}`);
    const type = String(sent?.headers['content-type']);
    expect(type).toMatch(/^multipart\/form-data; boundary=/);
    const body = sent?.body ?? '';
    expect(body).toContain('name="file"; filename="Q3 notes %22final%22.pdf"');
    expect(body).toContain('Content-Type: application/pdf');
    expect(body).toContain('%PDF-1.4 quarterly notes');
    expect(body).toContain('name="folder_id"\r\n\r\n1203458811236982785\r\n');
    expect(body).toContain(`name="tags"\r\n\r\n${JSON.stringify(PDF.tags)}\r\n`);
    expect(body).toContain(`name="metadatas"\r\n\r\n{"slack_file":"F0123"}\r\n`);
  });

  it('reads `doc_id` for `id`, and falls back to the name sent for a missing title', async () => {
    script('/v1/docs/upload/form', json(200, { doc_id: '77' }));
    expect(await client.uploadDocument({ bytes: new Uint8Array([1]), fileName: 'a.csv' })).toEqual({ docId: '77', title: 'a.csv' });
    const body = server.requests[0]?.body ?? '';
    expect(body).toContain('Content-Type: application/octet-stream');
    expect(body).not.toContain('name="folder_id"');
    script('/v1/docs/upload/form', json(200, { title: 'no id' }));
    expect(await failure(client.uploadDocument(PDF))).toMatchObject({ kind: 'bad_response' });
  });

  it('reads 413 as too large (the service’s words kept) and 400 as validation with its detail, never retried', async () => {
    script('/v1/docs/upload/form', json(413, { detail: 'File too large (max 50 MB)' }));
    const big = await failure(client.uploadDocument(PDF));
    expect(big).toMatchObject({ kind: 'too_large', status: 413, serviceDetail: 'File too large (max 50 MB)', retryable: false });
    expect(big.message).toContain('too large for the service');

    script('/v1/docs/upload/form', json(400, { detail: 'Unsupported file type: .exe. Supported: pdf, docx' }));
    const type = await failure(client.uploadDocument({ ...PDF, fileName: 'setup.exe' }));
    expect(type).toMatchObject({ kind: 'validation', status: 400, serviceDetail: 'Unsupported file type: .exe. Supported: pdf, docx' });
    expect(type.message).toContain('Unsupported file type: .exe');

    script('/v1/docs/upload/form', json(422, { detail: [{ loc: ['body', 'file'], msg: 'Field required', type: 'missing' }] }));
    expect(await failure(client.uploadDocument(PDF))).toMatchObject({
      kind: 'validation',
      issues: [{ loc: ['body', 'file'], msg: 'Field required', type: 'missing' }],
    });
    expect(hits('/v1/docs/upload/form')).toBe(3);
  });

  it('sends an upload once even when the service fails (5xx): a resend could add the file twice', async () => {
    script('/v1/docs/upload/form', json(500, { detail: 'boom' }), json(200, { id: '1', title: 't', original_url: '' }));
    expect(await failure(client.uploadDocument(PDF))).toMatchObject({ kind: 'upstream', retryable: true });
    expect(hits('/v1/docs/upload/form')).toBe(1);
  });

  it('times an upload out by its own limit, once, and cancels it on the caller’s signal', async () => {
    // The service never answers: the upload's own limit (the client's plus the size's share) ends it.
    script('/v1/docs/upload/form', () => undefined);
    const slow = createResearchClient({ baseUrl: server.url, apiKey: API_KEY, timeoutMs: 1_000, retry: fastTestRetryPolicy, logger });
    const bytes = new Uint8Array(10 * 1024);
    const timedOut = await failure(slow.uploadDocument({ ...PDF, bytes }));
    expect(timedOut).toMatchObject({ kind: 'timeout' });
    expect(timedOut.message).toContain(`no answer within ${uploadTimeoutMs(1_000, bytes.byteLength)} ms`);
    expect(hits('/v1/docs/upload/form')).toBe(1);

    const controller = new AbortController();
    const cancelled = failure(slow.uploadDocument(PDF, { signal: controller.signal }));
    while (hits('/v1/docs/upload/form') < 2) await new Promise((resolve) => setImmediate(resolve));
    controller.abort();
    expect((await cancelled).kind).toBe('cancelled');
    await slow.close();
  });

  it('gives an upload a time limit that grows with its size', () => {
    expect(uploadTimeoutMs(15_000, 0)).toBe(15_000);
    expect(uploadTimeoutMs(15_000, 50 * 1024 * 1024)).toBe(15_000 + 204_800);
  });
});

describe('documentUploadStatus', () => {
  it('reads the enum as itself and retries a failed read', async () => {
    script('/v1/docs/9/upload/status', json(503, {}), json(200, { id: '9', status: 'processing' }));
    expect(await client.documentUploadStatus('9')).toEqual({ docId: '9', state: 'processing' });
    expect(hits('/v1/docs/9/upload/status')).toBe(2);
  });

  it('reads any other status as failed, with the service’s words', async () => {
    script('/v1/docs/9/upload/status', json(200, { id: '9', status: 'failed', message: 'encrypted PDF' }));
    expect(await client.documentUploadStatus('9')).toEqual({ docId: '9', state: 'failed', reason: 'encrypted PDF' });
  });

  it('escapes the id into the path', async () => {
    script('/v1/docs/a%2Fb/upload/status', json(200, { id: 'a/b', status: 'completed' }));
    expect(await client.documentUploadStatus('a/b')).toEqual({ docId: 'a/b', state: 'completed' });
  });
});

describe('deleteDocuments and documentRawContent', () => {
  it('deletes by DELETE with {doc_ids}, once even on a 5xx', async () => {
    script('/v1/docs/delete', json(200, { doc_ids: ['1', '2'] }));
    expect(await client.deleteDocuments(['1', '2'])).toEqual({ docIds: ['1', '2'] });
    expect(server.requests[0]).toMatchObject({ method: 'DELETE', body: '{"doc_ids":["1","2"]}' });
    expect(server.requests[0]?.headers['content-type']).toBe('application/json');
    script('/v1/docs/delete', json(502, {}));
    await failure(client.deleteDocuments(['3']));
    expect(hits('/v1/docs/delete')).toBe(2);
  });

  it('reads raw content: chunk text with its page from metadata, empty chunks dropped, a read retried', async () => {
    script(
      '/v1/docs/5/raw-content',
      json(500, {}),
      json(200, {
        doc_id: '5',
        title: 'Q3 notes',
        url: 'https://files.example/5.pdf',
        chunks: [
          { id: 'c0', type: 'text', content: 'Page one text', metadata: { page: 1 } },
          { id: 'c1', type: 'text', content: 'Page three text', metadata: { page: '3' } },
          { id: 'c2', type: 'image', content: '', metadata: { page: 4 } },
          { id: 'c3', type: 'text', content: 'No page' },
        ],
      }),
    );
    expect(await client.documentRawContent('5')).toEqual({
      docId: '5',
      title: 'Q3 notes',
      url: 'https://files.example/5.pdf',
      chunks: [{ text: 'Page one text', page: 1 }, { text: 'Page three text', page: 3 }, { text: 'No page' }],
    });
    expect(hits('/v1/docs/5/raw-content')).toBe(2);
  });
});

it('never lets the API key into an error or a log line', () => {
  expect(errors.length).toBeGreaterThan(4);
  for (const error of errors) expect([String(error), inspect(error, { depth: 8, showHidden: true })].join('\n')).not.toContain(API_KEY);
  for (const line of logger.lines) expect(line).not.toContain(API_KEY);
});
