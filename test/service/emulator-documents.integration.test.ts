/**
 * The document calls of issue 31 against the project's service emulator (the one the playground
 * and the e2e suites run), over real HTTP: the client's multipart upload is read by the
 * emulator's own form parser, processing is followed to the end, the third page of a PDF is found
 * in the folder, and each refusal the app words arrives as the error kind it expects.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceEmulator, type ServiceEmulator } from '../../src/emulators/service/index.js';
import { createResearchClient, type ResearchClient } from '../../src/service/research-client.js';
import { fastTestRetryPolicy } from '../../src/service/retry-policy.js';
import { ServiceError } from '../../src/service/errors/service-error.js';
import type { DocumentUploadStatus } from '../../src/service/types.js';
import { brokenPdf, encryptedPdf, PAGE_THREE_PHRASE, threePagePdf } from '../fixtures/documents/make-pdfs.js';

let emu: ServiceEmulator;
let client: ResearchClient;

async function failure(p: Promise<unknown>): Promise<ServiceError> {
  const error = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ServiceError);
  return error as ServiceError;
}

/** Status calls until processing ends (the emulator moves one stage per call), at most five. */
async function follow(docId: string): Promise<DocumentUploadStatus[]> {
  const seen: DocumentUploadStatus[] = [];
  for (let i = 0; i < 5; i += 1) {
    const s = await client.documentUploadStatus(docId);
    seen.push(s);
    if (s.state === 'completed' || s.state === 'failed') break;
  }
  return seen;
}

beforeAll(async () => {
  emu = await startServiceEmulator({ port: 0, agentSpeed: 50 });
  client = createResearchClient({ baseUrl: emu.url, apiKey: emu.apiKey, timeoutMs: 10_000, retry: fastTestRetryPolicy });
});
afterAll(async () => {
  await client?.close();
  await emu?.close();
});

describe('document calls against the service emulator', () => {
  it('uploads a PDF with tags into a folder, follows it to completed, finds page 3, reads and deletes it', async () => {
    const folder = await client.createFolder('Emulator memos');
    const uploaded = await client.uploadDocument({
      bytes: await threePagePdf(),
      fileName: 'memo.pdf',
      mimeType: 'application/pdf',
      folderId: folder.folderId,
      name: 'Memo for the desk',
      tags: { industry: ['Logistics'] },
    });
    expect(uploaded).toMatchObject({ docId: expect.any(String), title: 'Memo for the desk' });
    expect((await follow(uploaded.docId)).map((s) => s.state)).toEqual(['pending', 'processing', 'completed']);

    const found = await client.searchDocuments({ query: PAGE_THREE_PHRASE, folderIds: [folder.folderId], categories: ['files'] });
    expect(found.items.map((d) => d.id)).toContain(uploaded.docId);
    const content = await client.documentRawContent(uploaded.docId);
    expect(content.chunks.find((c) => c.text.includes(PAGE_THREE_PHRASE))?.page).toBe(3);

    expect(await client.deleteDocuments([uploaded.docId])).toEqual({ docIds: [uploaded.docId] });
  });

  it('reads encrypted and broken PDFs as failed with the service’s words', async () => {
    for (const bytes of [await encryptedPdf(), brokenPdf()]) {
      const uploaded = await client.uploadDocument({ bytes, fileName: 'bad.pdf', mimeType: 'application/pdf' });
      const last = (await follow(uploaded.docId)).at(-1);
      expect(last).toMatchObject({ state: 'failed', reason: expect.stringMatching(/PDF/) });
    }
  });

  it('words the refusals: an unsupported type (400 detail), an unknown folder (not found)', async () => {
    const type = await failure(client.uploadDocument({ bytes: new Uint8Array([1, 2]), fileName: 'tool.exe' }));
    expect(type).toMatchObject({ kind: 'validation', status: 400, serviceDetail: expect.stringContaining('Unsupported file type: .exe') });
    const folder = await failure(client.uploadDocument({ bytes: new Uint8Array([65]), fileName: 'a.txt', folderId: '424242' }));
    expect(folder).toMatchObject({ kind: 'not_found' });
  });
});
