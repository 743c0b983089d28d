/**
 * The limits of a canvas written through the Web API, and the caps of our own (marked "Ours").
 * Slack documents one number: the Markdown of `document_content` is limited to 1 MiB
 * (1,048,576 characters). It documents no limit on a title or a table; ours keep a saved report
 * readable and well inside what the editor shows.
 * @see https://docs.slack.dev/reference/methods/conversations.canvases.create
 * @see https://docs.slack.dev/reference/methods/canvases.create
 */
import { clampPlainText, ELLIPSIS } from '../clamp-text.js';

export const CANVAS_LIMITS = {
  /** `document_content.markdown`: 1 MiB, counted here in UTF-16 code units (never fewer than Slack's characters). */
  markdownChars: 1_048_576,
  /** Ours: a title is a line, not a paragraph (Slack documents none). */
  titleChars: 150,
  /** Ours: rows of one table (a statement or comparison has a few dozen; an agent's table rarely more). */
  tableRows: 500,
  /** Ours: columns of one table (the card's own limit is 20). */
  tableColumns: 30,
  /** Ours: characters of one table cell. */
  tableCellChars: 500,
  /** Ours: sources listed under a saved answer (the run keeps up to 200). */
  sources: 200,
} as const;

/** A canvas title: one line, cut to CANVAS_LIMITS.titleChars with '…'. */
export function clampCanvasTitle(title: string): string {
  return clampPlainText(title.replace(/\s+/g, ' ').trim(), CANVAS_LIMITS.titleChars);
}

/**
 * Canvas Markdown cut to `max` characters at a line boundary (never inside a table row, a link or
 * a mention), ending with a line that says the rest was cut.
 */
export function clampCanvasMarkdown(
  markdown: string,
  max: number = CANVAS_LIMITS.markdownChars,
  note = 'The rest did not fit in a canvas.',
): string {
  if (markdown.length <= max) return markdown;
  const tail = `\n\n_${ELLIPSIS} ${note}_\n`;
  const room = Math.max(0, max - tail.length);
  const cut = markdown.lastIndexOf('\n', room);
  const kept = (cut > 0 ? markdown.slice(0, cut) : '').replace(/\s+$/, '');
  return `${kept}${tail}`;
}
