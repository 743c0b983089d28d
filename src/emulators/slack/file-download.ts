/**
 * Serving a file's private URLs (`/files-pri/<team>-<file>/<name>`, `…/download/<name>`) as Slack
 * does: the bytes only to `Authorization: Bearer <a bot token of the file's workspace>` (or of a
 * workspace of the conversation it was shared in; an org-wide installation's token covers its
 * workspaces); anyone else is redirected (302) to the
 * sign-in page, which answers 200 text/html — an app that follows redirects gets HTML, not the
 * file. A deleted or unknown file answers 404 to a token that could read it. HEAD is honoured.
 * @see https://docs.slack.dev/messaging/working-with-files#authentication
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { bytesOfFile, mimetypeOfFile, teamOfFile } from './file-object.js';
import { teamsThatRead } from './file-share.js';
import { InstallationRegistry } from './installations.js';
import type { EmulatorState } from './state.js';

const PRIVATE_PATH = /^\/files-pri\/([A-Z0-9]+)-([A-Z0-9]+)\/(download\/)?[^/]+$/;
export const SIGN_IN_PATH = '/signin';

function sendText(res: ServerResponse, req: IncomingMessage, status: number, type: string, body: Buffer | string): void {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  res.writeHead(status, { 'Content-Type': type, 'Content-Length': bytes.length });
  res.end(req.method === 'HEAD' ? undefined : bytes);
}

/** The workspaces a bearer token may read files of (none for a missing, revoked or expired token). */
function readerReach(state: EmulatorState, authorization: string | undefined): ReadonlySet<string> {
  const token = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (token === undefined) return new Set();
  const check = state.installs.check(token);
  return check.ok ? InstallationRegistry.reach(check.installation) : new Set();
}

const SIGN_IN_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sign in | Slack</title></head>
<body><main><h1>Sign in to your workspace</h1><p>This file is private. Sign in to see it.</p></main></body></html>`;

/** Answers a private-URL or sign-in request; false when the path is neither. */
export function serveFileRequest(req: IncomingMessage, res: ServerResponse, url: URL, state: EmulatorState, baseUrl: string): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (url.pathname === SIGN_IN_PATH) {
    sendText(res, req, 200, 'text/html; charset=utf-8', SIGN_IN_PAGE);
    return true;
  }
  const match = PRIVATE_PATH.exec(url.pathname);
  if (match === null) return false;
  const [, teamInPath, fileId, download] = match;
  const file = state.files.get(fileId ?? '');
  const answered = (status: number) => state.fileRequests.push({ fileId: fileId ?? '', method: req.method ?? 'GET', status });
  const readers = file === undefined ? new Set([teamInPath ?? '']) : teamsThatRead(state, file);
  const reach = readerReach(state, req.headers.authorization);
  const pathMatches = file === undefined || teamOfFile(file, state.seed.teamId) === teamInPath;
  if (!pathMatches || ![...readers].some((t) => reach.has(t))) {
    answered(302);
    res.writeHead(302, { Location: `${baseUrl}${SIGN_IN_PATH}?redir=${encodeURIComponent(url.pathname)}`, 'Content-Length': 0 }).end();
    return true;
  }
  if (file === undefined || file.deleted === true || file.contentBase64 === undefined) {
    answered(404);
    sendText(res, req, 404, 'text/plain; charset=utf-8', 'file_not_found');
    return true;
  }
  answered(200);
  const bytes = bytesOfFile(file);
  res.writeHead(200, {
    'Content-Type': mimetypeOfFile(file),
    'Content-Length': bytes.length,
    'Content-Disposition': `${download ? 'attachment' : 'inline'}; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
    'X-Content-Type-Options': 'nosniff',
    // Bytes anyone shared never run as a page of the playground's origin.
    'Content-Security-Policy': 'sandbox',
  });
  res.end(req.method === 'HEAD' ? undefined : bytes);
  return true;
}
