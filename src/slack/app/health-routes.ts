import type { ServerResponse } from 'node:http';
import type { CustomRoute } from '@slack/bolt';
import type { Logger } from '../../observability/logger.js';
import type { DrainState } from './drain-state.js';
import { NotReadyError } from './not-ready-error.js';

export interface ReadinessCheck {
  name: string;
  check: () => Promise<void>;
}

export interface HealthRouteOptions {
  /** How long one readiness check may take before it counts as failed (default 3 s). */
  timeoutMs?: number;
  /** Once begun, /readyz answers 503 `draining` without asking the checks; /healthz stays 200. */
  drain?: DrainState;
}

/**
 * /healthz answers while the process runs (liveness); /readyz checks the service, the store and
 * Slack (readiness) and says which one failed and, for a NotReadyError, why in one word, without
 * any detail that could leak configuration (the detail goes to the log, at debug: probes repeat).
 * A draining process is not ready whatever its checks say: it is on its way out.
 */
export function healthRoutes(checks: ReadinessCheck[], log: Logger, options: HealthRouteOptions = {}): CustomRoute[] {
  const { timeoutMs = 3000, drain } = options;
  const send = (res: ServerResponse, status: number, body: unknown): void => {
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify(body));
  };
  return [
    { path: '/healthz', method: ['GET', 'HEAD'], handler: (_req, res) => send(res, 200, { ok: true }) },
    {
      path: '/readyz',
      method: ['GET', 'HEAD'],
      handler: (_req, res) => {
        if (drain?.draining) {
          send(res, 503, { ok: false, reason: 'draining' });
          return;
        }
        void Promise.all(
          checks.map(async ({ name, check }) => {
            const started = Date.now();
            try {
              await withTimeout(check(), timeoutMs);
              return { name, ok: true, latencyMs: Date.now() - started };
            } catch (error) {
              log.debug('readiness check failed', { check: name, error });
              const reason = error instanceof NotReadyError ? error.reason : error instanceof Error ? error.name : 'Error';
              return { name, ok: false, latencyMs: Date.now() - started, reason };
            }
          }),
        ).then((results) => send(res, results.every((r) => r.ok) ? 200 : 503, { ok: results.every((r) => r.ok), checks: results }));
      },
    },
  ];
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(Object.assign(new Error('timed out'), { name: 'TimeoutError' })), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}
