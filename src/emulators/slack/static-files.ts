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
  const found = await readStaticFile(file);
  if (found.ok) {
    res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-cache' });
    res.end(found.data);
  } else if (!found.missing) {
    res.writeHead(500, { 'Content-Type': 'text/plain' }).end(`cannot read ${relative}: ${found.problem}`);
  } else if (relative === 'index.html') {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(PLACEHOLDER);
  } else {
    res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
  }
}

type StaticFile = { ok: true; data: Buffer } | { ok: false; missing: true } | { ok: false; missing: false; problem: string };

/** A file's bytes; `missing` when there is no such file (or it is a directory), else why it cannot be read. */
async function readStaticFile(file: string): Promise<StaticFile> {
  try {
    const info = await stat(file);
    if (!info.isFile()) return { ok: false, missing: true };
    return { ok: true, data: await readFile(file) };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { ok: false, missing: true };
    return { ok: false, missing: false, problem: code ?? String(error) };
  }
}
