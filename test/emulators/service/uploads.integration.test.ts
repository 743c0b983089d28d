/**
 * The upload routes over real HTTP: a form upload through its processing stages into search,
 * chunk search and raw content; tags; failures (encrypted, broken, stuck); every refusal (type,
 * size, folder, missing file, bad JSON); delete and folder delete; the fault switches.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceEmulator, type ServiceEmulator } from '../../../src/emulators/service/index.js';
import { MAX_UPLOAD_BYTES } from '../../../src/emulators/service/uploads/upload-rules.js';
import { SHEET_PHRASE, twoSheetXlsx, WORD_PHRASE, wordDocx } from '../../fixtures/documents/make-office.js';
import { brokenPdf, encryptedPdf, PAGE_THREE_PHRASE, threePagePdf } from '../../fixtures/documents/make-pdfs.js';
import { buildHttp } from './emulator-http.js';
import { statuses, uploadForm } from './upload-http.js';

let em: ServiceEmulator;
let http: ReturnType<typeof buildHttp>;

beforeAll(async () => {
  em = await startServiceEmulator({ agentSpeed: 200 });
  http = buildHttp(em);
});
afterAll(async () => {
  await em.close();
});

async function newFolder(name: string): Promise<string> {
  return (await http.post('/v1/docs/folder/create', { name })).body.folder_id;
}

const searchFolder = (folderId: string, query: string) =>
  http.post('/v1/search', { query, folder_ids: [folderId], categories: ['files'], page_size: 10 });

describe('a PDF uploaded by form', () => {
  it('steps pending → processing → completed, one stage per status call, then is found by a phrase of its third page', async () => {
    const folder = await newFolder('Deal memos');
    const up = await uploadForm(em, 'memo.pdf', await threePagePdf(), { folder_id: folder, name: 'Shipment memo.pdf' });
    expect(up.status).toBe(200);
    expect(up.body).toEqual({
      id: expect.stringMatching(/^doc_up/),
      title: 'Shipment memo.pdf',
      original_url: expect.stringContaining(up.body.id),
    });
    const id = up.body.id as string;

    expect((await searchFolder(folder, PAGE_THREE_PHRASE)).body.docs).toEqual([]);
    expect(await statuses(em, id, 2)).toEqual([
      { id, status: 'pending' },
      { id, status: 'processing' },
    ]);
    expect((await searchFolder(folder, PAGE_THREE_PHRASE)).body.docs).toEqual([]);
    expect(await statuses(em, id, 2)).toEqual([
      { id, status: 'completed' },
      { id, status: 'completed' },
    ]);

    const found = await searchFolder(folder, PAGE_THREE_PHRASE);
    expect(found.body.docs.map((d: { id: string }) => d.id)).toEqual([id]);
    expect(found.body.docs[0]).toMatchObject({ category: 'files', folder_id: folder, title: 'Shipment memo.pdf' });

    const chunks = await http.post('/v1/search/chunks', { query: PAGE_THREE_PHRASE, folder_ids: [folder], num: 3 });
    // The third page's chunk (raw content below says which page each chunk is).
    expect(chunks.body.chunks[0]).toMatchObject({ id: `${id}_c2`, type: 'text', content: expect.stringContaining(PAGE_THREE_PHRASE) });

    const raw = await http.get(`/v1/docs/${id}/raw-content`);
    expect(raw.status).toBe(200);
    expect(raw.body).toMatchObject({ doc_id: id, title: 'Shipment memo.pdf', category: 'files', url: expect.any(String) });
    expect(raw.body.chunks.map((c: { metadata: { page: number } }) => c.metadata.page)).toEqual([1, 2, 3]);
    expect(raw.body.chunks[2]).toMatchObject({
      type: 'text',
      content: expect.stringContaining(PAGE_THREE_PHRASE),
      summary: '',
      media_url: '',
    });
  });

  it('has its detail and raw content, without text, before it is completed', async () => {
    const up = await uploadForm(em, 'early.pdf', await threePagePdf());
    const raw = await http.get(`/v1/docs/${up.body.id}/raw-content`);
    expect(raw.status).toBe(200);
    expect(raw.body.chunks).toEqual([]);
    const detail = await http.get(`/v1/docs/${up.body.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ doc_id: up.body.id, title: 'early.pdf', category: 'files', chunks: [] });
  });

  it('reads txt and md as one page of text, xlsx a page per sheet, docx as text, and finds pptx by its title only', async () => {
    const folder = await newFolder('Plain');
    const txt = await uploadForm(em, 'memo.txt', new TextEncoder().encode('The osprey ledger shows approval.'), { folder_id: folder });
    const xlsx = await uploadForm(em, 'Budget.xlsx', await twoSheetXlsx(), { folder_id: folder });
    const docx = await uploadForm(em, 'Minutes.docx', await wordDocx(), { folder_id: folder });
    const pptx = await uploadForm(em, 'Kestrel plan.pptx', new Uint8Array([80, 75, 3, 4]), { folder_id: folder });
    for (const up of [txt, xlsx, docx, pptx])
      expect((await statuses(em, up.body.id, 3)).at(-1)).toEqual({ id: up.body.id, status: 'completed' });
    const ids = async (query: string) => (await searchFolder(folder, query)).body.docs.map((d: { id: string }) => d.id);
    expect(await ids('osprey')).toEqual([txt.body.id]);
    expect(await ids(SHEET_PHRASE)).toEqual([xlsx.body.id]);
    expect(await ids(WORD_PHRASE)).toEqual([docx.body.id]);
    expect(await ids('kestrel')).toEqual([pptx.body.id]);
    const sheets = (await http.get(`/v1/docs/${xlsx.body.id}/raw-content`)).body.chunks;
    expect(sheets.map((c: { content: string }) => c.content)).toEqual([
      'Sheet Summary\nItem | Cost\nFieldwork | 800',
      `Sheet Detail\nThe ${SHEET_PHRASE} | 1200`,
    ]);
  });

  it('fails an xlsx or docx that cannot be read', async () => {
    const xlsx = await uploadForm(em, 'bad.xlsx', new TextEncoder().encode('not a workbook'));
    const docx = await uploadForm(em, 'bad.docx', new TextEncoder().encode('not a document'));
    expect((await statuses(em, xlsx.body.id, 3))[2]).toMatchObject({
      status: 'failed',
      message: expect.stringMatching(/^The spreadsheet could not be read/),
    });
    expect((await statuses(em, docx.body.id, 3))[2]).toMatchObject({
      status: 'failed',
      message: expect.stringMatching(/^The Word document could not be read/),
    });
  });
});

describe('tags given at upload', () => {
  it('select the document by tag type (and custom types) and filter v1 search', async () => {
    const folder = await newFolder('Tagged');
    const up = await uploadForm(em, 'tagged.txt', new TextEncoder().encode('Albatross figures.'), {
      folder_id: folder,
      tags: JSON.stringify({ industry: ['Aerospace'], project: ['Falcon'] }),
      metadatas: JSON.stringify({ period: '2025Q2', entities: ['Acme'] }),
    });
    await statuses(em, up.body.id, 3);
    const byIndustry = await http.post('/v1/docs/tags', { tags: { industry: ['Aerospace'] }, categories: ['files'], page_size: 50 });
    expect(byIndustry.body.docs.map((d: { id: string }) => d.id)).toContain(up.body.id);
    const byProject = await http.post('/v1/docs/tags', { tags: { project: ['Falcon'] }, categories: ['files'], page_size: 50 });
    expect(byProject.body.docs.map((d: { id: string }) => d.id)).toEqual([up.body.id]);
    const filtered = await http.post('/v1/search', { query: 'albatross', folder_ids: [folder], tags: { industry: ['Aerospace'] } });
    expect(filtered.body.docs.map((d: { id: string }) => d.id)).toEqual([up.body.id]);
    const other = await http.post('/v1/search', { query: 'albatross', folder_ids: [folder], tags: { industry: ['Retail'] } });
    expect(other.body.docs).toEqual([]);
  });
});

describe('processing that fails or never ends', () => {
  it('an encrypted PDF is accepted, then fails with the reason', async () => {
    const up = await uploadForm(em, 'locked.pdf', await encryptedPdf());
    expect(up.status).toBe(200);
    const [, second, third] = await statuses(em, up.body.id, 3);
    expect(second).toEqual({ id: up.body.id, status: 'processing' });
    expect(third).toEqual({
      id: up.body.id,
      status: 'failed',
      message: expect.stringMatching(/^The PDF is encrypted \(password-protected\)/),
    });
  });

  it('a broken PDF fails as unreadable', async () => {
    const up = await uploadForm(em, 'broken.pdf', brokenPdf());
    expect((await statuses(em, up.body.id, 3))[2]).toEqual({
      id: up.body.id,
      status: 'failed',
      message: expect.stringMatching(/^The PDF could not be read/),
    });
  });

  it('a name containing [stuck] stays processing, whether the file or the name given has it', async () => {
    const up = await uploadForm(em, 'slow [stuck].pdf', await threePagePdf());
    expect((await statuses(em, up.body.id, 6)).slice(1)).toEqual(Array(5).fill({ id: up.body.id, status: 'processing' }));
    const named = await uploadForm(em, 'plain [stuck].pdf', await threePagePdf(), { name: 'Renamed.pdf' });
    expect((await statuses(em, named.body.id, 4)).at(-1)).toEqual({ id: named.body.id, status: 'processing' });
  });

  it('an unknown id answers 404 in the document error form', async () => {
    const res = await http.get('/v1/docs/doc_up_nope/upload/status');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Document doc_up_nope not found' });
  });
});

describe('refused uploads add nothing', () => {
  const nextId = async (): Promise<string> => (await uploadForm(em, 'probe.txt', new TextEncoder().encode('probe'))).body.id;

  it('answers 400 for a type the service does not read, 404 for an unknown folder, 422 without a file or with bad JSON', async () => {
    const before = await nextId();
    const exe = await uploadForm(em, 'tool.exe', new Uint8Array([1, 2, 3]));
    expect(exe.status).toBe(400);
    expect(exe.body).toEqual({ detail: 'Unsupported file type: .exe. Supported: .pdf, .docx, .xlsx, .csv, .txt, .md, .pptx' });
    const folder = await uploadForm(em, 'a.pdf', await threePagePdf(), { folder_id: 'fld_missing' });
    expect(folder.status).toBe(404);
    expect(folder.body).toEqual({ detail: 'Folder fld_missing not found' });
    const missing = await uploadForm(em, 'x', undefined, { name: 'no file' });
    expect(missing.status).toBe(422);
    expect(missing.body).toEqual({ detail: [{ loc: ['body', 'file'], msg: 'Field required', type: 'missing', input: null }] });
    const tags = await uploadForm(em, 'a.txt', new TextEncoder().encode('x'), { tags: '{industry: nope' });
    expect(tags.status).toBe(422);
    expect(tags.body.detail[0]).toMatchObject({ loc: ['body', 'tags'], type: 'value_error' });
    const metadatas = await uploadForm(em, 'a.txt', new TextEncoder().encode('x'), { metadatas: '[1,2]' });
    expect(metadatas.body.detail[0]).toMatchObject({ loc: ['body', 'metadatas'], msg: expect.stringContaining('metadatas must be') });
    const shape = await uploadForm(em, 'a.txt', new TextEncoder().encode('x'), { tags: '{"industry":"Aerospace"}' });
    expect(shape.body.detail[0].msg).toContain('tags must be a JSON object mapping a tag type to a list of strings');
    const after = await nextId();
    expect(Number(after.slice(6)) - Number(before.slice(6))).toBe(1);
  });

  it('answers 413 for a file over 50 MB, refused while it streams in', async () => {
    const res = await uploadForm(em, 'huge.pdf', new Uint8Array(MAX_UPLOAD_BYTES + 1));
    expect(res.status).toBe(413);
    expect(res.body.detail).toMatch(/^File too large/);
  });

  it('answers 413 before reading a body whose declared length is over the cap', async () => {
    const url = new URL(`${em.url}/v1/docs/upload/form`);
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(url, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${em.apiKey}`,
          'Content-Type': 'multipart/form-data; boundary=x',
          'Content-Length': String(MAX_UPLOAD_BYTES * 2),
        },
      });
      req.on('response', (res) => {
        res.resume();
        req.destroy();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.write('--x\r\n');
    });
    expect(status).toBe(413);
  });

  it('takes the fault switches like any route', async () => {
    em.setFaults({ errorRate: 1 });
    try {
      const res = await uploadForm(em, 'a.txt', new TextEncoder().encode('x'));
      expect([500, 502, 503]).toContain(res.status);
    } finally {
      em.setFaults({});
    }
  });
});

describe('deleting', () => {
  it('deletes the documents that exist, leaves unknown ids out, and the deleted vanish everywhere', async () => {
    const folder = await newFolder('To delete');
    const up = await uploadForm(em, 'gone.txt', new TextEncoder().encode('Pelican clause.'), { folder_id: folder });
    await statuses(em, up.body.id, 3);
    expect((await searchFolder(folder, 'pelican')).body.docs).toHaveLength(1);
    const res = await http.del('/v1/docs/delete', { doc_ids: [up.body.id, 'doc_unknown'] });
    expect(res.body).toEqual({ doc_ids: [up.body.id] });
    expect((await searchFolder(folder, 'pelican')).body.docs).toEqual([]);
    expect((await http.post('/v1/search/chunks', { query: 'pelican', folder_ids: [folder] })).body.chunks).toEqual([]);
    expect((await http.get(`/v1/docs/${up.body.id}/raw-content`)).status).toBe(404);
    expect((await http.get(`/v1/docs/${up.body.id}/upload/status`)).status).toBe(404);
    expect((await http.del('/v1/docs/delete', { doc_ids: [up.body.id] })).body).toEqual({ doc_ids: [] });
    expect((await http.del('/v1/docs/delete', {})).status).toBe(422);
  });

  it('deleting a folder deletes its uploads, processed or not', async () => {
    const folder = await newFolder('Whole folder');
    const done = await uploadForm(em, 'done.txt', new TextEncoder().encode('Cormorant memo.'), { folder_id: folder });
    await statuses(em, done.body.id, 3);
    const waiting = await uploadForm(em, 'waiting.txt', new TextEncoder().encode('Cormorant draft.'), { folder_id: folder });
    const res = await http.del('/v1/docs/folder/delete', { folder_id: folder });
    expect(new Set(res.body.doc_ids)).toEqual(new Set([done.body.id, waiting.body.id]));
    expect((await http.post('/v1/search', { query: 'cormorant', categories: ['files'] })).body.docs).toEqual([]);
    expect((await http.get(`/v1/docs/${waiting.body.id}/upload/status`)).status).toBe(404);
  });
});

describe('the emulator reset', () => {
  it('forgets every upload, processed or not', async () => {
    const done = await uploadForm(em, 'reset.txt', new TextEncoder().encode('Shearwater memo.'));
    await statuses(em, done.body.id, 3);
    const waiting = await uploadForm(em, 'waiting.txt', new TextEncoder().encode('Shearwater draft.'));
    await em.reset();
    expect((await http.post('/v1/search', { query: 'shearwater', categories: ['files'] })).body.docs).toEqual([]);
    for (const id of [done.body.id, waiting.body.id]) {
      expect((await http.get(`/v1/docs/${id}/upload/status`)).status).toBe(404);
      expect((await http.get(`/v1/docs/${id}`)).status).toBe(404);
    }
  });
});
