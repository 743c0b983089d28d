/**
 * Uploads by URL (fetched over real HTTP from a small file server here), uploads kept across a
 * restart with their processing stage, and the demo agent citing a given uploaded document.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type ServiceEmulator, type ServiceVariant, startServiceEmulator } from '../../../src/emulators/service/index.js';
import { PAGE_THREE_PHRASE, threePagePdf } from '../../fixtures/documents/make-pdfs.js';
import { buildHttp } from './emulator-http.js';
import { statuses, uploadForm } from './upload-http.js';

let files: Server;
let filesUrl: string;
const served = new Map<string, Uint8Array>();
const started: ServiceEmulator[] = [];
let dir: string;

beforeAll(async () => {
  served.set('/memo.pdf', await threePagePdf());
  served.set('/tool.exe', new Uint8Array([1, 2, 3]));
  files = createServer((req, res) => {
    const bytes = served.get(req.url ?? '');
    if (!bytes) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/octet-stream' }).end(Buffer.from(bytes));
  });
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
  dir = await mkdtemp(path.join(tmpdir(), 'service-uploads-'));
});
afterEach(async () => {
  await Promise.all(started.splice(0).map((em) => em.close()));
});
afterAll(async () => {
  await new Promise<void>((resolve) => files.close(() => resolve()));
  await rm(dir, { recursive: true, force: true });
});

async function start(stateFile?: string, variant?: ServiceVariant): Promise<ServiceEmulator> {
  const em = await startServiceEmulator({ agentSpeed: 500, ...(stateFile ? { stateFile } : {}), ...(variant ? { variant } : {}) });
  started.push(em);
  return em;
}

describe('upload by URL', () => {
  it.each(['/v1/docs/upload', '/v1/docs/upload/async'])(
    '%s fetches the file, answers its id and processes it like a form upload',
    async (routePath) => {
      const em = await start();
      const http = buildHttp(em);
      const folder = (await http.post('/v1/docs/folder/create', { name: 'From URLs' })).body.folder_id;
      const res = await http.post(routePath, { docs: [{ url: `${filesUrl}/memo.pdf`, tags: { event: ['Audit'] } }], folder_id: folder });
      expect(res.status).toBe(200);
      const doc = res.body.docs[0];
      expect(doc).toEqual({ id: expect.stringMatching(/^doc_up/), title: 'memo.pdf', original_url: `${filesUrl}/memo.pdf` });
      expect((await statuses(em, doc.id, 3)).at(-1)).toEqual({ id: doc.id, status: 'completed' });
      const found = await http.post('/v1/search', { query: PAGE_THREE_PHRASE, folder_ids: [folder], categories: ['files'] });
      expect(found.body.docs.map((d: { id: string }) => d.id)).toEqual([doc.id]);
    },
  );

  it('adds none of the documents when one cannot be fetched or read', async () => {
    const em = await start();
    const http = buildHttp(em);
    const missing = await http.post('/v1/docs/upload', { docs: [{ url: `${filesUrl}/memo.pdf` }, { url: `${filesUrl}/gone.pdf` }] });
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toMatch(/^Could not fetch the document at .*gone\.pdf: it answered 404$/);
    const exe = await http.post('/v1/docs/upload', { docs: [{ url: `${filesUrl}/tool.exe` }] });
    expect(exe.status).toBe(400);
    expect(exe.body.detail).toMatch(/^Unsupported file type: \.exe/);
    const invalid = await http.post('/v1/docs/upload', { docs: [{ name: 'no url' }] });
    expect(invalid.status).toBe(422);
    expect(invalid.body.detail[0]).toMatchObject({ loc: ['body', 'docs', 0, 'url'], type: 'missing' });
    const next = await http.post('/v1/docs/upload', { docs: [{ url: `${filesUrl}/memo.pdf` }] });
    expect(next.body.docs[0].id).toBe('doc_up000000001');
  });
});

describe('the published variant', () => {
  it('answers the same upload shapes, and search and chunk search list the file as the schema does', async () => {
    const em = await start(undefined, 'published');
    const http = buildHttp(em);
    const folder = (await http.post('/v1/docs/folder/create', { name: 'Published' })).body.folder_id;
    const up = await uploadForm(em, 'memo.pdf', await threePagePdf(), { folder_id: folder });
    expect(Object.keys(up.body).sort()).toEqual(['id', 'original_url', 'title']);
    expect(await statuses(em, up.body.id, 3)).toEqual([
      { id: up.body.id, status: 'pending' },
      { id: up.body.id, status: 'processing' },
      { id: up.body.id, status: 'completed' },
    ]);
    const found = await http.post('/v1/search', { query: PAGE_THREE_PHRASE, folder_ids: [folder], categories: ['files'] });
    expect(found.body.docs.map((d: { doc_id: string }) => d.doc_id)).toEqual([up.body.id]);
    const chunks = await http.post('/v1/search/chunks', { query: PAGE_THREE_PHRASE, folder_ids: [folder] });
    expect(chunks.body.chunks[0]).toMatchObject({ content: expect.stringContaining(PAGE_THREE_PHRASE), doc: { doc_id: up.body.id } });
  });
});

describe('a restart', () => {
  it('keeps uploaded documents with their stage, text and tags', async () => {
    const stateFile = path.join(dir, 'restart', 'service.json');
    const first = await start(stateFile);
    const folder = (await buildHttp(first).post('/v1/docs/folder/create', { name: 'Kept' })).body.folder_id;
    const done = await uploadForm(first, 'done.pdf', await threePagePdf(), {
      folder_id: folder,
      tags: JSON.stringify({ company: ['Heron Ltd'] }),
    });
    const midway = await uploadForm(first, 'midway.txt', new TextEncoder().encode('Grebe appendix.'), { folder_id: folder });
    await statuses(first, done.body.id, 3);
    await statuses(first, midway.body.id, 2);
    await first.close();

    const second = await start(stateFile);
    const http = buildHttp(second);
    const found = await http.post('/v1/search', { query: PAGE_THREE_PHRASE, folder_ids: [folder], categories: ['files'] });
    expect(found.body.docs.map((d: { id: string }) => d.id)).toEqual([done.body.id]);
    const tagged = await http.post('/v1/docs/tags', { tags: { company: ['Heron Ltd'] }, categories: ['files'] });
    expect(tagged.body.docs.map((d: { id: string }) => d.id)).toEqual([done.body.id]);
    // midway had two status calls: the next one completes it.
    expect(await statuses(second, midway.body.id, 1)).toEqual([{ id: midway.body.id, status: 'completed' }]);
    expect((await http.post('/v1/search', { query: 'grebe', folder_ids: [folder] })).body.docs).toHaveLength(1);
    const next = await uploadForm(second, 'next.txt', new TextEncoder().encode('x'));
    expect(next.body.id).toBe('doc_up000000003');
  });
});

describe('the demo agent', () => {
  it('quotes and cites a document it is given, by title and passage, and lists it first among its sources', async () => {
    const em = await start();
    const http = buildHttp(em);
    const up = await uploadForm(em, 'Shipment memo.pdf', await threePagePdf());
    await statuses(em, up.body.id, 3);
    const conv = await http.post('/v1/agent/conversations', { title: 'file', conversation_type: 'agent_chat' });
    const res = await http.post(`/v1/agent/conversations/${conv.body.id}/chat`, {
      message: 'What does this file say about the disputed shipment?',
      stream: false,
      documents: [{ doc_id: up.body.id, doc_title: 'Shipment memo.pdf', file_type: 'pdf' }],
    });
    expect(res.status).toBe(200);
    const report: string = res.body.content.text;
    expect(report).toContain('About your documents: Shipment memo.pdf');
    expect(report).toContain(`> Page three: the ${PAGE_THREE_PHRASE} clause settles the disputed shipment in our favour.`);
    expect(report).toMatch(/— \[Shipment memo\.pdf\]\(https:\/\/research\.example\.com\/docs\/doc_up\d+\), page 3/);
    const search = res.body.assistant_events.find(
      (e: { event_type: string; tool_name?: string }) => e.event_type === 'tool_end' && JSON.stringify(e).includes('search_documents'),
    );
    expect(JSON.stringify(search)).toContain(up.body.id);
  });

  it('adds the given document to a report about a company it knows', async () => {
    const em = await start();
    const http = buildHttp(em);
    const up = await uploadForm(
      em,
      'Tesla notes.txt',
      new TextEncoder().encode('Our own Tesla notes: the heron lantern quorum backs the delivery estimate.'),
    );
    await statuses(em, up.body.id, 3);
    const conv = await http.post('/v1/agent/conversations', { title: 'file', conversation_type: 'agent_chat' });
    const res = await http.post(`/v1/agent/conversations/${conv.body.id}/chat`, {
      message: 'How is Tesla doing on deliveries?',
      stream: false,
      documents: [{ doc_id: up.body.id, doc_title: 'Tesla notes.txt' }],
    });
    const report: string = res.body.content.text;
    expect(report).toContain('## From your documents');
    expect(report).toContain('> Our own Tesla notes: the heron lantern quorum backs the delivery estimate.');
    expect(report).toMatch(/## Sources\n1\. \[Tesla notes\.txt\]/);
  });
});
