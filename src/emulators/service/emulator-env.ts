/**
 * Environment → emulator options for the CLI. A bad value is reported with the variable's name,
 * the problem and an example; the API key is never echoed.
 */
import type { NumericFaultKey, ServiceFaults } from './faults.js';
import type { ServiceEmulatorOptions } from './index.js';
import { VARIANTS, type Variant } from './variants.js';

export class EnvConfigError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
    example: string,
  ) {
    super(`${variable}: ${problem} (example: ${variable}=${example})`);
    this.name = 'EnvConfigError';
  }
}

type Env = Record<string, string | undefined>;

function num(env: Env, name: string, example: string, check: (n: number) => boolean, problem: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n) || !check(n)) throw new EnvConfigError(name, problem, example);
  return n;
}

const nonNegativeInt = (n: number): boolean => Number.isInteger(n) && n >= 0;

/** Fault variables: EMULATOR_LATENCY_MS, EMULATOR_ERROR_RATE, EMULATOR_RATE_LIMIT_EVERY, … */
export const FAULT_ENV: ReadonlyArray<{ name: string; key: NumericFaultKey; example: string; rate?: boolean }> = [
  { name: 'EMULATOR_LATENCY_MS', key: 'latencyMs', example: '250' },
  { name: 'EMULATOR_ERROR_RATE', key: 'errorRate', example: '0.1', rate: true },
  { name: 'EMULATOR_RATE_LIMIT_EVERY', key: 'rateLimitEvery', example: '5' },
  { name: 'EMULATOR_RETRY_AFTER_SECONDS', key: 'retryAfterSeconds', example: '2' },
  { name: 'EMULATOR_DROP_STREAM_AFTER', key: 'dropStreamAfterEvents', example: '20' },
  { name: 'EMULATOR_MALFORMED_EVERY', key: 'malformedEventEvery', example: '10' },
  { name: 'EMULATOR_DUPLICATE_EVERY', key: 'duplicateEventEvery', example: '7' },
  { name: 'EMULATOR_REORDER_EVERY', key: 'reorderEventEvery', example: '5' },
  { name: 'EMULATOR_SKIP_LIVE_EVERY', key: 'skipLiveEventEvery', example: '6' },
  { name: 'EMULATOR_UNANSWERED_CHATS', key: 'unansweredChats', example: '1' },
];

/** EMULATOR_DATA_DATE: the day the demo data end on (YYYY-MM-DD), or today (unset or `today`). */
function dataAnchorMs(env: Env, now: number): number {
  const raw = env.EMULATOR_DATA_DATE?.trim();
  const day = !raw || raw.toLowerCase() === 'today' ? new Date(now).toISOString().slice(0, 10) : raw;
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(day) ? Date.parse(`${day}T00:00:00Z`) : Number.NaN;
  if (!Number.isFinite(ms) || !new Date(ms).toISOString().startsWith(day))
    throw new EnvConfigError('EMULATOR_DATA_DATE', 'must be a date YYYY-MM-DD or "today"', '2025-06-30');
  return ms;
}

/** `now` decides what "today" is for EMULATOR_DATA_DATE. */
export function optionsFromEnv(env: Env, now: number = Date.now()): ServiceEmulatorOptions & { port: number } {
  const port = num(env, 'PORT', '8787', (n) => Number.isInteger(n) && n >= 0 && n <= 65_535, 'must be a port number 0..65535') ?? 8787;
  const variantRaw = env.EMULATOR_VARIANT?.trim();
  if (variantRaw && !VARIANTS.includes(variantRaw as Variant))
    throw new EnvConfigError('EMULATOR_VARIANT', `must be one of ${VARIANTS.join(', ')}`, 'latest');
  const agentSpeed = num(env, 'EMULATOR_AGENT_SPEED', '50', (n) => n > 0 && n <= 10_000, 'must be a number > 0') ?? 1;
  const faults: Partial<ServiceFaults> = {};
  for (const f of FAULT_ENV) {
    const value = f.rate
      ? num(env, f.name, f.example, (n) => n >= 0 && n <= 1, 'must be a number between 0 and 1')
      : num(env, f.name, f.example, nonNegativeInt, 'must be a whole number >= 0');
    if (value !== undefined) faults[f.key] = value;
  }
  const apiKey = env.SERVICE_EMULATOR_KEY;
  if (apiKey !== undefined && apiKey.trim() === '') throw new EnvConfigError('SERVICE_EMULATOR_KEY', 'must not be empty', 'demo-key');
  const stateFile = env.EMULATOR_STATE_FILE?.trim();
  return {
    port,
    host: env.EMULATOR_HOST?.trim() || '127.0.0.1',
    apiKey: apiKey ?? 'demo-key',
    variant: (variantRaw as Variant | undefined) ?? 'latest',
    agentSpeed,
    faults,
    datasetAnchorMs: dataAnchorMs(env, now),
    ...(stateFile ? { stateFile } : {}),
  };
}
