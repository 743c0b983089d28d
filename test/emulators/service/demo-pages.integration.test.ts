/**
 * The demo service's browser pages over real HTTP: with a public URL (the playground's address),
 * documents, their pictures and conversations link to pages the emulator serves; unknown ids get
 * a 404 page that says so; untrusted text (ids, questions, agent output) is escaped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceEmulator, type ServiceEmulator } from '../../../src/emulators/service/index.js';
import { buildHttp } from './emulator-http.js';

const PUBLIC_URL = 'http://localhost:4321';
const HOSTILE_QUESTION = 'NVDA <img src=x onerror=alert(1)> [click](javascript:alert(2)) margins?';

let em: ServiceEmulator;
let http: ReturnType<typeof buildHttp>;

beforeAll(async () => {
  em = await startServiceEmulator({ agentSpeed: 500, publicUrl: PUBLIC_URL });
  http = buildHttp(em);
});
afterAll(async () => {
  await em.close();
});

/** GETs a page of the emulator by the path of a public URL, without the API key. */
async function page(publicUrl: string): Promise<{ status: number; type: string | null; text: string }> {
  const res = await fetch(`${em.url}${new URL(publicUrl, PUBLIC_URL).pathname}`);
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}

async function someDocument(): Promise<{ doc_id: string; url: string; title: string }> {
  const res = await http.post('/v2/search', { query: '贵州茅台', num: 1 });
  return res.body.docs[0];
}

describe('document pages', () => {
  it("a document's url is its page on the public URL, served without a key", async () => {
    const doc = await someDocument();
    expect(doc.url).toBe(`${PUBLIC_URL}/docs/${doc.doc_id}`);
    const shown = await page(doc.url);
    expect(shown.status).toBe(200);
    expect(shown.type).toBe('text/html; charset=utf-8');
    expect(shown.text).toContain(`<h1>${doc.title.replace(/&/g, '&amp;')}</h1>`);
    expect(shown.text).toContain('DEMO DATA');
    expect(shown.text).toContain('Key passages');
  });

  it("every chunk's media_url is a picture the emulator serves", async () => {
    const doc = await someDocument();
    const detail = await http.get(`/v1/docs/${doc.doc_id}`);
    const media = (detail.body.chunks as Array<{ type: string; media_url: string }>).filter((c) => c.media_url);
    expect(media.map((c) => c.type).sort()).toEqual(['formula', 'image', 'table']);
    for (const chunk of media) {
      expect(chunk.media_url.startsWith(`${PUBLIC_URL}/docs/${doc.doc_id}/media/`)).toBe(true);
      const picture = await page(chunk.media_url);
      expect(picture.status).toBe(200);
      expect(picture.type).toBe('image/svg+xml');
      expect(picture.text).toMatch(/^<svg /);
    }
    expect((await page(`/docs/${doc.doc_id}/media/0-text.svg`)).status).toBe(404);
  });

  it('an unknown document is a 404 page naming it, escaped', async () => {
    const shown = await page('/docs/%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    expect(shown.status).toBe(404);
    expect(shown.type).toBe('text/html; charset=utf-8');
    expect(shown.text).toContain('Document not found');
    expect(shown.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(shown.text).not.toContain('<script>');
  });
});

describe('conversation pages', () => {
  it("a conversation's url is its page: the question and the agent's report, escaped", async () => {
    const created = await http.post('/v1/agent/conversations', {});
    expect(created.body.url).toBe(`${PUBLIC_URL}/conversations/${created.body.id}`);
    expect(created.body.shared_url).toBe(created.body.url);
    const run = await http.post(`/v1/agent/conversations/${created.body.id}/chat`, { message: HOSTILE_QUESTION, stream: false });
    expect(run.body.status).toBe('completed');

    const shown = await page(created.body.url);
    expect(shown.status).toBe(200);
    expect(shown.text).toContain('NVDA &lt;img src=x onerror=alert(1)&gt;');
    expect(shown.text).not.toContain('<img src=x');
    expect(shown.text).not.toMatch(/href="javascript:/i);
    expect(shown.text).toContain('status-completed');
    // The report is Markdown made HTML: its heading, its table, its sources linking to document pages.
    expect(shown.text).toMatch(/<h1>Research report: [^<]*NVIDIA/);
    expect(shown.text).toContain('<table>');
    expect(shown.text).toContain(`<a href="${PUBLIC_URL}/docs/doc_`);
    // A finished conversation does not keep reloading.
    expect(shown.text).not.toContain('http-equiv="refresh"');
  });

  it('an unknown or malformed conversation id is a 404 page', async () => {
    for (const id of ['987654321', 'abc']) {
      const shown = await page(`/conversations/${id}`);
      expect(shown.status).toBe(404);
      expect(shown.text).toContain('Conversation not found');
    }
  });
});

describe('without a public URL', () => {
  it('links keep their made-up research.example.com hosts', async () => {
    const plain = await startServiceEmulator({ agentSpeed: 500 });
    try {
      const plainHttp = buildHttp(plain);
      const res = await plainHttp.post('/v2/search', { query: '贵州茅台', num: 1 });
      expect(res.body.docs[0].url).toBe(`https://research.example.com/docs/${res.body.docs[0].doc_id}`);
      const conv = await plainHttp.post('/v1/agent/conversations', {});
      expect(conv.body.url).toBe(`https://research.example.com/agent/conversations/${conv.body.id}`);
    } finally {
      await plain.close();
    }
  });
});
