/**
 * The shell of the demo service's HTML pages: escaping, one layout with the demo label, and the
 * page a browser gets for an id the service does not know. Every piece of data on a page is
 * untrusted text (titles, agent output) and goes through `escapeHtml`.
 */

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text (or an attribute value in double or single quotes) made inert. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => HTML_ENTITIES[c] ?? c);
}

export interface HtmlPage {
  status: number;
  html: string;
}

const STYLE = `
body{margin:0;font:15px/1.55 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"Noto Sans SC",sans-serif;color:#1d1c1d;background:#f8f8f8}
header.demo{background:#4a154b;color:#fff;padding:10px 24px;display:flex;gap:12px;align-items:center;flex-wrap:wrap}
header.demo a{color:#fff}
.badge{display:inline-block;background:#ecb22e;color:#1d1c1d;font-weight:700;font-size:12px;padding:1px 6px;border-radius:4px}
main{max-width:880px;margin:24px auto;background:#fff;border:1px solid #ddd;border-radius:8px;padding:24px 32px}
h1{font-size:24px;margin:0 0 8px}
.meta{color:#616061;margin:0 0 16px}
.status{display:inline-block;border-radius:4px;padding:0 6px;font-size:12px;font-weight:700;text-transform:uppercase}
.status-completed{background:#e3f4e8;color:#007a5a}.status-running{background:#fff4d6;color:#8a5a00}
.status-failed,.status-cancelled{background:#fde8e8;color:#b3261e}
section{margin-top:24px}
.passage{border-left:3px solid #ddd;padding:4px 12px;margin:12px 0}
.passage .kind{color:#616061;font-size:12px;text-transform:uppercase}
.message{border-top:1px solid #eee;padding:16px 0}
.message .who{font-weight:700}
.question{white-space:pre-wrap}
table{border-collapse:collapse;margin:8px 0}th,td{border:1px solid #ddd;padding:4px 8px;text-align:left}
code,pre{background:#f4f4f4;border-radius:3px;padding:0 3px}pre{padding:8px;overflow:auto}
img.media{max-width:100%;border:1px solid #eee;border-radius:4px}
.tags span{display:inline-block;background:#eef3fb;border-radius:10px;padding:0 8px;margin:2px;font-size:13px}
`;

/** A complete page: the demo banner, a link back to the playground, then `body` (already HTML). */
export function renderPage(opts: { title: string; body: string; status?: number; refreshSeconds?: number }): HtmlPage {
  const refresh = opts.refreshSeconds ? `<meta http-equiv="refresh" content="${opts.refreshSeconds}">` : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">${refresh}
<title>${escapeHtml(opts.title)} · Research Desk demo</title><style>${STYLE}</style></head>
<body><header class="demo"><span class="badge">DEMO DATA</span><span>Research service emulator: made-up documents and figures, not investment advice.</span><a href="/">Back to the playground</a></header>
<main>${opts.body}</main></body></html>`;
  return { status: opts.status ?? 200, html };
}

/** 404 with a page that says what was not found and where to go instead. */
export function notFoundPage(what: string, id: string): HtmlPage {
  return renderPage({
    status: 404,
    title: `${what} not found`,
    body: `<h1>${escapeHtml(what)} not found</h1><p class="meta">The demo service has no ${escapeHtml(what.toLowerCase())} <code>${escapeHtml(id)}</code>. It may have been removed with its folder, or the link is from another playground.</p><p><a href="/">Back to the playground</a></p>`,
  });
}
