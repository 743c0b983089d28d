import { type DiagLogger, DiagLogLevel, diag } from '@opentelemetry/api';
import type { Logger } from '../logger.js';

/** Enough of a problem's detail to act on: an exporter's error can carry a collector's whole answer. */
const MAX_DETAIL = 500;

export interface SdkProblemLog {
  /** From now on the SDK's problems are the app's log lines (`component: opentelemetry`). */
  logTo(logger: Logger): void;
}

/**
 * The SDK's own warnings and errors (a collector out of reach, an export refused) as the app's
 * structured log lines, through its redactor: the SDK's default is to say nothing at all. Set
 * before the SDK starts, so OTEL_LOG_LEVEL, which the SDK reads, still puts its console logger in
 * this one's place. Until `logTo`, problems wait (a few), then are logged.
 * @see https://opentelemetry.io/docs/languages/js/getting-started/nodejs/#troubleshooting
 */
export function routeSdkProblems(): SdkProblemLog {
  let logger: Logger | undefined;
  // Before the app's logger exists (start-up), kept, a few at most: stderr would bypass the redactor.
  const early: Array<[level: 'warn' | 'error', msg: string, fields: { detail?: string }]> = [];
  const report =
    (level: 'warn' | 'error') =>
    (message: string, ...args: unknown[]): void => {
      const detail = args.map(describe).join(' ');
      const fields = detail ? { detail: detail.slice(0, MAX_DETAIL) } : {};
      if (logger) logger[level](`opentelemetry: ${message}`, fields);
      else if (early.length < 10) early.push([level, `opentelemetry: ${message}`, fields]);
    };
  const ignore = (): void => {};
  const diagLogger: DiagLogger = { error: report('error'), warn: report('warn'), info: ignore, debug: ignore, verbose: ignore };
  diag.setLogger(diagLogger, { logLevel: DiagLogLevel.WARN, suppressOverrideMessage: true });
  return {
    logTo: (to) => {
      logger = to.child({ component: 'opentelemetry' });
      for (const [level, msg, fields] of early.splice(0)) logger[level](msg, fields);
    },
  };
}

function describe(value: unknown): string {
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
