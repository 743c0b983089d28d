/**
 * Environment → a typed, validated Config. The one place that reads process.env.
 *
 * Each mix of credentials works: no Slack credentials starts the local playground (Slack
 * emulator); no SERVICE_BASE_URL starts the embedded demo service. A wrong value stops start-up
 * with one line naming the variable, what is wrong and an example — never the value of a secret.
 */
import path from 'node:path';
import { z } from 'zod';
import { parseEncryptionKey } from './secrets/secret-box.js';
import { parseNodeList, type RedisConnection } from './store/redis-connection.js';

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

/** A variable as set: trimmed, and blank counted as unset (an empty `FOO=` in a compose file). */
const setting = z
  .string()
  .optional()
  .transform((raw) => raw?.trim() || undefined);

/** Issue messages are the problem only; loadConfig prefixes the variable and adds its example. */
function fail(ctx: z.RefinementCtx, message: string): never {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
}

function numberIn(fallback: number, min: number, max: number) {
  return setting.transform((raw, ctx) => {
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (Number.isFinite(value) && value >= min && value <= max) return value;
    return fail(ctx, `must be a number from ${min} to ${max}, got "${raw}"`);
  });
}

function portNumber(fallback: number) {
  return setting.transform((raw, ctx) => {
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (Number.isInteger(value) && value >= 0 && value <= 65_535) return value;
    return fail(ctx, `must be a port number from 0 to 65535, got "${raw}"`);
  });
}

/** Case-insensitive choice. */
function oneOf<const T extends string>(allowed: readonly T[], fallback: T) {
  return setting.transform((raw, ctx): T => {
    if (raw === undefined) return fallback;
    const lower = raw.toLowerCase() as T;
    if (allowed.includes(lower)) return lower;
    return fail(ctx, `must be one of ${allowed.join(', ')}, got "${raw}"`);
  });
}

/** A secret token with a known prefix; the message never repeats the value. */
function token(prefix: string, problem: string) {
  return setting.refine((raw) => raw === undefined || raw.startsWith(prefix), problem);
}

