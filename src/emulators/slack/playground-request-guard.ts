/**
 * Keeps web pages from driving the playground (which may run with a real service key): its JSON
 * API answers only requests addressed to the playground itself (a Host that is a loopback name,
 * an IP address or the host it listens on, which defeats DNS rebinding), refuses writes from
 * another origin, and takes writes only as `application/json`, which a page on another origin
 * cannot send without a CORS preflight that we never grant.
 * @see https://developer.mozilla.org/en-US/docs/Web/HTTP/Guides/CORS#simple_requests
 * @see https://owasp.org/www-community/attacks/csrf
 */
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';

export interface PlaygroundRefusal {
  status: 403 | 415;
  error: 'forbidden_host' | 'cross_origin_request' | 'unsupported_media_type';
  message: string;
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '::1']);

function hostnameOf(hostHeader: string): string | undefined {
  try {
    return new URL(`http://${hostHeader}`).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  } catch {
    return undefined;
  }
}

function isOwnHost(hostname: string, listenHost: string): boolean {
  return LOOPBACK_NAMES.has(hostname) || hostname.endsWith('.localhost') || isIP(hostname) !== 0 || hostname === listenHost.toLowerCase();
}

function mediaTypeOf(contentType: string | undefined): string | undefined {
  return contentType?.split(';')[0]?.trim().toLowerCase();
}

/**
 * Why a playground API request must be refused, or undefined when it may go on. `acceptsUpload`:
 * the route also takes `multipart/form-data` (a file upload); the origin checks above still hold,
 * and browsers send `Origin` with every cross-origin POST, forms included.
 */
export function refusePlaygroundRequest(
  req: IncomingMessage,
  listenHost: string,
  opts: { acceptsUpload?: boolean } = {},
): PlaygroundRefusal | undefined {
  const hostHeader = req.headers.host;
  const hostname = hostHeader === undefined ? undefined : hostnameOf(hostHeader);
  if (hostHeader !== undefined && (hostname === undefined || !isOwnHost(hostname, listenHost))) {
    return {
      status: 403,
      error: 'forbidden_host',
      message: `the playground API answers only requests to its own address (localhost, an IP address or ${listenHost}), not to ${hostHeader}`,
    };
  }
  const method = req.method ?? 'GET';
  if (method === 'GET' || method === 'HEAD') return undefined;
  const origin = req.headers.origin;
  const crossSite = req.headers['sec-fetch-site'] === 'cross-site';
  if (crossSite || (origin !== undefined && origin !== `http://${hostHeader ?? ''}`)) {
    return {
      status: 403,
      error: 'cross_origin_request',
      message: `the playground API accepts writes only from its own page (http://${hostHeader ?? 'localhost'}), not from ${origin ?? 'another site'}`,
    };
  }
  const mediaType = mediaTypeOf(req.headers['content-type']);
  if (mediaType !== 'application/json' && !(opts.acceptsUpload === true && mediaType === 'multipart/form-data')) {
    return {
      status: 415,
      error: 'unsupported_media_type',
      message: `send the body as JSON with "Content-Type: application/json" (got ${req.headers['content-type'] ?? 'none'})`,
    };
  }
  return undefined;
}
