import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { basename, dirname } from 'node:path';
import type { SocketModeHub } from './delivery/socket-mode-hub.js';
import { BodyTooLargeError, readBody, sendJson } from './http-io.js';
import { EmulatorUsageError } from './errors.js';
import { decideInstall, decisionOfChoice, parseAuthorizeRequest, renderAuthorizeError, renderAuthorizePage } from './oauth-authorize.js';
import { handlePlaygroundApi } from './playground-api.js';
import { refusePlaygroundRequest } from './playground-request-guard.js';
import { postToResponseUrl } from './response-url.js';
import type { EmulatorState } from './state.js';
import { serveStatic } from './static-files.js';
import { vendorModuleFile } from './vendor-modules.js';
import { uploadedFileBytes } from './upload-size.js';
import { fileContentType } from './file-content-type.js';
import { serveFileRequest } from './file-download.js';
import type { SlackEmulator } from './slack-emulator.js';
import { handleWebApiCall, type WebApiDeps } from './web-api/web-api-router.js';

const API_BODY_LIMIT = 5 * 1024 * 1024;
const UPLOAD_LIMIT = 100 * 1024 * 1024;
const PERMALINK_PATH = /^\/archives\/[A-Z0-9]+(?:\/p\d+)?\/?$/;
/** A canvas's address (`/docs/<team>/<canvas>`, what the app links): the playground opens the canvas. */
const CANVAS_PATH = /^\/docs\/T[A-Z0-9]+\/F[A-Z0-9]+\/?$/;

export interface ServerDeps {
  state: EmulatorState;
  webApi: WebApiDeps;
  hub: SocketModeHub;
  staticDir: string;
  /** The server's own address (http://host:port), once it listens. */
  baseUrl: () => string;
  /** The host the server listens on: the playground API also answers requests addressed to it. */
  listenHost: string;
  pages: ((req: IncomingMessage, res: ServerResponse) => boolean) | undefined;
  emulator: () => SlackEmulator;
}