const httpUrl = setting.transform((raw, ctx) => {
  if (raw === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    return fail(ctx, 'is not a valid URL');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return fail(ctx, 'must be an http:// or https:// URL');
  return raw;
});

/** An integer in [min, max]; unset stays undefined, so the default lives with the code that uses it. */
function optionalIntegerIn(min: number, max: number) {
  return setting.transform((raw, ctx) => {
    if (raw === undefined) return undefined;
    const value = Number(raw);
    if (Number.isInteger(value) && value >= min && value <= max) return value;
    return fail(ctx, `must be a whole number from ${min} to ${max}, got "${raw}"`);
  });
}

const redisUrl = setting.refine((raw) => raw === undefined || /^rediss?:\/\//.test(raw), 'must start with redis:// or rediss://');

/** `host:port,host:port`: Redis Cluster seed nodes or sentinels. */
const redisNodes = setting.transform((raw, ctx) => {
  if (raw === undefined) return undefined;
  const parsed = parseNodeList(raw);
  return 'nodes' in parsed ? parsed.nodes : fail(ctx, `must be host:port entries separated by commas, got "${parsed.bad}"`);
});

const domainList = setting.transform((raw, ctx) => {
  const domains = (raw ?? '')
    .split(',')
    .map((d) => d.trim().toLowerCase())
    .filter(Boolean);
  const bad = domains.find((d) => !/^[a-z0-9.-]+(:\d+)?$/.test(d));
  return bad === undefined ? domains : fail(ctx, `has an invalid domain "${bad}"`);
});

const instanceId = setting.refine(
  (raw) => raw === undefined || /^[A-Za-z0-9._:-]{1,100}$/.test(raw),
  'may hold only letters, digits, . _ : - (at most 100)',
);

/** The service's agent id: an integer that may pass 2^53, so kept as its decimal text. */
const agentId = setting.refine(
  (raw) => raw === undefined || /^[1-9]\d{0,30}$/.test(raw),
  "must be the agent's integer id, e.g. 11887655289749510",
);

/** `true`/`false` (also 1/0, yes/no). */
function flag(fallback: boolean) {
  return setting.transform((raw, ctx) => {
    if (raw === undefined) return fallback;
    const lower = raw.toLowerCase();
    if (['true', '1', 'yes'].includes(lower)) return true;
    if (['false', '0', 'no'].includes(lower)) return false;
    return fail(ctx, `must be true or false, got "${raw}"`);
  });
}

/** Comma-separated 32-byte keys (base64 or hex), newest first; the message never repeats a key. */
const encryptionKeys = setting.transform((raw, ctx) => {
  if (raw === undefined) return undefined;
  const parts = raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const keys = parts.map(parseEncryptionKey);
  const bad = keys.indexOf(undefined);
  if (parts.length === 0 || bad >= 0) {
    return fail(ctx, `must be 32-byte keys in base64 or hex, newest first, separated by commas (key ${bad + 1} is not)`);
  }
  return keys as Buffer[];
});

/** Read only in playground and demo mode respectively, so checked only there (see configSchema). */
const playgroundPort = portNumber(8080);
const emulatorAgentSpeed = numberIn(2, 0.1, 1000);
/** The day the demo data end on: a real YYYY-MM-DD, or `today` (the default, as undefined). */
const emulatorDataDate = setting.transform((raw, ctx) => {
  if (raw === undefined || raw.toLowerCase() === 'today') return undefined;
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(raw) ? Date.parse(`${raw}T00:00:00Z`) : Number.NaN;
  if (Number.isFinite(ms) && new Date(ms).toISOString().startsWith(raw)) return raw;
  return fail(ctx, `must be a date YYYY-MM-DD or "today", got "${raw}"`);
});

/** Every variable the app reads, with its rule; the order is the order problems are reported in. */
const envSchema = z.object({
  SLACK_API_URL: httpUrl,
  SLACK_BOT_TOKEN: token('xoxb-', 'must be a bot token starting with xoxb-'),
  SLACK_APP_TOKEN: token('xapp-', 'must be an app-level token starting with xapp-'),
  SLACK_SIGNING_SECRET: setting,
  SLACK_CLIENT_ID: setting,
  SLACK_CLIENT_SECRET: setting,
  SLACK_STATE_SECRET: setting,
  SLACK_REDIRECT_URI: httpUrl,
  /** Slack's OAuth authorize page; set only to point installs at a Slack emulator. */
  SLACK_AUTHORIZE_URL: httpUrl,
  SECRETS_ENCRYPTION_KEY: encryptionKeys,
  PLAYGROUND_PORT: setting,
  SERVICE_BASE_URL: httpUrl,
  SERVICE_API_KEY: setting,
  SERVICE_AGENT_ID: agentId,
  /** OAuth mode: a workspace may connect to another deployment of the service (its own base URL). */
  SERVICE_ALLOW_CUSTOM_BASE_URL: flag(false),
  EMULATOR_AGENT_SPEED: setting,
  EMULATOR_DATA_DATE: setting,
  SLACK_STREAMING: oneOf(['auto', 'native', 'update'], 'auto'),
  LOG_LEVEL: oneOf(['debug', 'info', 'warn', 'error'], 'info'),
  REDIS_URL: redisUrl,
  REDIS_CLUSTER_NODES: redisNodes,
  REDIS_SENTINELS: redisNodes,
  REDIS_SENTINEL_NAME: setting,
  REDIS_PASSWORD: setting,
  DOCUMENT_URL_DOMAINS: domainList,
  SERVICE_TIMEOUT_MS: numberIn(15_000, 100, 600_000),
  SERVICE_MAX_CONNECTIONS: optionalIntegerIn(0, 100_000),
  PORT: portNumber(3000),
  HOST: setting,
  DATA_DIR: setting,
  AGENT_IDLE_TIMEOUT_SECONDS: numberIn(600, 5, 86_400),
  RUN_LEASE_SECONDS: numberIn(30, 2, 3600),
  DIGEST_GRACE_MINUTES: numberIn(60, 0, 10_080),
  /** Minutes between polls of each watch (watchlists). */
  WATCH_POLL_MINUTES: numberIn(5, 1, 1_440),
  /** Service calls the watch poller may make per minute, across all watches and replicas. */
  WATCH_CALLS_PER_MINUTE: numberIn(30, 1, 6_000),
  INSTANCE_ID: instanceId,
});

type EnvName = keyof typeof envSchema.shape;
type Env = z.output<typeof envSchema>;

/** The example printed with a problem; no real secret ever appears here. */
const EXAMPLES: Record<EnvName, string> = {
  SLACK_API_URL: 'https://slack.com/api/',
  SLACK_BOT_TOKEN: 'xoxb-…',
  SLACK_APP_TOKEN: 'xapp-…',
  SLACK_SIGNING_SECRET: '<the Signing Secret from Basic Information>',
  SLACK_CLIENT_ID: '<the Client ID from Basic Information>',
  SLACK_CLIENT_SECRET: '<the Client Secret from Basic Information>',
  SLACK_STATE_SECRET: '<a long random string, e.g. openssl rand -hex 32>',
  SLACK_REDIRECT_URI: 'https://desk.example.com/slack/oauth_redirect',
  SLACK_AUTHORIZE_URL: 'https://slack.com/oauth/v2/authorize',
  SECRETS_ENCRYPTION_KEY: '<openssl rand -base64 32>[,<the previous key>]',
  PLAYGROUND_PORT: '8080',
  SERVICE_BASE_URL: 'https://research.example.com',
  SERVICE_API_KEY: '<your API key>',
  SERVICE_AGENT_ID: '11887655289749510',
  SERVICE_ALLOW_CUSTOM_BASE_URL: 'false',
  EMULATOR_AGENT_SPEED: '2',
  EMULATOR_DATA_DATE: '2025-06-30',
  SLACK_STREAMING: 'auto',
  LOG_LEVEL: 'info',
  REDIS_URL: 'redis://127.0.0.1:6379/0',
  REDIS_CLUSTER_NODES: 'redis-0:6379,redis-1:6379,redis-2:6379',
  REDIS_SENTINELS: 'sentinel-0:26379,sentinel-1:26379,sentinel-2:26379',
  REDIS_SENTINEL_NAME: 'mymaster',
  REDIS_PASSWORD: '<the password of the Redis nodes>',
  DOCUMENT_URL_DOMAINS: 'research.example.com,docs.example.com',
  SERVICE_TIMEOUT_MS: '15000',
  SERVICE_MAX_CONNECTIONS: '512',
  PORT: '3000',
  HOST: '0.0.0.0',
  DATA_DIR: 'data',
  AGENT_IDLE_TIMEOUT_SECONDS: '600',
  RUN_LEASE_SECONDS: '30',
  DIGEST_GRACE_MINUTES: '60',
  WATCH_POLL_MINUTES: '5',
  WATCH_CALLS_PER_MINUTE: '30',
  INSTANCE_ID: 'research-desk-0',
};

/** Runs a rule for a variable only one mode reads, reporting under that variable. */
function checkIn<T>(ctx: z.RefinementCtx, name: EnvName, rule: z.ZodType<T>, raw: string | undefined): T {
  const result = rule.safeParse(raw);
  if (result.success) return result.data;
  for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: [name] });
  return z.NEVER;
}

