import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../src/config/config-error.js';
import { loadConfig } from '../../../src/config/load-config.js';

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error(`no ConfigError for ${JSON.stringify(env)}`);
}

describe('tracing configuration (OTEL_*)', () => {
  it('is off without an OTLP endpoint, whatever else is set', () => {
    expect(loadConfig({}).tracing).toEqual({ enabled: false, reason: 'no OTLP endpoint' });
    expect(loadConfig({ OTEL_SERVICE_NAME: 'desk', OTEL_BSP_SCHEDULE_DELAY: '100' }).tracing.enabled).toBe(false);
    // Blank, as a compose file's `OTEL_EXPORTER_OTLP_ENDPOINT=` leaves it, is unset.
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: ' ' }).tracing.enabled).toBe(false);
  });

  it('is on with OTEL_EXPORTER_OTLP_ENDPOINT or the traces endpoint, under the service name research-desk by default', () => {
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).tracing).toEqual({
      enabled: true,
      serviceName: 'research-desk',
      endpointOrigin: 'http://collector:4318',
    });
    expect(
      loadConfig({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://user:pw@otel.example.com/v1/traces?x=1', OTEL_SERVICE_NAME: 'desk-eu' })
        .tracing,
    ).toEqual({ enabled: true, serviceName: 'desk-eu', endpointOrigin: 'https://otel.example.com' });
  });

  it('stays off when OTEL_SDK_DISABLED is true or OTEL_TRACES_EXPORTER is none', () => {
    const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' };
    expect(loadConfig({ ...endpoint, OTEL_SDK_DISABLED: 'true' }).tracing).toEqual({ enabled: false, reason: 'OTEL_SDK_DISABLED' });
    expect(loadConfig({ ...endpoint, OTEL_TRACES_EXPORTER: 'none' }).tracing).toEqual({
      enabled: false,
      reason: 'OTEL_TRACES_EXPORTER=none',
    });
  });

  it.each([
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' }, 'OTEL_EXPORTER_OTLP_ENDPOINT'],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'ftp://collector' }, 'OTEL_EXPORTER_OTLP_ENDPOINT'],
    [{ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'not a url' }, 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT'],
    [{ OTEL_EXPORTER_OTLP_PROTOCOL: 'http' }, 'OTEL_EXPORTER_OTLP_PROTOCOL'],
    [{ OTEL_TRACES_SAMPLER: 'sometimes' }, 'OTEL_TRACES_SAMPLER'],
    [{ OTEL_TRACES_SAMPLER_ARG: '25%' }, 'OTEL_TRACES_SAMPLER_ARG'],
    [{ OTEL_BSP_SCHEDULE_DELAY: '1s' }, 'OTEL_BSP_SCHEDULE_DELAY'],
    [{ OTEL_SDK_DISABLED: 'maybe' }, 'OTEL_SDK_DISABLED'],
  ])('refuses %j naming %s with an example', (env, variable) => {
    const error = configError(env);
    expect(error.variable).toBe(variable);
    expect(error.message.startsWith(variable)).toBe(true);
    expect(error.message).toContain(`example: ${variable}=`);
    expect(error.message.split('\n')).toHaveLength(1);
  });

  it('keeps the OTLP headers secret: never in an error, always in the redactor’s list', () => {
    const error = configError({ OTEL_EXPORTER_OTLP_HEADERS: 'authorization=Bearer%20otlp-SECRET-1,oops' });
    expect(error.variable).toBe('OTEL_EXPORTER_OTLP_HEADERS');
    expect(error.message).not.toContain('SECRET');

    const config = loadConfig({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
      OTEL_EXPORTER_OTLP_HEADERS: 'authorization=Bearer%20otlp-SECRET-1, x-team = team-key-2',
      OTEL_EXPORTER_OTLP_TRACES_HEADERS: 'x-api-key=traces-key-3',
    });
    expect(config.secrets).toEqual(
      expect.arrayContaining(['Bearer%20otlp-SECRET-1', 'Bearer otlp-SECRET-1', 'team-key-2', 'traces-key-3']),
    );
  });
});
