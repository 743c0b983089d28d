/** A demo document as a page: what the card's "Open ↗" opens. Pure: document → HTML. */
import type { DemoChunk } from '../data/document-chunks.js';
import type { DemoDocument } from '../data/documents.js';
import { marketLocalDate } from '../data/market-calendar.js';
import { DEMO_PAGE_PATHS } from '../demo-links.js';
import { escapeHtml, renderPage, type HtmlPage } from './html.js';
import { markdownToHtml } from './markdown-html.js';
import { textWithMathToHtml } from './math-html.js';

const CHUNK_KIND: Record<DemoChunk['type'], string> = { text: 'Passage', table: 'Table', image: 'Figure', formula: 'Formula' };

function chunkHtml(doc: DemoDocument, chunk: DemoChunk, index: number): string {
  const page = `<span class="kind">${CHUNK_KIND[chunk.type]} · page ${chunk.metadata.page}</span>`;
  const media = escapeHtml(DEMO_PAGE_PATHS.chunkMedia(doc.id, index, chunk.type));
  switch (chunk.type) {
    case 'text':
      return `<div class="passage" id="${escapeHtml(chunk.id)}">${page}<p>${textWithMathToHtml(chunk.content)}</p></div>`;
    case 'table':
      return `<div class="passage" id="${escapeHtml(chunk.id)}">${page}<p>${escapeHtml(chunk.summary)}</p>${markdownToHtml(chunk.content)}</div>`;
    case 'image':
      return `<figure class="passage" id="${escapeHtml(chunk.id)}">${page}<img class="media" src="${media}" alt="${escapeHtml(chunk.summary)}"><figcaption>${escapeHtml(chunk.summary)}</figcaption></figure>`;
    case 'formula':
      // The formula drawn (the cards show it as Unicode text; a browser can do better).
      return `<div class="passage formula" id="${escapeHtml(chunk.id)}">${page}<p>${textWithMathToHtml(chunk.summary)}</p></div>`;
  }
}

export function renderDocumentPage(doc: DemoDocument): HtmlPage {
  // The day in the document's market, as the app's cards date it (not the UTC day).
  const date = marketLocalDate(doc.market, doc.publishedAtMs);
  const meta = [doc.company_name, doc.symbols.join(', '), doc.institution, doc.author, doc.category, date].filter(Boolean);
  const tags = Object.values(doc.tags)
    .flat()
    .filter((t) => t.trim() !== '');
  const body = [
    `<h1>${escapeHtml(doc.title)}</h1>`,
    `<p class="meta">${meta.map(escapeHtml).join(' · ')}</p>`,
    tags.length > 0 ? `<p class="tags">${tags.map((t) => `<span>${escapeHtml(t)}</span>`).join('')}</p>` : '',
    `<section><h2>Summary</h2>${markdownToHtml(doc.summary)}</section>`,
    `<section><h2>Key passages</h2>${doc.chunks.map((c, i) => chunkHtml(doc, c, i)).join('\n')}</section>`,
    `<p class="meta">Document id <code>${escapeHtml(doc.id)}</code></p>`,
  ].join('\n');
  return renderPage({ title: doc.title, body });
}
