/**
 * What a card saved as a canvas holds, built the same way for every card: a title, the card's
 * content as canvas Markdown (an agent's report with its tables, or a card's table), its sources
 * as links, and a line saying where it came from. The whole fits CANVAS_LIMITS: the content is cut
 * first, so the sources and the closing line always remain.
 * @see https://docs.slack.dev/reference/methods/canvases.create
 */
import { canvasLink, canvasText } from '../../blocks/canvas/canvas-text.js';
import { CANVAS_LIMITS, clampCanvasMarkdown, clampCanvasTitle } from '../../blocks/limits/canvas-limits.js';
import type { LinkPolicy } from '../../blocks/markdown/present-link.js';

export interface CanvasSource {
  title: string;
  url?: string;
}

export interface CanvasDocumentInput {
  /** Untrusted (a report's title): shown as text. */
  title: string;
  /** The content, already canvas Markdown (markdown-to-canvas.ts or blocks-to-canvas.ts). */
  body: string;
  sources?: readonly CanvasSource[];
  /** Links in the sources keep their label on these hosts (else the real host is shown). */
  links?: LinkPolicy;
  /** When it was saved (epoch ms): the closing line's date. */
  savedAtMs: number;
}

export interface CanvasDocument {
  title: string;
  markdown: string;
}

function sourcesSection(sources: readonly CanvasSource[], links?: LinkPolicy): string {
  if (sources.length === 0) return '';
  const shown = sources.slice(0, CANVAS_LIMITS.sources);
  const lines = shown.map((s) => `- ${s.url ? canvasLink(s.url, s.title, links) : canvasText(s.title) || 'Untitled source'}`);
  if (sources.length > shown.length) lines.push(`- _and ${sources.length - shown.length} more_`);
  return `## Sources\n\n${lines.join('\n')}`;
}

export function buildCanvasDocument(input: CanvasDocumentInput): CanvasDocument {
  const title = clampCanvasTitle(input.title) || 'Research Desk';
  const saved = new Date(input.savedAtMs).toISOString().slice(0, 16).replace('T', ' ');
  const closing = `---\n\n_Saved from Research Desk on ${saved} UTC. Saving the card again replaces this canvas's content._`;
  const sources = sourcesSection(input.sources ?? [], input.links);
  const tail = [sources, closing].filter((p) => p !== '').join('\n\n');
  const room = CANVAS_LIMITS.markdownChars - tail.length - 2;
  const body = clampCanvasMarkdown(input.body.trim(), room);
  return { title, markdown: [body, tail].filter((p) => p !== '').join('\n\n') };
}
