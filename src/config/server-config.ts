/** The app's own HTTP server (Slack requests in HTTP mode, /healthz, /readyz), its metrics port and its log. */
import { z } from 'zod';
import { issue, oneOf, portNumber, setting } from './variable-rules.js';

export const serverVariables = {
  PORT: portNumber(3000),
  HOST: setting,
  /** Prometheus scrapes here (src/observability/metrics/); unset: no metrics server. */
  METRICS_PORT: setting.transform((raw, ctx) => {
    if (raw === undefined) return undefined;
    const value = Number(raw);
    if (/^\d+$/.test(raw) && value >= 0 && value <= 65_535) return value;
    ctx.addIssue({
      code: 'custom',
      message: `must be a port number from 0 to 65535 (9464 is the port commonly given to an app's Prometheus endpoint), got "${raw}"`,
    });
    return z.NEVER;
  }),
  LOG_LEVEL: oneOf(['debug', 'info', 'warn', 'error'], 'info'),
};

export const SERVER_EXAMPLES: Record<keyof typeof serverVariables, string> = {
  PORT: '3000',
  HOST: '0.0.0.0',
  METRICS_PORT: '9464',
  LOG_LEVEL: 'info',
};

export type ServerEnv = z.output<z.ZodObject<typeof serverVariables>>;

/** With `ctx`, the variables' joint rule is checked too: the metrics port is never the public one. */
export function readServer(e: ServerEnv, ctx?: z.RefinementCtx) {
  if (ctx && e.METRICS_PORT !== undefined && e.METRICS_PORT !== 0 && e.METRICS_PORT === e.PORT) {
    issue(ctx, 'METRICS_PORT', `must differ from PORT (${e.PORT}): metrics stay off the public port`);
  }
  return {
    port: e.PORT,
    /** Interface to listen on; unset means 0.0.0.0 with real Slack and 127.0.0.1 for the playground. */
    host: e.HOST,
    /** The metrics server's port; undefined: none. It listens on the app's host. */
    metricsPort: e.METRICS_PORT,
    logLevel: e.LOG_LEVEL,
  };
}