function issue(ctx: z.RefinementCtx, variable: EnvName, message: string): never {
  ctx.addIssue({ code: 'custom', message, path: [variable] });
  return z.NEVER;
}

/** OAuth distribution: many workspaces install the app; each connects its own service key. */
function oauthFrom(e: Env, ctx: z.RefinementCtx, apiUrl: { apiUrl?: string }) {
  if (e.SLACK_BOT_TOKEN) {
    return issue(
      ctx,
      'SLACK_BOT_TOKEN',
      'cannot be set with SLACK_CLIENT_ID: pick one workspace (SLACK_BOT_TOKEN) or OAuth installs (SLACK_CLIENT_ID)',
    );
  }
  if (!e.SLACK_CLIENT_SECRET) return issue(ctx, 'SLACK_CLIENT_SECRET', 'is required with SLACK_CLIENT_ID');
  if (!e.SLACK_STATE_SECRET || e.SLACK_STATE_SECRET.length < 16) {
    return issue(ctx, 'SLACK_STATE_SECRET', 'is required with SLACK_CLIENT_ID (at least 16 characters): it signs the OAuth state');
  }
  if (!e.SECRETS_ENCRYPTION_KEY) {
    return issue(ctx, 'SECRETS_ENCRYPTION_KEY', 'is required with SLACK_CLIENT_ID: installations and service keys are stored encrypted');
  }
  if (!e.SLACK_APP_TOKEN && !e.SLACK_SIGNING_SECRET) {
    return issue(ctx, 'SLACK_SIGNING_SECRET', 'is required with SLACK_CLIENT_ID (or set SLACK_APP_TOKEN for Socket Mode)');
  }
  const oauth = {
    clientId: e.SLACK_CLIENT_ID as string,
    clientSecret: e.SLACK_CLIENT_SECRET,
    stateSecret: e.SLACK_STATE_SECRET,
    ...(e.SLACK_REDIRECT_URI ? { redirectUri: e.SLACK_REDIRECT_URI } : {}),
    ...(e.SLACK_AUTHORIZE_URL ? { authorizationUrl: e.SLACK_AUTHORIZE_URL } : {}),
  };
  return e.SLACK_APP_TOKEN
    ? { mode: 'socket' as const, appToken: e.SLACK_APP_TOKEN, oauth, ...apiUrl }
    : { mode: 'http' as const, signingSecret: e.SLACK_SIGNING_SECRET as string, oauth, ...apiUrl };
}

