/**
 * The metrics port (METRICS_PORT): an HTTP server of its own, apart from the public one that takes
 * Slack's requests, so scrapes stay inside the cluster. `GET /metrics` answers in the Prometheus
 * text format; `GET /metrics.json` is the same desk's counters for people (the relay's, the
 * deferred starts', the votes').
 * @see https://prometheus.io/docs/instrumenting/exposition_formats/#text-based-format
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';
import type { Logger } from '../logger.js';

export interface MetricsServerOptions {
  registry: Registry;
  port: number;
  host: string;
  /** The JSON view; may read the store. */
  json: () => Promise<object>;
  logger: Logger;
}

export interface MetricsServer {
  /** The port it listens on (the one asked for, or the one the system chose for 0). */
  readonly port: number;
  close(): Promise<void>;
}

export async function startMetricsServer(options: MetricsServerOptions): Promise<MetricsServer> {
  const { registry, logger } = options;
  const server = createServer((req, res) => {
    const path = req.url?.split('?', 1)[0];
    if (path !== '/metrics' && path !== '/metrics.json') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found: GET /metrics or /metrics.json\n');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain' }).end('method not allowed\n');
      return;
    }
    const body = path === '/metrics' ? registry.metrics() : options.json().then((view) => JSON.stringify(view));
    body.then(
      (text) => {
        res.writeHead(200, {
          'content-type': path === '/metrics' ? registry.contentType : 'application/json',
          'cache-control': 'no-store',
        });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        logger.error('metrics scrape failed', { error, path });
        res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics unavailable\n');
      },
    );
  });
  await listen(server, options.port, options.host);
  const { port } = server.address() as AddressInfo;
  logger.info('metrics server listening', { port, host: options.host });
  return {
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // A scraper's keep-alive connection would hold close() open until it times out.
        server.closeIdleConnections();
      }),
  };
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
