import type { ServerResponse } from 'node:http';
import { type Config, loadConfig } from '../../src/config/load-config.js';
import type { CheckResult } from '../../src/doctor/check-result.js';
import { type CraftedServer, type SeenRequest, startCraftedServer } from '../service/crafted-server.js';

/** The app's config from the variables a user sets (nothing else), as the doctor's CLI reads it. */
export function configFrom(env: Record<string, string>): Config {
  return loadConfig(env);
}

/** The row of the endpoint whose name starts with `prefix`; fails the test when there is none. */
export function rowOf(results: readonly CheckResult[], prefix: string): CheckResult {
  const row = results.find((r) => r.endpoint.startsWith(prefix));
  if (!row) throw new Error(`no row for ${prefix}: ${results.map((r) => r.endpoint).join(', ')}`);
  return row;
}

export type RouteBreaker = (req: SeenRequest, res: ServerResponse) => void | Promise<void>;

/**
 * A real HTTP server in front of the service emulator that passes every request through, except
 * those to the paths in `breaks`, which it answers itself: a service broken on one route.
 */
export function startBreakingProxy(targetUrl: string, breaks: Record<string, RouteBreaker>): Promise<CraftedServer> {
  return startCraftedServer(async (req, res) => {
    const breaker = breaks[req.url.pathname];
    if (breaker) return breaker(req, res);
    const answer = await forward(targetUrl, req);
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
}

/** Sends a request the proxy received on to the service, as it came. */
export function forward(targetUrl: string, req: SeenRequest): Promise<Response> {
  const headers: Record<string, string> = {};
  for (const name of ['authorization', 'content-type', 'accept']) {
    const value = req.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return fetch(`${targetUrl}${req.url.pathname}${req.url.search}`, {
    method: req.method,
    headers,
    ...(req.method === 'GET' || req.method === 'HEAD' ? {} : { body: req.body }),
  });
}