function slackFrom(e: Env, ctx: z.RefinementCtx) {
  const botToken = e.SLACK_BOT_TOKEN;
  const apiUrl = e.SLACK_API_URL ? { apiUrl: e.SLACK_API_URL } : {};
  if (e.SLACK_CLIENT_ID) return oauthFrom(e, ctx, apiUrl);
  for (const variable of ['SLACK_CLIENT_SECRET', 'SLACK_STATE_SECRET', 'SLACK_REDIRECT_URI'] as const) {
    if (e[variable]) return issue(ctx, 'SLACK_CLIENT_ID', `is required when ${variable} is set (OAuth installs)`);
  }
  if (!botToken) {
    if (e.SLACK_APP_TOKEN || e.SLACK_SIGNING_SECRET) {
      ctx.addIssue({
        code: 'custom',
        message: 'is required when SLACK_APP_TOKEN or SLACK_SIGNING_SECRET is set',
        path: ['SLACK_BOT_TOKEN'],
      });
      return z.NEVER;
    }
    return { mode: 'playground' as const, playgroundPort: checkIn(ctx, 'PLAYGROUND_PORT', playgroundPort, e.PLAYGROUND_PORT) };
  }
  if (e.SLACK_APP_TOKEN) {
    const signingSecret = e.SLACK_SIGNING_SECRET ? { signingSecret: e.SLACK_SIGNING_SECRET } : {};
    return { mode: 'socket' as const, botToken, appToken: e.SLACK_APP_TOKEN, ...signingSecret, ...apiUrl };
  }
  if (e.SLACK_SIGNING_SECRET) return { mode: 'http' as const, botToken, signingSecret: e.SLACK_SIGNING_SECRET, ...apiUrl };
  ctx.addIssue({
    code: 'custom',
    message: 'is required in HTTP mode (or set SLACK_APP_TOKEN for Socket Mode)',
    path: ['SLACK_SIGNING_SECRET'],
  });
  return z.NEVER;
}

