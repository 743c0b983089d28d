/**
 * Environment → a typed, validated Config. The one place that reads process.env.
 *
 * Each mix of credentials works: no Slack credentials starts the local playground (Slack
 * emulator); no SERVICE_BASE_URL starts the embedded demo service. A wrong value stops start-up
 * with one line naming the variable, what is wrong and an example — never the value of a secret.
 */
import path from 'node:path';

export type StreamingMode = 'auto' | 'native' | 'update';
export type LogLevelName = 'debug' | 'info' | 'warn' | 'error';

export type SlackConfig =
  | { mode: 'playground'; playgroundPort: number }
  | { mode: 'socket'; botToken: string; appToken: string; signingSecret?: string; apiUrl?: string }
  | { mode: 'http'; botToken: string; signingSecret: string; apiUrl?: string };

export type ServiceConfig = { mode: 'demo'; agentSpeed: number } | { mode: 'remote'; baseUrl: string; apiKey: string };

export interface Config {
  slack: SlackConfig;
  service: ServiceConfig;
  serviceTimeoutMs: number;
  /** The app's own HTTP server: Slack requests (HTTP mode), /healthz and /readyz. */
  port: number;
  /** Interface to listen on; unset means 0.0.0.0 with real Slack and 127.0.0.1 for the playground. */
  host?: string;
  redisUrl?: string;
  dataDir: string;
  streaming: StreamingMode;
  documentUrlDomains: string[];
  logLevel: LogLevelName;
  agentIdleTimeoutMs: number;
  runLeaseMs: number;
  digestGraceMs: number;
  /**
   * Stable id of this replica (e.g. the pod name). A replica restarted with the same id takes its
   * runs back at once instead of after their lease expires; replicas running at once must differ.
   */
  instanceId?: string;
  /** Every secret value, for the log redactor. */
  secrets: string[];
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(
    readonly variable: string,
    problem: string,
    example: string,
  ) {
    super(`${variable} ${problem} (example: ${variable}=${example})`);
  }
}

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const read = (name: string): string | undefined => {
    const raw = env[name];
    return raw === undefined || raw.trim() === '' ? undefined : raw.trim();
  };

  const botToken = read('SLACK_BOT_TOKEN');
  const appToken = read('SLACK_APP_TOKEN');
  const signingSecret = read('SLACK_SIGNING_SECRET');
  const apiUrl = optionalUrl(read, 'SLACK_API_URL', 'https://slack.com/api/');

  let slack: SlackConfig;
  if (!botToken) {
    if (appToken || signingSecret) {
      throw new ConfigError('SLACK_BOT_TOKEN', 'is required when SLACK_APP_TOKEN or SLACK_SIGNING_SECRET is set', 'xoxb-…');
    }
    slack = { mode: 'playground', playgroundPort: port(read, 'PLAYGROUND_PORT', 8080) };
  } else {
    if (!botToken.startsWith('xoxb-')) {
      throw new ConfigError('SLACK_BOT_TOKEN', 'must be a bot token starting with xoxb-', 'xoxb-…');
    }
    if (appToken) {
      if (!appToken.startsWith('xapp-')) {
        throw new ConfigError('SLACK_APP_TOKEN', 'must be an app-level token starting with xapp-', 'xapp-…');
      }
      slack = { mode: 'socket', botToken, appToken, signingSecret, apiUrl };
    } else if (signingSecret) {
      slack = { mode: 'http', botToken, signingSecret, apiUrl };
    } else {
      throw new ConfigError(
        'SLACK_SIGNING_SECRET',
        'is required in HTTP mode (or set SLACK_APP_TOKEN for Socket Mode)',
        '<the Signing Secret from Basic Information>',
      );
    }
  }

  const baseUrl = optionalUrl(read, 'SERVICE_BASE_URL', 'https://research.example.com');
  const apiKey = read('SERVICE_API_KEY');
  let service: ServiceConfig;
  if (baseUrl) {
    if (!apiKey) throw new ConfigError('SERVICE_API_KEY', 'is required when SERVICE_BASE_URL is set', '<your API key>');
    service = { mode: 'remote', baseUrl: baseUrl.replace(/\/+$/, ''), apiKey };
  } else {
    if (apiKey) throw new ConfigError('SERVICE_BASE_URL', 'is required when SERVICE_API_KEY is set', 'https://research.example.com');
    service = { mode: 'demo', agentSpeed: number(read, 'EMULATOR_AGENT_SPEED', 2, { min: 0.1, max: 1000 }) };
  }

  const streaming = oneOf(read, 'SLACK_STREAMING', ['auto', 'native', 'update'] as const, 'auto');
  const logLevel = oneOf(read, 'LOG_LEVEL', ['debug', 'info', 'warn', 'error'] as const, 'info');
  const redisUrl = read('REDIS_URL');
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl)) {
    throw new ConfigError('REDIS_URL', 'must start with redis:// or rediss://', 'redis://127.0.0.1:6379/0');
  }

  const domains = (read('DOCUMENT_URL_DOMAINS') ?? '')
    .split(',')
    .map((d) => d.trim().toLowerCase())
    .filter(Boolean);
  for (const d of domains) {
    if (!/^[a-z0-9.-]+(:\d+)?$/.test(d)) {
      throw new ConfigError('DOCUMENT_URL_DOMAINS', `has an invalid domain "${d}"`, 'research.example.com,docs.example.com');
    }
  }

  return {
    slack,
    service,
    serviceTimeoutMs: number(read, 'SERVICE_TIMEOUT_MS', 15_000, { min: 100, max: 600_000 }),
    port: port(read, 'PORT', 3000),
    host: read('HOST'),
    redisUrl,
    dataDir: path.resolve(cwd, read('DATA_DIR') ?? 'data'),
    streaming,
    // The demo service's documents live on research.example.com; a real service's domain must be named.
    documentUrlDomains: domains.length > 0 ? domains : service.mode === 'demo' ? ['research.example.com'] : [],
    logLevel,
    agentIdleTimeoutMs: number(read, 'AGENT_IDLE_TIMEOUT_SECONDS', 600, { min: 5, max: 86_400 }) * 1000,
    runLeaseMs: number(read, 'RUN_LEASE_SECONDS', 30, { min: 2, max: 3600 }) * 1000,
    digestGraceMs: number(read, 'DIGEST_GRACE_MINUTES', 60, { min: 0, max: 10_080 }) * 60_000,
    instanceId: instanceIdFrom(read('INSTANCE_ID')),
    secrets: [botToken, appToken, signingSecret, apiKey, redisPassword(redisUrl)].filter((s): s is string => typeof s === 'string'),
  };
}

