// Loaded into the app process with NODE_OPTIONS=--import: writes a line to stderr for each
// OpenTelemetry SDK or exporter module the process resolves, so a test can tell whether tracing
// loaded any of it (test/e2e/tracing.test.ts). Module resolution hooks see import() too.
// @see https://nodejs.org/api/module.html#moduleregisterhooksoptions
import { registerHooks } from 'node:module';

const WATCHED = /^@opentelemetry\/(sdk-|exporter-)/;

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (WATCHED.test(specifier)) process.stderr.write(`otel-probe: resolved ${specifier}\n`);
    return nextResolve(specifier, context);
  },
});