function serviceFrom(e: Env, ctx: z.RefinementCtx) {
  if (e.SLACK_CLIENT_ID && e.SERVICE_API_KEY) {
    return issue(ctx, 'SERVICE_API_KEY', 'is for one workspace; with SLACK_CLIENT_ID each workspace connects its own key from App Home');
  }
  if (e.SLACK_CLIENT_ID && e.SERVICE_BASE_URL) {
    return {
      mode: 'per-workspace' as const,
      baseUrl: e.SERVICE_BASE_URL.replace(/\/+$/, ''),
      allowCustomBaseUrl: e.SERVICE_ALLOW_CUSTOM_BASE_URL,
      ...(e.SERVICE_AGENT_ID ? { agentId: e.SERVICE_AGENT_ID } : {}),
    };
  }
  if (e.SERVICE_BASE_URL) {
    if (!e.SERVICE_API_KEY) {
      ctx.addIssue({ code: 'custom', message: 'is required when SERVICE_BASE_URL is set', path: ['SERVICE_API_KEY'] });
      return z.NEVER;
    }
    return {
      mode: 'remote' as const,
      baseUrl: e.SERVICE_BASE_URL.replace(/\/+$/, ''),
      apiKey: e.SERVICE_API_KEY,
      ...(e.SERVICE_AGENT_ID ? { agentId: e.SERVICE_AGENT_ID } : {}),
    };
  }
  if (e.SERVICE_API_KEY) {
    ctx.addIssue({ code: 'custom', message: 'is required when SERVICE_API_KEY is set', path: ['SERVICE_BASE_URL'] });
    return z.NEVER;
  }
  const dataDate = checkIn(ctx, 'EMULATOR_DATA_DATE', emulatorDataDate, e.EMULATOR_DATA_DATE);
  return {
    mode: 'demo' as const,
    agentSpeed: checkIn(ctx, 'EMULATOR_AGENT_SPEED', emulatorAgentSpeed, e.EMULATOR_AGENT_SPEED),
    // Unset: today, decided at start-up (main.ts), so the demo data are current.
    ...(dataDate ? { dataDate } : {}),
  };
}

/** One of REDIS_URL, REDIS_CLUSTER_NODES, REDIS_SENTINELS (+ REDIS_SENTINEL_NAME), or none: the file store. */
function redisFrom(e: Env, ctx: z.RefinementCtx): RedisConnection | undefined {
  const set = (['REDIS_URL', 'REDIS_CLUSTER_NODES', 'REDIS_SENTINELS'] as const).filter((name) => e[name] !== undefined);
  if (set.length > 1) {
    ctx.addIssue({ code: 'custom', message: `cannot be set together with ${set[0]}: pick one Redis topology`, path: [set[1] as string] });
    return z.NEVER;
  }
  const password = e.REDIS_PASSWORD === undefined ? {} : { password: e.REDIS_PASSWORD };
  if (e.REDIS_CLUSTER_NODES) return { kind: 'cluster', nodes: e.REDIS_CLUSTER_NODES, ...password };
  if (e.REDIS_SENTINELS) {
    if (!e.REDIS_SENTINEL_NAME) {
      ctx.addIssue({
        code: 'custom',
        message: 'is required with REDIS_SENTINELS (the master name the sentinels monitor)',
        path: ['REDIS_SENTINEL_NAME'],
      });
      return z.NEVER;
    }
    return { kind: 'sentinel', sentinels: e.REDIS_SENTINELS, name: e.REDIS_SENTINEL_NAME, ...password };
  }
  if (e.REDIS_PASSWORD !== undefined) {
    ctx.addIssue({
      code: 'custom',
      message: "applies only with REDIS_CLUSTER_NODES or REDIS_SENTINELS (put a single server's password in REDIS_URL)",
      path: ['REDIS_PASSWORD'],
    });
    return z.NEVER;
  }
  return e.REDIS_URL === undefined ? undefined : { kind: 'single', url: e.REDIS_URL };
}

