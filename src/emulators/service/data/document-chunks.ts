/** The chunks (passages) of a demo document, as chunk search and the document endpoints serve them. */
import type { DemoLinks } from '../demo-links.js';
import type { Language } from './document-text.js';

export interface DemoChunk {
  id: string;
  type: 'text' | 'table' | 'image' | 'formula';
  media_url: string;
  content: string;
  summary: string;
  metadata: { page: number; position: number; language: Language };
}

function markdownTable(header: string[], rows: string[][]): string {
  const line = (cells: string[]): string => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** A document's passages in reading order: each paragraph, the table after the first, then a figure and a formula. */
export function buildChunks(
  docId: string,
  lang: Language,
  paragraphs: string[],
  table: { caption: string; header: string[]; rows: string[][] },
  image: string,
  formula: { latex: string; explain: string },
  links: DemoLinks,
): DemoChunk[] {
  const chunks: DemoChunk[] = [];
  const meta = (page: number): DemoChunk['metadata'] => ({ page, position: chunks.length, language: lang });
  const media = (kind: string): string => links.chunkMedia(docId, chunks.length, kind);
  paragraphs.forEach((p, i) => {
    chunks.push({ id: `${docId}_c${chunks.length}`, type: 'text', media_url: '', content: p, summary: '', metadata: meta(1 + i) });
    if (i === 0) {
      chunks.push({
        id: `${docId}_c${chunks.length}`,
        type: 'table',
        media_url: media('table'),
        content: markdownTable(table.header, table.rows),
        summary: table.caption,
        metadata: meta(2),
      });
    }
  });
  chunks.push({
    id: `${docId}_c${chunks.length}`,
    type: 'image',
    media_url: media('image'),
    content: '',
    summary: image,
    metadata: meta(3),
  });
  chunks.push({
    id: `${docId}_c${chunks.length}`,
    type: 'formula',
    media_url: media('formula'),
    content: '',
    summary: `${formula.explain}: $$${formula.latex}$$`,
    metadata: meta(4),
  });
  return chunks;
}
