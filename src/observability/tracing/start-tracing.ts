/**
 * Starts OpenTelemetry tracing when it is configured (an OTLP endpoint set, the SDK not disabled),
 * and otherwise does nothing at all: the SDK is loaded by dynamic import() only when on, so a
 * start without an endpoint loads none of it and starts no exporter.
 */
import type { Tracing } from './tracing.js';
import { TRACING_OFF } from './tracing.js';

/** The part of the configuration tracing needs (src/config/telemetry-config.ts). */
export type TracingSettings = { enabled: false } | { enabled: true; serviceName: string };

export type TracingSdkModule = { startTracingSdk(settings: { serviceName: string }): Promise<Tracing> };

export async function startTracing(
  settings: TracingSettings,
  loadSdk: () => Promise<TracingSdkModule> = () => import('./tracing-sdk.js'),
): Promise<Tracing> {
  if (!settings.enabled) return TRACING_OFF;
  const { startTracingSdk } = await loadSdk();
  return startTracingSdk({ serviceName: settings.serviceName });
}