function number(read: (n: string) => string | undefined, name: string, fallback: number, bounds: { min: number; max: number }): number {
  const raw = read(name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < bounds.min || value > bounds.max) {
    throw new ConfigError(name, `must be a number from ${bounds.min} to ${bounds.max}, got "${raw}"`, String(fallback));
  }
  return value;
}

function port(read: (n: string) => string | undefined, name: string, fallback: number): number {
  const raw = read(name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65_535) {
    throw new ConfigError(name, `must be a port number from 0 to 65535, got "${raw}"`, String(fallback));
  }
  return value;
}

function oneOf<T extends string>(read: (n: string) => string | undefined, name: string, allowed: readonly T[], fallback: T): T {
  const raw = read(name);
  if (raw === undefined) return fallback;
  const lower = raw.toLowerCase() as T;
  if (!allowed.includes(lower)) {
    throw new ConfigError(name, `must be one of ${allowed.join(', ')}, got "${raw}"`, fallback);
  }
  return lower;
}

function optionalUrl(read: (n: string) => string | undefined, name: string, example: string): string | undefined {
  const raw = read(name);
  if (raw === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, 'is not a valid URL', example);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new ConfigError(name, 'must be an http:// or https:// URL', example);
  }
  return raw;
}

function redisPassword(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.password ? decodeURIComponent(parsed.password) : undefined;
  } catch {
    return undefined;
  }
}

function instanceIdFrom(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  if (!/^[A-Za-z0-9._:-]{1,100}$/.test(raw)) {
    throw new ConfigError('INSTANCE_ID', 'may hold only letters, digits, . _ : - (at most 100)', 'research-desk-0');
  }
  return raw;
}
