/**
 * The picture behind a table, image or formula chunk's `media_url`: a labelled demo drawing
 * (the demo has no real figures), deterministic per chunk so a reload shows the same one.
 */
import type { DemoChunk } from '../data/document-chunks.js';
import type { DemoDocument } from '../data/documents.js';
import { createPrng, hashSeed } from '../data/prng.js';
import { escapeHtml } from './html.js';

const WIDTH = 640;
const HEIGHT = 360;

function bars(seed: string): string {
  const prng = createPrng(hashSeed(seed));
  const count = 8;
  const gap = 12;
  const width = (WIDTH - 80 - gap * (count - 1)) / count;
  return Array.from({ length: count }, (_, i) => {
    const h = prng.int(40, 200);
    return `<rect x="${40 + i * (width + gap)}" y="${300 - h}" width="${width}" height="${h}" rx="3" fill="#36c5f0"/>`;
  }).join('');
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

export function renderChunkMediaSvg(doc: DemoDocument, chunk: DemoChunk): string {
  const drawing =
    chunk.type === 'formula'
      ? `<text x="${WIDTH / 2}" y="190" font-size="22" text-anchor="middle" font-family="monospace">${escapeHtml(clip(chunk.summary, 60))}</text>`
      : bars(chunk.id);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img">
<title>${escapeHtml(chunk.summary)}</title>
<rect width="${WIDTH}" height="${HEIGHT}" fill="#fff" stroke="#ddd"/>
<text x="20" y="30" font-size="16" font-family="sans-serif" font-weight="700">${escapeHtml(clip(doc.title, 60))}</text>
<text x="20" y="52" font-size="13" font-family="sans-serif" fill="#616061">${escapeHtml(clip(chunk.summary, 80))}</text>
<text x="${WIDTH - 20}" y="30" font-size="12" font-family="sans-serif" text-anchor="end" fill="#8a5a00">DEMO ${escapeHtml(chunk.type.toUpperCase())}</text>
${drawing}
<line x1="30" y1="300" x2="${WIDTH - 30}" y2="300" stroke="#999"/>
</svg>`;
}
