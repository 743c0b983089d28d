/**
 * OpenTelemetry tracing: off unless an OTLP endpoint is set. The SDK reads the standard OTEL_*
 * variables itself (sampler, batch processor, resource attributes, headers, protocol); they are
 * checked here first, so a typo stops start-up with one line instead of being ignored by the SDK
 * with a warning nobody reads.
 * @see https://opentelemetry.io/docs/specs/otel/configuration/sdk-environment-variables/
 * @see https://opentelemetry.io/docs/specs/otel/protocol/exporter/
 */
import type { z } from 'zod';
import { fail, flag, httpUrl, oneOf, optionalIntegerIn, setting } from './variable-rules.js';

const SAMPLERS = [
  'always_on',
  'always_off',
  'traceidratio',
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
] as const;

/** A ratio for the traceidratio samplers, from 0 to 1. */
const samplerArg = setting.transform((raw, ctx) => {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (Number.isFinite(value) && value >= 0 && value <= 1) return value;
  return fail(ctx, `must be a number from 0 to 1 (the share of traces kept), got "${raw}"`);
});

/** `key=value` pairs, comma-separated; the message never repeats the value (it may hold a token). */
const otlpHeaders = setting.refine(
  (raw) => raw === undefined || raw.split(',').every((pair) => pair.trim() === '' || /^[^=\s]+\s*=/.test(pair.trim())),
  'must be comma-separated key=value pairs',
);

const DEFAULT_SERVICE_NAME = 'research-desk';

export const telemetryVariables = {
  OTEL_EXPORTER_OTLP_ENDPOINT: httpUrl,
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: httpUrl,
  OTEL_EXPORTER_OTLP_PROTOCOL: oneOf(['http/protobuf', 'http/json', 'grpc'], 'http/protobuf'),
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: oneOf(['http/protobuf', 'http/json', 'grpc'], 'http/protobuf'),
  OTEL_EXPORTER_OTLP_HEADERS: otlpHeaders,
  OTEL_EXPORTER_OTLP_TRACES_HEADERS: otlpHeaders,
  OTEL_SDK_DISABLED: flag(false),
  OTEL_SERVICE_NAME: setting,
  OTEL_TRACES_EXPORTER: setting,
  OTEL_TRACES_SAMPLER: oneOf(SAMPLERS, 'parentbased_always_on'),
  OTEL_TRACES_SAMPLER_ARG: samplerArg,
  OTEL_BSP_SCHEDULE_DELAY: optionalIntegerIn(0, 3_600_000),
  OTEL_BSP_EXPORT_TIMEOUT: optionalIntegerIn(0, 3_600_000),
  OTEL_BSP_MAX_QUEUE_SIZE: optionalIntegerIn(1, 1_000_000),
  OTEL_BSP_MAX_EXPORT_BATCH_SIZE: optionalIntegerIn(1, 1_000_000),
};

export const TELEMETRY_EXAMPLES: Record<keyof typeof telemetryVariables, string> = {
  OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel-collector:4318',
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://otel-collector:4318/v1/traces',
  OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf',
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/json',
  OTEL_EXPORTER_OTLP_HEADERS: 'authorization=Bearer%20<token>',
  OTEL_EXPORTER_OTLP_TRACES_HEADERS: 'x-api-key=<key>',
  OTEL_SDK_DISABLED: 'false',
  OTEL_SERVICE_NAME: DEFAULT_SERVICE_NAME,
  OTEL_TRACES_EXPORTER: 'otlp',
  OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
  OTEL_TRACES_SAMPLER_ARG: '0.25',
  OTEL_BSP_SCHEDULE_DELAY: '5000',
  OTEL_BSP_EXPORT_TIMEOUT: '30000',
  OTEL_BSP_MAX_QUEUE_SIZE: '2048',
  OTEL_BSP_MAX_EXPORT_BATCH_SIZE: '512',
};

export type TelemetryEnv = z.output<z.ZodObject<typeof telemetryVariables>>;

/** Tracing as configured: off (and why, for the start-up line), or on with where spans go. */
export type TracingConfig =
  | { enabled: false; reason: 'no OTLP endpoint' | 'OTEL_SDK_DISABLED' | 'OTEL_TRACES_EXPORTER=none' }
  | {
      enabled: true;
      serviceName: string;
      /** Scheme, host and port of the endpoint only: what a log line may show (no path, query or user info). */
      endpointOrigin: string;
    };

export function readTelemetry(e: TelemetryEnv): { tracing: TracingConfig } {
  const endpoint = e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? e.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (endpoint === undefined) return { tracing: { enabled: false, reason: 'no OTLP endpoint' } };
  if (e.OTEL_SDK_DISABLED) return { tracing: { enabled: false, reason: 'OTEL_SDK_DISABLED' } };
  if (e.OTEL_TRACES_EXPORTER?.toLowerCase() === 'none') return { tracing: { enabled: false, reason: 'OTEL_TRACES_EXPORTER=none' } };
  return {
    tracing: { enabled: true, serviceName: e.OTEL_SERVICE_NAME ?? DEFAULT_SERVICE_NAME, endpointOrigin: new URL(endpoint).origin },
  };
}

/** The header values (tokens, API keys for a hosted collector), for the log redactor. */
export function telemetrySecrets(e: TelemetryEnv): string[] {
  return [e.OTEL_EXPORTER_OTLP_HEADERS, e.OTEL_EXPORTER_OTLP_TRACES_HEADERS].flatMap((raw) =>
    (raw ?? '').split(',').flatMap((pair) => {
      const value = pair.slice(pair.indexOf('=') + 1).trim();
      if (!pair.includes('=') || value === '') return [];
      // The SDK URL-decodes values (`Bearer%20abc`): both spellings are redacted.
      const decoded = safeDecode(value);
      return decoded === value ? [value] : [value, decoded];
    }),
  );
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
