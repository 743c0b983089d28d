/**
 * Variables read by the OpenTelemetry SDK itself rather than by loadConfig, which the deployment
 * files and README still document (the tracing slice checks the ones it relies on:
 * src/config/telemetry-config.ts).
 * @see https://opentelemetry.io/docs/specs/otel/configuration/sdk-environment-variables/
 */
export const SDK_VARIABLES: readonly string[] = ['OTEL_RESOURCE_ATTRIBUTES'];
