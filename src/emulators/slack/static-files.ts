import { readFile, stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

const PLACEHOLDER = `<!doctype html><html><head><meta charset="utf-8"><title>Slack emulator</title></head>
<body><h1>Slack emulator</h1><p>The playground page is not installed. The JSON API is at <code>/api/channels</code>.</p></body></html>`;

/** Serves the playground page's files; a minimal placeholder when the page is absent. */
export async function serveStatic(res: ServerResponse, dir: string, pathname: string): Promise<void> {
  const relative = pathname === '/' ? 'index.html' : decodeURIComponent(pathname).replace(/^\/+/, '');
  const root = normalize(dir.endsWith(sep) ? dir : dir + sep);
  const file = normalize(join(root, relative));
  if (!file.startsWith(root)) {
    res.writeHead(403).end();
    return;
  }
  try {
    const info = await stat(file);
    if (!info.isFile()) throw new Error('not a file');
    const data = await readFile(file);
    res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-cache' });
    res.end(data);
  } catch {
    if (relative === 'index.html') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(PLACEHOLDER);
      return;
    }
    res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
  }
}
