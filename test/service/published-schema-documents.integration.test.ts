/**
 * The document calls of issue 31 against the fake that speaks the published schema (each
 * version): the upload goes out as exactly the multipart form the schema takes (the fake parses it
 * with busboy and refuses anything off it), and upload status, delete and raw content are read
 * from the schema's answers. The fake then serves what the app builds on: the uploaded PDF's
 * third page found by search in its folder and by chunk search, its tags found by tag search, and
 * the agent's answer, given the file as `documents` (DocumentInput), citing it.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createResearchClient, type ResearchClient } from '../../src/service/research-client.js';
import { fastTestRetryPolicy } from '../../src/service/retry-policy.js';
import { ServiceError } from '../../src/service/errors/service-error.js';
import type { WorkflowStreamEvent } from '../../src/service/types.js';
import { encryptedPdf, PAGE_THREE_PHRASE, threePagePdf } from '../fixtures/documents/make-pdfs.js';
import { startPublishedFake, type PublishedFake } from '../support/published-fake/published-fake.js';
import { SPEC_VERSIONS } from '../support/published-fake/published-spec.js';

const AGENT_ID = '11887655289749510';
/** A small limit, so the 413 is met without sending 50 MB. */
const MAX_UPLOAD_BYTES = 64 * 1024;

async function failure(p: Promise<unknown>): Promise<ServiceError> {
  const error = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ServiceError);
  return error as ServiceError;
}

async function collect(events: AsyncIterable<WorkflowStreamEvent>): Promise<WorkflowStreamEvent[]> {
  const out: WorkflowStreamEvent[] = [];
  for await (const e of events) out.push(e);
  return out;
}