function redisPassword(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.password ? decodeURIComponent(parsed.password) : undefined;
  } catch {
    // Not parseable as a URL: ioredis will refuse it at connect time; there is no password to redact.
    return undefined;
  }
}

/** Environment → Config; rules that join variables (which mode, which credentials go together) live here. */
const configSchema = envSchema.transform((e, ctx) => {
  const slack = slackFrom(e, ctx);
  const service = serviceFrom(e, ctx);
  const redis = redisFrom(e, ctx);
  return {
    slack,
    service,
    serviceTimeoutMs: e.SERVICE_TIMEOUT_MS,
    /** Keep-alive connections to the service for calls (0: no limit; unset: the client's default). */
    serviceMaxConnections: e.SERVICE_MAX_CONNECTIONS,
    /** The app's own HTTP server: Slack requests (HTTP mode), /healthz and /readyz. */
    port: e.PORT,
    /** Interface to listen on; unset means 0.0.0.0 with real Slack and 127.0.0.1 for the playground. */
    host: e.HOST,
    /** Redis for shared state (several replicas): one server, a Cluster or Sentinel; unset: the file store. */
    redis,
    /** As set (default `data`); loadConfig resolves it against the working directory. */
    dataDir: e.DATA_DIR ?? 'data',
    streaming: e.SLACK_STREAMING,
    // The demo service's documents live on research.example.com; a real service's domain must be named.
    documentUrlDomains:
      e.DOCUMENT_URL_DOMAINS.length > 0 ? e.DOCUMENT_URL_DOMAINS : service.mode === 'demo' ? ['research.example.com'] : [],
    logLevel: e.LOG_LEVEL,
    agentIdleTimeoutMs: e.AGENT_IDLE_TIMEOUT_SECONDS * 1000,
    runLeaseMs: e.RUN_LEASE_SECONDS * 1000,
    digestGraceMs: e.DIGEST_GRACE_MINUTES * 60_000,
    watchPollMs: e.WATCH_POLL_MINUTES * 60_000,
    watchCallsPerMinute: e.WATCH_CALLS_PER_MINUTE,
    /**
     * Stable id of this replica (e.g. the pod name). A replica restarted with the same id takes its
     * runs back at once instead of after their lease expires; replicas running at once must differ.
     */
    instanceId: e.INSTANCE_ID,
    /** Keys sealing stored credentials, newest first (required with OAuth installs). */
    encryptionKeys: e.SECRETS_ENCRYPTION_KEY,
    /** Every secret value, for the log redactor. */
    secrets: [
      e.SLACK_BOT_TOKEN,
      e.SLACK_APP_TOKEN,
      e.SLACK_SIGNING_SECRET,
      e.SLACK_CLIENT_SECRET,
      e.SLACK_STATE_SECRET,
      ...(e.SECRETS_ENCRYPTION_KEY ?? []).flatMap((key) => [key.toString('base64'), key.toString('hex')]),
      e.SERVICE_API_KEY,
      redisPassword(e.REDIS_URL),
      e.REDIS_PASSWORD,
    ].filter((s): s is string => typeof s === 'string'),
  };
});

export type Config = z.output<typeof configSchema>;
export type SlackConfig = Config['slack'];
export type ServiceConfig = Config['service'];
export type StreamingMode = Config['streaming'];
export type LogLevelName = Config['logLevel'];

export function loadConfig(env: Record<string, string | undefined> = process.env, cwd: string = process.cwd()): Config {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0];
    const variable = String(issue?.path[0]) as EnvName;
    throw new ConfigError(variable, issue?.message ?? 'is invalid', EXAMPLES[variable]);
  }
  return { ...result.data, dataDir: path.resolve(cwd, result.data.dataDir) };
}