async function route(req: IncomingMessage, res: ServerResponse, deps: ServerDeps): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://emulator.local');
  const path = url.pathname;

  // Web API methods always contain a dot (chat.postMessage); the playground routes never do.
  const apiMethod = /^\/api\/([A-Za-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)+)$/.exec(path)?.[1];
  if (apiMethod !== undefined) {
    if (deps.webApi.config.webApiUnreachable) {
      // An outage as a client meets it: the connection ends without an answer (ECONNRESET).
      deps.webApi.config.droppedWebApiCalls += 1;
      req.socket.destroy();
      return;
    }
    const rawBody = (await readBody(req, API_BODY_LIMIT)).toString('utf8');
    const answer = handleWebApiCall(
      {
        method: apiMethod,
        contentType: req.headers['content-type'],
        authorization: req.headers.authorization,
        rawBody,
        query: url.searchParams,
      },
      deps.webApi,
    );
    return sendJson(res, answer.status, answer.body, answer.headers);
  }
  if (path.startsWith('/api/')) {
    const refusal = refusePlaygroundRequest(req, deps.listenHost, { acceptsUpload: path === '/api/files' });
    if (refusal) return sendJson(res, refusal.status, { ok: false, error: refusal.error, message: refusal.message });
    return handlePlaygroundApi(req, res, url, deps.emulator(), deps.state);
  }

  if (path === '/oauth/v2/authorize') return authorize(req, res, url, deps);

  const responseId = /^\/response\/([A-Za-z0-9]+)$/.exec(path)?.[1];
  if (responseId !== undefined && req.method === 'POST') {
    const raw = (await readBody(req, API_BODY_LIMIT)).toString('utf8');
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return sendJson(res, 400, { ok: false, error: 'invalid_payload' });
    }
    const answer = postToResponseUrl(deps.state, responseId, body);
    return sendJson(res, answer.status, answer.body);
  }

  const uploadId = /^\/upload\/([A-Za-z0-9]+)$/.exec(path)?.[1];
  if (uploadId !== undefined && (req.method === 'POST' || req.method === 'PUT')) {
    const file = deps.state.files.get(uploadId);
    const body = await readBody(req, UPLOAD_LIMIT);
    if (file === undefined) return sendJson(res, 404, { ok: false, error: 'file_not_found' });
    const bytes = uploadedFileBytes(req.headers['content-type'], body);
    file.uploadedBytes = bytes.length;
    file.contentBase64 = bytes.toString('base64');
    res.writeHead(200, { 'Content-Type': 'text/plain' }).end(`OK - ${file.uploadedBytes}`);
    return;
  }

  // The file's permalink: the playground opens (or downloads) a shared file here.
  const downloadId = /^\/files\/([A-Za-z0-9]+)$/.exec(path)?.[1];
  if (downloadId !== undefined && req.method === 'GET') {
    const file = deps.state.files.get(downloadId);
    if (file === undefined || !file.shared || file.deleted === true || file.contentBase64 === undefined)
      return sendJson(res, 404, { ok: false, error: 'file_not_found' });
    const download = url.searchParams.has('download');
    res
      .writeHead(200, {
        'Content-Type': fileContentType(file.filename),
        'Content-Disposition': `${download ? 'attachment' : 'inline'}; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
        'X-Content-Type-Options': 'nosniff',
        // Bytes anyone shared never run as a page of the playground's origin.
        'Content-Security-Policy': 'sandbox',
      })
      .end(Buffer.from(file.contentBase64, 'base64'));
    return;
  }

  if (serveFileRequest(req, res, url, deps.state, deps.baseUrl())) return;
  if (req.method === 'GET' || req.method === 'HEAD') {
    if (deps.pages?.(req, res)) return;
    const vendor = vendorModuleFile(path);
    if (vendor !== undefined) return serveStatic(res, dirname(vendor), `/${basename(vendor)}`);
    // A permalink (/archives/<channel>/p<ts>) opens the playground, which shows that thread; a canvas's address, that canvas.
    return serveStatic(res, deps.staticDir, PERMALINK_PATH.test(path) || CANVAS_PATH.test(path) ? '/' : path);
  }
  res.writeHead(404).end();
}

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': Buffer.byteLength(html) }).end(html);
}

/**
 * The install approval page (GET) and its form (POST: Allow or Cancel, then 302 to the app's
 * redirect_uri). A form posted from another origin is refused: no page elsewhere may install.
 */
async function authorize(req: IncomingMessage, res: ServerResponse, url: URL, deps: ServerDeps): Promise<void> {
  const { config } = deps.webApi;
  try {
    if (req.method === 'POST') {
      const origin = req.headers.origin;
      if (origin !== undefined && origin !== 'null' && new URL(origin).host !== req.headers.host) {
        throw new EmulatorUsageError('cross_origin_request', 'The approval form was posted from another site.');
      }
      const form = new URLSearchParams((await readBody(req, API_BODY_LIMIT)).toString('utf8'));
      const request = parseAuthorizeRequest(form, config);
      const decision = { ...decisionOfChoice(form.get('target')), deny: form.get('decision') === 'deny' };
      res.writeHead(302, { Location: decideInstall(deps.state, request, decision) }).end();
      return;
    }
    if (req.method !== 'GET') {
      res.writeHead(405, { Allow: 'GET, POST' }).end();
      return;
    }
    sendHtml(res, 200, renderAuthorizePage(deps.state, config, parseAuthorizeRequest(url.searchParams, config)));
  } catch (err) {
    if (!(err instanceof EmulatorUsageError)) throw err;
    sendHtml(res, 400, renderAuthorizeError(err));
  }
}

/** The emulator's single HTTP server: Web API, playground API, response_url, uploads, Socket Mode, page. */
export function createEmulatorServer(deps: ServerDeps): Server {
  const server = createServer((req, res) => {
    route(req, res, deps).catch((err: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (err instanceof BodyTooLargeError) return sendJson(res, 413, { ok: false, error: 'request_too_large' });
      sendJson(res, 500, { ok: false, error: 'emulator_error', message: err instanceof Error ? err.message : String(err) });
    });
  });
  server.on('upgrade', (req, socket, head) => {
    const path = new URL(req.url ?? '/', 'http://emulator.local').pathname;
    if (path === '/socket') deps.hub.handleUpgrade(req, socket, head);
    else socket.destroy();
  });
  return server;
}
