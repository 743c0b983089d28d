/** The demo pages' pure renderers: untrusted text never becomes markup or a script link. */
import { describe, expect, it } from 'vitest';
import { DEMO_COMPANIES } from '../../../../src/emulators/service/data/companies.js';
import { datasetCalendar } from '../../../../src/emulators/service/data/dataset-calendar.js';
import { buildDocuments, type DemoDocument } from '../../../../src/emulators/service/data/documents.js';
import { renderConversationPage } from '../../../../src/emulators/service/pages/conversation-page.js';
import { renderDocumentPage } from '../../../../src/emulators/service/pages/document-page.js';
import { markdownToHtml } from '../../../../src/emulators/service/pages/markdown-html.js';

const HOSTILE = '<script>alert(1)</script> "quoted" & <b>bold</b>';

function buildHostileDocument(): DemoDocument {
  const [doc] = buildDocuments(DEMO_COMPANIES.slice(0, 1), datasetCalendar());
  if (!doc) throw new Error('no demo document');
  return {
    ...doc,
    title: HOSTILE,
    institution: '<i>Broker</i>',
    summary: `**${HOSTILE}** [bad](javascript:alert(1)) <iframe src="x"></iframe>`,
    chunks: doc.chunks.map((c) => ({ ...c, content: c.type === 'text' ? HOSTILE : c.content, summary: HOSTILE })),
  };
}

describe('markdownToHtml', () => {
  it('renders Markdown: headings, emphasis, tables, http links', () => {
    const html = markdownToHtml('# Title\n\n**bold** [doc](https://example.com/a?b=1&c=2)\n\n| a | b |\n|---|---|\n| 1 | 2 |');
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<a href="https://example.com/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer">doc</a>');
    expect(html).toContain('<td>1</td>');
  });

  it('shows raw HTML as text and drops script links, keeping their text', () => {
    const html = markdownToHtml(
      '<script>alert(1)</script>\n\nsee <img src=x onerror=alert(2)> [here](javascript:alert(3)) ![pic](data:image/png;base64,AAAA)',
    );
    expect(html).not.toMatch(/<script|<img|href="javascript:|href="data:/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(2)&gt;');
    expect(html).toContain('here');
  });
});

describe('renderDocumentPage', () => {
  it('escapes the title, institution, summary and passages', () => {
    const { status, html } = renderDocumentPage(buildHostileDocument());
    expect(status).toBe(200);
    expect(html).not.toMatch(/<script|<iframe|<b>bold|<i>Broker|href="javascript:/i);
    expect(html).toContain('<h1>&lt;script&gt;alert(1)&lt;/script&gt; &quot;quoted&quot; &amp; &lt;b&gt;bold&lt;/b&gt;</h1>');
    expect(html).toContain('&lt;i&gt;Broker&lt;/i&gt;');
  });

  it('shows each figure from the page path of its chunk', () => {
    const doc = buildHostileDocument();
    const index = doc.chunks.findIndex((c) => c.type === 'image');
    expect(renderDocumentPage(doc).html).toContain(`<img class="media" src="/docs/${doc.id}/media/${index}-image.svg"`);
  });
});

describe('renderDocumentPage: formulas and dates (issue 29)', () => {
  const docs = buildDocuments(DEMO_COMPANIES, datasetCalendar());

  it('draws formulas as MathML, not raw LaTeX (§7)', () => {
    const doc = docs.find((d) => d.chunks.some((c) => c.type === 'formula' && c.summary.includes('\\frac')));
    if (!doc) throw new Error('no demo document with a fraction');
    const html = renderDocumentPage(doc).html;
    const formula = html.slice(html.indexOf('class="passage formula"'));
    expect(formula).toMatch(/<math display="block"[^>]*>/);
    expect(formula).toContain('<mfrac>');
    // The LaTeX survives only inside the MathML annotation (for copying), never as page text.
    const visible = formula.slice(0, formula.indexOf('</div>')).replace(/<annotation[\s\S]*?<\/annotation>/g, '');
    expect(visible).not.toMatch(/\$\$|\\frac|\\text/);
  });

  it('keeps untrusted text around formulas inert, and shows a formula it cannot parse as code', () => {
    const [doc] = docs;
    if (!doc) throw new Error('no demo document');
    const hostile: DemoDocument = {
      ...doc,
      chunks: [
        {
          ...doc.chunks[0]!,
          type: 'formula',
          content: '',
          summary: '<img src=x onerror=alert(1)>: $$\\frac{<b>x</b>}{\\href{javascript:alert(1)}{y}}$$',
        },
        { ...doc.chunks[0]!, type: 'formula', content: '', summary: 'Broken: $$\\frac{a$$' },
        { ...doc.chunks[0]!, type: 'text', content: 'The thesis on $NVDA is intact; $5 to $7 a share.' },
      ],
    };
    const html = renderDocumentPage(hostile).html;
    expect(html).not.toMatch(/<img|<b>|href="javascript:/i);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('<code>\\frac{a</code>');
    expect(html).toContain('The thesis on $NVDA is intact; $5 to $7 a share.');
  });

  it('dates a document by the day in its market, as its card does (§5)', () => {
    // 17:30 UTC on 5 September is already 6 September in Shanghai.
    const [doc] = docs.filter((d) => d.market === 'cn');
    if (!doc) throw new Error('no Chinese demo document');
    const html = renderDocumentPage({ ...doc, publishedAtMs: Date.UTC(2026, 8, 5, 17, 30) }).html;
    const meta = html.match(/<p class="meta">([^<]*)<\/p>/)?.[1] ?? '';
    expect(meta).toContain('2026-09-06');
    expect(meta).not.toContain('2026-09-05');
  });
});

describe('renderConversationPage', () => {
  const base = { id: '1001', title: HOSTILE, createdAtMs: Date.parse('2025-06-30T00:00:00Z') };

  it('escapes the question and renders the answer as safe Markdown with its status', () => {
    const { html } = renderConversationPage({
      ...base,
      messages: [
        { role: 'user', status: 'completed', text: HOSTILE, atMs: base.createdAtMs },
        { role: 'assistant', status: 'failed', text: '## Partial\n\n<script>x</script>', error: '<b>boom</b>', atMs: base.createdAtMs },
      ],
    });
    expect(html).not.toMatch(/<script|<b>/i);
    expect(html).toContain('<p class="question">&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('<h2>Partial</h2>');
    expect(html).toContain('status-failed');
    expect(html).toContain('Error: &lt;b&gt;boom&lt;/b&gt;');
  });

  it('reloads itself only while a run is going on', () => {
    const running = renderConversationPage({ ...base, messages: [{ role: 'assistant', status: 'running', text: 'so far', atMs: 0 }] });
    const done = renderConversationPage({ ...base, messages: [{ role: 'assistant', status: 'completed', text: 'done', atMs: 0 }] });
    expect(running.html).toContain('http-equiv="refresh"');
    expect(done.html).not.toContain('http-equiv="refresh"');
  });
});
