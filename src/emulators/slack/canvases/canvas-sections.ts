/**
 * A canvas's Markdown cut into sections, as canvases.sections.lookup and canvases.edit see them:
 * a heading is a section of its own, and so is every other block (a paragraph, a list, a table, a
 * code block). Ids look like Slack's (`temp:C:` and 27 characters) and stay with their section
 * across edits of other sections.
 * @see https://docs.slack.dev/reference/methods/canvases.sections.lookup
 */
import type { CanvasSection } from './canvases-state.js';

const HEADING = /^\s{0,3}(#{1,6})\s+/;
const FENCE = /^\s{0,3}(```|~~~)/;

/** The blocks of Markdown in order: fenced code kept whole, headings alone, the rest split at blank lines. */
export function splitBlocks(markdown: string): string[] {
  const blocks: string[] = [];
  let current: string[] = [];
  let fence: string | undefined;
  const flush = (): void => {
    if (current.some((l) => l.trim() !== '')) blocks.push(current.join('\n').replace(/^\n+|\n+$/g, ''));
    current = [];
  };
  for (const line of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    const opens = FENCE.exec(line)?.[1];
    if (fence !== undefined) {
      current.push(line);
      if (opens === fence) {
        fence = undefined;
        flush();
      }
      continue;
    }
    if (opens !== undefined) {
      flush();
      fence = opens;
      current.push(line);
    } else if (HEADING.test(line)) {
      flush();
      blocks.push(line.trim());
    } else if (line.trim() === '') flush();
    else current.push(line);
  }
  flush();
  return blocks;
}

/** h1, h2, h3 for a heading section (deeper headings count as h3, as a canvas shows them); undefined otherwise. */
export function headingLevel(section: CanvasSection): 'h1' | 'h2' | 'h3' | undefined {
  const hashes = HEADING.exec(section.markdown)?.[1]?.length;
  if (hashes === undefined) return undefined;
  return hashes === 1 ? 'h1' : hashes === 2 ? 'h2' : 'h3';
}

export function toSections(markdown: string, newId: () => string): CanvasSection[] {
  return splitBlocks(markdown).map((block) => ({ id: newId(), markdown: block }));
}

const ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A section id from a counter: `temp:C:` and 27 characters. */
export function sectionId(n: number): string {
  let id = '';
  let rest = n;
  for (let i = 0; i < 27; i++) {
    id = ID_CHARS[rest % ID_CHARS.length] + id;
    rest = Math.floor(rest / ID_CHARS.length);
  }
  return `temp:C:${id}`;
}