describe.each(SPEC_VERSIONS)('document uploads against the published %s schema', (version) => {
  let fake: PublishedFake;
  let client: ResearchClient;
  let pdf: Uint8Array;

  beforeAll(async () => {
    fake = await startPublishedFake({ version, eventDelayMs: 1, maxUploadBytes: MAX_UPLOAD_BYTES });
    client = createResearchClient({ baseUrl: fake.url, apiKey: fake.apiKey, timeoutMs: 10_000, retry: fastTestRetryPolicy });
    pdf = await threePagePdf();
  });
  afterAll(async () => {
    await client?.close();
    await fake?.close();
  });
  afterEach(() => {
    expect(fake.takeProblems()).toEqual([]);
  });

  const lastForm = () => fake.requests.filter((r) => r.path === '/v1/docs/upload/form').at(-1)?.form;
  const statusUntilDone = async (docId: string) => {
    const states: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const s = await client.documentUploadStatus(docId);
      states.push(s.state);
      if (s.state === 'completed' || s.state === 'failed') return { states, last: s };
    }
    return { states, last: undefined };
  };

  it('uploads a PDF into a folder as the schema’s form, follows it to completed, finds page 3 and reads its content', async () => {
    const folder = await client.createFolder('Desk memos');
    const uploaded = await client.uploadDocument({
      bytes: pdf,
      fileName: 'desk memo.pdf',
      mimeType: 'application/pdf',
      folderId: folder.folderId,
      name: 'Desk memo Q3',
      tags: { industry: ['Logistics'], company: ['Heron Shipping'] },
      metadatas: { slack_file_id: 'F0PDF1', slack_team_id: 'T01' },
    });
    expect(uploaded).toMatchObject({ docId: expect.stringMatching(/^\d+$/), title: 'Desk memo Q3' });

    // Exactly the form the schema takes: the file with its name and type, JSON-string tags.
    const form = lastForm();
    expect(form?.files.file?.[0]).toMatchObject({ filename: 'desk memo.pdf', mimeType: 'application/pdf' });
    expect(Buffer.compare(form?.files.file?.[0]?.bytes ?? Buffer.alloc(0), Buffer.from(pdf))).toBe(0);
    expect(form?.fields).toEqual({
      folder_id: [folder.folderId],
      name: ['Desk memo Q3'],
      tags: ['{"industry":["Logistics"],"company":["Heron Shipping"]}'],
      metadatas: ['{"slack_file_id":"F0PDF1","slack_team_id":"T01"}'],
    });

    // Not searchable while processing.
    const early = await client.searchDocuments({ query: PAGE_THREE_PHRASE, folderIds: [folder.folderId], categories: ['files'] });
    expect(early.items).toEqual([]);
    const { states } = await statusUntilDone(uploaded.docId);
    expect(states).toEqual(['pending', 'processing', 'completed']);

    const found = await client.searchDocuments({ query: PAGE_THREE_PHRASE, folderIds: [folder.folderId], categories: ['files'] });
    expect(found.items.map((d) => d.id)).toEqual([uploaded.docId]);
    expect(found.items[0]).toMatchObject({ title: 'Desk memo Q3', category: 'files' });
    // Another folder, or a search that asks for no files, does not reach it.
    const other = await client.createFolder('Other');
    expect((await client.searchDocuments({ query: PAGE_THREE_PHRASE, folderIds: [other.folderId] })).items).toEqual([]);
    expect((await client.searchDocuments({ query: PAGE_THREE_PHRASE })).items.map((d) => d.id)).not.toContain(uploaded.docId);

    const chunks = await client.searchChunks({ query: PAGE_THREE_PHRASE, folderIds: [folder.folderId], num: 3 });
    expect(chunks[0]?.content).toContain(PAGE_THREE_PHRASE);
    expect(chunks[0]?.metadata).toMatchObject({ page: 3 });

    const byTag = await client.docsByTag({ tags: ['Heron Shipping'], categories: ['files'] });
    expect(byTag.items.map((d) => d.id)).toContain(uploaded.docId);

    const content = await client.documentRawContent(uploaded.docId);
    expect(content).toMatchObject({ docId: uploaded.docId, title: 'Desk memo Q3', url: expect.stringContaining('desk%20memo.pdf') });
    expect(content.chunks.map((c) => c.page)).toEqual([1, 2, 3]);
    expect(content.chunks[2]?.text).toContain(PAGE_THREE_PHRASE);
  });

  it('passes an uploaded file to the chat as the schema’s DocumentInput, and the answer cites it', async () => {
    const uploaded = await client.uploadDocument({
      bytes: pdf,
      fileName: 'heron.pdf',
      mimeType: 'application/pdf',
      name: 'Heron clause memo',
    });
    await statusUntilDone(uploaded.docId);
    const conversation = await client.createConversation({ agentId: AGENT_ID, title: 'about a file' });
    const run = await client.chat({
      conversationId: conversation.id,
      message: 'What does the heron clause settle?',
      documents: [{ docId: uploaded.docId, docTitle: 'Heron clause memo', fileType: 'pdf' }],
    });
    const events = await collect(run.events);
    const chat = fake.requests.filter((r) => r.path.endsWith('/chat')).at(-1);
    expect(chat?.body).toMatchObject({ documents: [{ doc_id: uploaded.docId, doc_title: 'Heron clause memo', file_type: 'pdf' }] });
    const said = JSON.stringify(events);
    expect(said).toContain('Heron clause memo');
    expect(said).toContain(encodeURIComponent('heron.pdf'));
  });

  it('sends a document without a file type as DocumentInput without one (doc_id and doc_title only)', async () => {
    const conversation = await client.createConversation({ agentId: AGENT_ID, title: 'no type' });
    const run = await client.chat({ conversationId: conversation.id, message: 'summary', documents: [{ docId: '1', docTitle: 'Note' }] });
    await collect(run.events);
    expect(fake.requests.filter((r) => r.path.endsWith('/chat')).at(-1)?.body).toMatchObject({
      documents: [{ doc_id: '1', doc_title: 'Note' }],
    });
  });

  it('reads the refusals the app words: a type the service cannot read, a file too large, an unknown folder', async () => {
    const exe = await failure(client.uploadDocument({ bytes: new Uint8Array([77, 90]), fileName: 'setup.exe' }));
    expect(exe).toMatchObject({ kind: 'validation', status: 400, serviceDetail: expect.stringContaining('Unsupported file type: .exe') });

    const big = await failure(client.uploadDocument({ bytes: new Uint8Array(MAX_UPLOAD_BYTES + 1), fileName: 'big.pdf' }));
    expect(big).toMatchObject({ kind: 'too_large', status: 413, serviceDetail: expect.stringContaining('File too large') });

    const lost = await failure(client.uploadDocument({ bytes: pdf, fileName: 'a.pdf', folderId: '999' }));
    expect(lost).toMatchObject({ kind: 'not_found', status: 404 });
    // Each refusal came from one request: uploads are never sent twice.
    expect(fake.requests.filter((r) => r.path === '/v1/docs/upload/form' && r.status >= 400)).toHaveLength(3);
  });

  it('reads a processing failure outside the enum as failed, with the service’s words', async () => {
    const uploaded = await client.uploadDocument({ bytes: await encryptedPdf(), fileName: 'locked.pdf', mimeType: 'application/pdf' });
    const { states, last } = await statusUntilDone(uploaded.docId);
    expect(states).toEqual(['pending', 'processing', 'failed']);
    expect(last?.reason).toMatch(/encrypted/i);
  });

  it('deletes documents: the ids deleted come back, and the document is gone from search and content', async () => {
    const folder = await client.createFolder('To clear');
    const uploaded = await client.uploadDocument({ bytes: pdf, fileName: 'gone.pdf', folderId: folder.folderId });
    await statusUntilDone(uploaded.docId);
    expect(await client.deleteDocuments([uploaded.docId, '404404'])).toEqual({ docIds: [uploaded.docId] });
    expect((await client.searchDocuments({ query: PAGE_THREE_PHRASE, folderIds: [folder.folderId] })).items).toEqual([]);
    expect(await failure(client.documentRawContent(uploaded.docId))).toMatchObject({ kind: 'not_found' });
    expect(fake.requests.filter((r) => r.path === '/v1/docs/delete').at(-1)?.body).toEqual({ doc_ids: [uploaded.docId, '404404'] });
  });
});
