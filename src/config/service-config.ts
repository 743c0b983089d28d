/**
 * Which research service the app calls: a remote one with one key (SERVICE_API_KEY), one that each
 * workspace connects its own key to (with OAuth installs), or none (the embedded demo service);
 * and how: timeout, connection pool, the domains its documents live on.
 */
import type { z } from 'zod';
import { checkIn, fail, flag, httpUrl, issue, numberIn, optionalIntegerIn, setting } from './variable-rules.js';

/** The service's agent id: an integer that may pass 2^53, so kept as its decimal text. */
const agentId = setting.refine(
  (raw) => raw === undefined || /^[1-9]\d{0,30}$/.test(raw),
  "must be the agent's integer id, e.g. 11887655289749510",
);

const domainList = setting.transform((raw, ctx) => {
  const domains = (raw ?? '')
    .split(',')
    .map((d) => d.trim().toLowerCase())
    .filter(Boolean);
  const bad = domains.find((d) => !/^[a-z0-9.-]+(:\d+)?$/.test(d));
  return bad === undefined ? domains : fail(ctx, `has an invalid domain "${bad}"`);
});

/** Read only in demo mode, so checked only there (readService). */
const emulatorAgentSpeed = numberIn(2, 0.1, 1000);
/** The day the demo data end on: a real YYYY-MM-DD, or `today` (the default, as undefined). */
const emulatorDataDate = setting.transform((raw, ctx) => {
  if (raw === undefined || raw.toLowerCase() === 'today') return undefined;
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(raw) ? Date.parse(`${raw}T00:00:00Z`) : Number.NaN;
  if (Number.isFinite(ms) && new Date(ms).toISOString().startsWith(raw)) return raw;
  return fail(ctx, `must be a date YYYY-MM-DD or "today", got "${raw}"`);
});

export const serviceVariables = {
  SERVICE_BASE_URL: httpUrl,
  SERVICE_API_KEY: setting,
  SERVICE_AGENT_ID: agentId,
  /** OAuth mode: a workspace may connect to another deployment of the service (its own base URL). */
  SERVICE_ALLOW_CUSTOM_BASE_URL: flag(false),
  EMULATOR_AGENT_SPEED: setting,
  EMULATOR_DATA_DATE: setting,
  SERVICE_TIMEOUT_MS: numberIn(15_000, 100, 600_000),
  SERVICE_MAX_CONNECTIONS: optionalIntegerIn(0, 100_000),
  DOCUMENT_URL_DOMAINS: domainList,
};

export const SERVICE_EXAMPLES: Record<keyof typeof serviceVariables, string> = {
  SERVICE_BASE_URL: 'https://research.example.com',
  SERVICE_API_KEY: '<your API key>',
  SERVICE_AGENT_ID: '11887655289749510',
  SERVICE_ALLOW_CUSTOM_BASE_URL: 'false',
  EMULATOR_AGENT_SPEED: '2',
  EMULATOR_DATA_DATE: '2025-06-30',
  SERVICE_TIMEOUT_MS: '15000',
  SERVICE_MAX_CONNECTIONS: '512',
  DOCUMENT_URL_DOMAINS: 'research.example.com,docs.example.com',
};

export type ServiceEnv = z.output<z.ZodObject<typeof serviceVariables>>;

/** The service and how to call it; OAuth installs (SLACK_CLIENT_ID) make its key each workspace's own. */
export function readService(e: ServiceEnv & { SLACK_CLIENT_ID?: string | undefined }, ctx: z.RefinementCtx) {
  const service = serviceFrom(e, ctx);
  return {
    service,
    serviceTimeoutMs: e.SERVICE_TIMEOUT_MS,
    /** Keep-alive connections to the service for calls (0: no limit; unset: the client's default). */
    serviceMaxConnections: e.SERVICE_MAX_CONNECTIONS,
    // The demo service's documents live on research.example.com; a real service's domain must be named.
    documentUrlDomains:
      e.DOCUMENT_URL_DOMAINS.length > 0 ? e.DOCUMENT_URL_DOMAINS : service.mode === 'demo' ? ['research.example.com'] : [],
  };
}

function serviceFrom(e: ServiceEnv & { SLACK_CLIENT_ID?: string | undefined }, ctx: z.RefinementCtx) {
  if (e.SLACK_CLIENT_ID && e.SERVICE_API_KEY) {
    return issue(ctx, 'SERVICE_API_KEY', 'is for one workspace; with SLACK_CLIENT_ID each workspace connects its own key from App Home');
  }
  const agent = e.SERVICE_AGENT_ID ? { agentId: e.SERVICE_AGENT_ID } : {};
  if (e.SLACK_CLIENT_ID && e.SERVICE_BASE_URL) {
    return {
      mode: 'per-workspace' as const,
      baseUrl: e.SERVICE_BASE_URL.replace(/\/+$/, ''),
      allowCustomBaseUrl: e.SERVICE_ALLOW_CUSTOM_BASE_URL,
      ...agent,
    };
  }
  if (e.SERVICE_BASE_URL) {
    if (!e.SERVICE_API_KEY) return issue(ctx, 'SERVICE_API_KEY', 'is required when SERVICE_BASE_URL is set');
    return { mode: 'remote' as const, baseUrl: e.SERVICE_BASE_URL.replace(/\/+$/, ''), apiKey: e.SERVICE_API_KEY, ...agent };
  }
  if (e.SERVICE_API_KEY) return issue(ctx, 'SERVICE_BASE_URL', 'is required when SERVICE_API_KEY is set');
  const dataDate = checkIn(ctx, 'EMULATOR_DATA_DATE', emulatorDataDate, e.EMULATOR_DATA_DATE);
  return {
    mode: 'demo' as const,
    agentSpeed: checkIn(ctx, 'EMULATOR_AGENT_SPEED', emulatorAgentSpeed, e.EMULATOR_AGENT_SPEED),
    // Unset: today, decided at start-up (the playground), so the demo data are current.
    ...(dataDate ? { dataDate } : {}),
  };
}

export function serviceSecrets(e: ServiceEnv): Array<string | undefined> {
  return [e.SERVICE_API_KEY];
}
