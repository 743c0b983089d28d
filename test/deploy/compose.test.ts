/**
 * docker-compose.yml: valid by the Compose Specification's JSON schema (vendored in schemas/, see
 * its README), and consistent with the app: its variables, ports, probe path, shutdown deadline.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { SHUTDOWN_DEADLINE_MS } from '../../src/composition/close-on-signals.js';
import { CONFIG_VARIABLES } from '../../src/config/load-config.js';
import { composeDurationMs, readDockerfileRuntime, readEnvExample, readYamlDocuments } from './deploy-files.js';
import { appHealthPaths } from './health-paths.js';
import { SDK_VARIABLES } from './sdk-variables.js';

interface ComposeService {
  build?: unknown;
  image?: string;
  env_file?: string | string[];
  environment?: Record<string, string>;
  ports?: string[];
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  stop_grace_period?: string;
}
interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}

const schema = JSON.parse(readFileSync(path.join(import.meta.dirname, 'schemas/compose-spec.json'), 'utf8')) as object;
// strictTypes off: the specification's schema uses union types ("type": ["boolean", "string"]).
const validateCompose = new Ajv2020({ allErrors: true, strictTypes: false }).compile(schema);

const compose = readYamlDocuments('docker-compose.yml')[0] as ComposeFile;
const app = compose.services.app as ComposeService;
const redis = compose.services.redis as ComposeService;
const dockerfile = readDockerfileRuntime();

/** `[host_ip:]published:target` of the short port syntax. */
function parsePort(spec: string): { hostIp?: string; published: number; target: number } {
  const parts = spec.split(':');
  const target = Number(parts.at(-1));
  const published = Number(parts.at(-2));
  return parts.length === 3 ? { hostIp: parts[0] as string, published, target } : { published, target };
}

describe('docker-compose.yml', () => {
  it('is valid by the Compose Specification schema', () => {
    expect(validateCompose(compose), JSON.stringify(validateCompose.errors, null, 2)).toBe(true);
  });

  it('the schema check is live: a misspelt key and a wrong type are refused', () => {
    const misspelt = structuredClone(compose) as unknown as { services: Record<string, Record<string, unknown>> };
    (misspelt.services.app as Record<string, unknown>).healtcheck = { test: ['CMD', 'true'] };
    expect(validateCompose(misspelt)).toBe(false);
    const wrongType = structuredClone(compose) as unknown as { services: Record<string, Record<string, unknown>> };
    (wrongType.services.app as Record<string, unknown>).depends_on = 'redis';
    expect(validateCompose(wrongType)).toBe(false);
  });

  it('sets only variables the app reads, and takes the rest from .env', () => {
    expect(app.env_file).toBe('.env');
    for (const name of Object.keys(app.environment ?? {})) expect([...CONFIG_VARIABLES, ...SDK_VARIABLES], name).toContain(name);
  });

  it('publishes the public port, and the metrics port at most on the loopback', () => {
    const env = app.environment ?? {};
    const port = Number(env.PORT);
    const metricsPort = Number(env.METRICS_PORT);
    expect(port).toBe(Number(dockerfile.env.PORT));
    expect(metricsPort).toBe(Number(dockerfile.env.METRICS_PORT));
    expect(dockerfile.exposed).toEqual(expect.arrayContaining([port, metricsPort]));
    const ports = (app.ports ?? []).map(parsePort);
    expect(ports.some((p) => p.target === port && p.hostIp === undefined)).toBe(true);
    for (const p of ports.filter((p) => p.target === metricsPort))
      expect(p.hostIp, 'metrics published beyond the loopback').toBe('127.0.0.1');
    // The app listens on every interface in the container, or the published ports reach nothing.
    expect(env.HOST).toBe('0.0.0.0');
  });

  it("keeps DATA_DIR on a named volume and checks the app's health path", () => {
    const dataDir = app.environment?.DATA_DIR;
    expect(dataDir).toBe(dockerfile.env.DATA_DIR);
    const mount = (app.volumes ?? []).map((v) => v.split(':')).find(([, target]) => target === dataDir);
    expect(mount, `a volume at ${dataDir}`).toBeDefined();
    expect(Object.keys(compose.volumes ?? {})).toContain(mount?.[0]);
    const probe = (app.healthcheck?.test ?? []).join(' ');
    const probed = /127\.0\.0\.1:(\d+)(\/[a-z]+)/.exec(probe);
    expect(Number(probed?.[1])).toBe(Number(app.environment?.PORT));
    expect(appHealthPaths()).toContain(probed?.[2]);
  });

  it('starts the app once Redis answers a ping, on a pinned Redis image', () => {
    expect(app.depends_on?.redis?.condition).toBe('service_healthy');
    expect(redis.healthcheck?.test).toEqual(['CMD', 'redis-cli', 'ping']);
    expect(redis.image).toMatch(/^redis:\d+\.\d+\.\d+(-[a-z0-9.]+)?(@sha256:[0-9a-f]{64})?$/);
    expect(app.environment?.REDIS_URL).toMatch(/^redis:\/\/redis:6379\//);
  });

  it('gives the app longer to stop than its drain and shutdown deadline', () => {
    const drainMs = Number(app.environment?.SHUTDOWN_DRAIN_SECONDS ?? readEnvExample().env.SHUTDOWN_DRAIN_SECONDS ?? 0) * 1000;
    expect(composeDurationMs(app.stop_grace_period ?? '10s')).toBeGreaterThan(drainMs + SHUTDOWN_DEADLINE_MS);
  });
});
