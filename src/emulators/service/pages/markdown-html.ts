/**
 * Markdown (the agent's reports, document summaries) → HTML for the demo pages, with nothing of
 * the input able to run: raw HTML is shown as text, and only http(s), relative and anchor links
 * become links (a `javascript:` link shows its text only).
 */
import { Marked, type Tokens } from 'marked';
import { escapeHtml } from './html.js';

function isSafeHref(href: string): boolean {
  const trimmed = href.trim();
  if (/^(\/(?!\/)|#)/.test(trimmed)) return true;
  try {
    const url = new URL(trimmed);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

const marked = new Marked({
  gfm: true,
  renderer: {
    html: ({ text }: Tokens.HTML | Tokens.Tag) => escapeHtml(text),
    link(token: Tokens.Link) {
      const label = this.parser.parseInline(token.tokens);
      if (!isSafeHref(token.href)) return label;
      return `<a href="${escapeHtml(token.href.trim())}" target="_blank" rel="noopener noreferrer">${label}</a>`;
    },
    // No remote fetches from a page: an image is shown as a link to it.
    image(token: Tokens.Image) {
      const label = escapeHtml(token.text || token.href);
      return isSafeHref(token.href)
        ? `<a href="${escapeHtml(token.href.trim())}" target="_blank" rel="noopener noreferrer">${label}</a>`
        : label;
    },
  },
});

export function markdownToHtml(markdown: string): string {
  return marked.parse(markdown, { async: false });
}
