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
 *
 * `?exclude=<name>` (repeatable) leaves a check out, as Kubernetes' own /readyz does: a probe that
 * routes traffic leaves out what every replica shares (the service, the store), or an outage of
 * one would take every pod out of the Service and Slack would get no answer at all instead of the
 * app's outage replies. An unknown name is a 400 that lists the known ones, so a typo in a
 * manifest shows at once. @see https://kubernetes.io/docs/reference/using-api/health-checks/
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
      handler: (req, res) => {
        if (drain?.draining) {
          send(res, 503, { ok: false, reason: 'draining' });
          return;
        }
        const excluded = excludedChecks(req.url);
        const unknown = excluded.filter((name) => !checks.some((c) => c.name === name));
        if (unknown.length > 0) {
          send(res, 400, { ok: false, reason: 'unknown_check', unknown, known: checks.map((c) => c.name) });
          return;
        }
        void Promise.all(
          checks
            .filter(({ name }) => !excluded.includes(name))
            .map(async ({ name, check }) => {
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

/** The names in `?exclude=` (repeatable, or comma-separated). */
function excludedChecks(url: string | undefined): string[] {
  if (!url?.includes('?')) return [];
  const params = new URL(url, 'http://readyz.invalid').searchParams;
  return params.getAll('exclude').flatMap((value) => value.split(',').filter((name) => name.length > 0));
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
