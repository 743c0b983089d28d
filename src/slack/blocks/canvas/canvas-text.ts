/**
 * Untrusted text (agent output, titles, service data) → canvas Markdown that shows it and can never
 * mention, broadcast or embed. A canvas mentions a user as `![](@U…)` and a channel as `![](#C…)`;
 * Slack's message tokens (`<@U…>`, `<!here>`) and the bare words `@here`, `@channel`, `@everyone`
 * must not form either. So: every `![` gets a zero-width space between its two characters (no image,
 * no mention, no file unfurl), every `<` before `!`, `@`, `#` or a letter a word joiner (no token,
 * no HTML, no autolink of another scheme), and the broadcast words a word joiner after the `@`.
 * Both marks are invisible. Links go through presentLink (http(s) only, the real host shown).
 * @see https://docs.slack.dev/surfaces/canvases
 * @see https://docs.slack.dev/reference/methods/canvases.create
 */
import { ZWSP } from '../escape.js';
import { presentLink, type LinkPolicy } from '../markdown/present-link.js';
import { sanitizeText } from '../text/sanitize-text.js';

const WORD_JOINER = '\u2060';
const BROADCAST_WORD = /@(here|channel|everyone)\b/gi;

/** Markdown (already meant as Markdown) with nothing left that mentions, broadcasts or embeds. */
export function defuseCanvasMarkdown(markdown: string): string {
  return sanitizeText(markdown)
    .replace(/!\[/g, `!${ZWSP}[`)
    .replace(/<(?=[!@#a-zA-Z/])/g, `<${WORD_JOINER}`)
    .replace(BROADCAST_WORD, (_m, word: string) => `@${WORD_JOINER}${word}`);
}

/**
 * Plain text shown literally in canvas Markdown: defused, with the characters that start Markdown
 * syntax inline (emphasis, code, links, strike) backslash-escaped, and no line breaks.
 */
export function canvasText(value: unknown): string {
  return canvasLiteral(sanitizeText(value).trim());
}

/** As canvasText, with the spaces at its ends kept (a piece of a longer line). */
export function canvasLiteral(value: unknown): string {
  const line = sanitizeText(value).replace(/\s+/g, ' ');
  return defuseCanvasMarkdown(line.replace(/([\\`*_[\]~|])/g, '\\$1'));
}

/** A table cell: literal text, `|` escaped so it cannot split the row; a space when empty. */
export function canvasCell(value: unknown): string {
  const text = canvasText(value);
  return text === '' ? ' ' : text;
}

/** `[label](url)` for an http(s) address (the real host shown unless trusted); else the label alone. */
export function canvasLink(url: unknown, label: unknown, policy?: LinkPolicy): string {
  const shown = sanitizeText(label).replace(/\s+/g, ' ').trim();
  const link = presentLink(url, shown, policy);
  const text = canvasText(link.label);
  if (!link.url) return text;
  // A `)` or space inside the address would end it early: both are percent-encoded.
  const href = link.url.replace(/\(/g, '%28').replace(/\)/g, '%29').replace(/ /g, '%20');
  return `[${text || canvasText(new URL(link.url).host)}](${href})`;
}
