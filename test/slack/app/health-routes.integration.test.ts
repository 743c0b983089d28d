/**
 * /healthz and /readyz over real HTTP: which checks run, `?exclude=` (Kubernetes' convention, so a
 * traffic probe can leave out what every replica shares), a typo refused, and the drain.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../../../src/observability/logger.js';
import { createRedactor } from '../../../src/observability/redactor.js';
import { createDrainState, type DrainState } from '../../../src/slack/app/drain-state.js';
import { healthRoutes, type ReadinessCheck } from '../../../src/slack/app/health-routes.js';
import { NotReadyError } from '../../../src/slack/app/not-ready-error.js';

let server: Server | undefined;

afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

async function serve(checks: ReadinessCheck[], drain?: DrainState): Promise<string> {
  const routes = healthRoutes(checks, createMemoryLogger(createRedactor([])), drain ? { drain } : {});
  const listening = createServer((req, res) => {
    const route = routes.find((r) => r.path === new URL(req.url ?? '/', 'http://x').pathname);
    if (!route) {
      res.writeHead(404).end();
      return;
    }
    void route.handler(req as never, res as never);
  });
  server = listening;
  await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
}

function checkNamed(name: string, ran: string[], fail?: string): ReadinessCheck {
  return {
    name,
    check: async () => {
      ran.push(name);
      if (fail) throw new NotReadyError(fail, `${name} is ${fail}`);
    },
  };
}

describe('/readyz', () => {
  it('runs every check and names the one that failed', async () => {
    const ran: string[] = [];
    const base = await serve([checkNamed('service', ran, 'unreachable'), checkNamed('store', ran)]);
    const res = await fetch(`${base}/readyz`);
    expect(res.status).toBe(503);
    const body = (await res.json()) as { checks: Array<{ name: string; ok: boolean; reason?: string }> };
    expect(body.checks.map((c) => [c.name, c.ok, c.reason])).toEqual([
      ['service', false, 'unreachable'],
      ['store', true, undefined],
    ]);
    expect(ran.sort()).toEqual(['service', 'store']);
  });

  it('leaves out the excluded checks, repeated or comma-separated, and does not run them', async () => {
    const ran: string[] = [];
    const base = await serve([
      checkNamed('service', ran, 'unreachable'),
      checkNamed('store', ran, 'unreachable'),
      checkNamed('slack', ran),
    ]);
    const repeated = await fetch(`${base}/readyz?exclude=service&exclude=store`);
    expect(repeated.status).toBe(200);
    expect(((await repeated.json()) as { checks: Array<{ name: string }> }).checks.map((c) => c.name)).toEqual(['slack']);
    expect(ran).toEqual(['slack']);
    const comma = await fetch(`${base}/readyz?exclude=service,store`);
    expect(comma.status).toBe(200);
  });

  it('refuses an unknown check name with the known ones, so a typo in a probe shows at once', async () => {
    const base = await serve([checkNamed('service', []), checkNamed('store', [])]);
    const res = await fetch(`${base}/readyz?exclude=servcie`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ ok: false, reason: 'unknown_check', unknown: ['servcie'], known: ['service', 'store'] });
  });

  it('answers 503 draining once a drain begins, whatever is excluded, while /healthz stays 200', async () => {
    const drain = createDrainState();
    const base = await serve([checkNamed('store', [])], drain);
    expect((await fetch(`${base}/readyz?exclude=store`)).status).toBe(200);
    drain.begin();
    const res = await fetch(`${base}/readyz?exclude=store`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ ok: false, reason: 'draining' });
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });
});
