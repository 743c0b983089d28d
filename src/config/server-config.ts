/** The app's own HTTP server (Slack requests in HTTP mode, /healthz, /readyz, /metrics) and its log. */
import type { z } from 'zod';
import { oneOf, portNumber, setting } from './variable-rules.js';

export const serverVariables = {
  PORT: portNumber(3000),
  HOST: setting,
  LOG_LEVEL: oneOf(['debug', 'info', 'warn', 'error'], 'info'),
};

export const SERVER_EXAMPLES: Record<keyof typeof serverVariables, string> = {
  PORT: '3000',
  HOST: '0.0.0.0',
  LOG_LEVEL: 'info',
};

export type ServerEnv = z.output<z.ZodObject<typeof serverVariables>>;

export function readServer(e: ServerEnv) {
  return {
    port: e.PORT,
    /** Interface to listen on; unset means 0.0.0.0 with real Slack and 127.0.0.1 for the playground. */
    host: e.HOST,
    logLevel: e.LOG_LEVEL,
  };
}
