import type { Redact } from './redactor.js';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
const LEVEL_RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export type LogFields = Record<string, unknown>;

/**
 * Structured logger: one JSON object per line, with bindings (component, correlation id) carried
 * by child loggers. Every line passes through the redactor after serialisation, so no field,
 * message or error text can carry a secret out.
 *
 * Field names every call site uses, so one query finds them all: `error` for a caught error
 * (never `err`), `correlationId` for the id of the request or run a line belongs to.
 */
export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
  child(bindings: LogFields): Logger;
  readonly level: LogLevel;
  /** The redactor every line passes: what leaves the process another way (Slack messages) uses it too. */
  readonly redact: Redact;
}

export interface LoggerOptions {
  level?: LogLevel;
  redact: Redact;
  /** Where lines go; stdout by default. Tests pass an array collector. */
  write?: (line: string) => void;
  clock?: () => number;
  bindings?: LogFields;
  /**
   * The trace id of the active span (tracing/active-trace-id.ts), given only when tracing is on:
   * a line written inside a span carries it as its `correlationId`, so the line leads to its trace.
   * The id the line had before, when different (a run id, a Slack event id), stays as `reference`.
   */
  traceId?: () => string | undefined;
}

export function createLogger(options: LoggerOptions): Logger {
  const level = options.level ?? 'info';
  const write = options.write ?? ((line: string) => process.stdout.write(`${line}\n`));
  const clock = options.clock ?? Date.now;
  const bindings = options.bindings ?? {};

  const emit = (lvl: LogLevel, msg: string, fields?: LogFields): void => {
    if (LEVEL_RANK[lvl] < LEVEL_RANK[level]) return;
    const record: LogFields = {
      time: new Date(clock()).toISOString(),
      level: lvl,
      msg,
      ...withoutReservedNames({ ...bindings, ...fields }),
    };
    // Tracing off: no traceId, and this costs one check.
    const traceId = options.traceId?.();
    if (traceId !== undefined) correlateWithTrace(record, traceId);
    // A replacer costs a call per value: only records holding objects (errors) or bigints need it.
    const plain = Object.values(record).every((v) => v === null || (typeof v !== 'object' && typeof v !== 'bigint'));
    write(options.redact(plain ? JSON.stringify(record) : JSON.stringify(record, jsonReplacer)));
  };

  return {
    level,
    redact: options.redact,
    debug: (m, f) => emit('debug', m, f),
    info: (m, f) => emit('info', m, f),
    warn: (m, f) => emit('warn', m, f),
    error: (m, f) => emit('error', m, f),
    child: (more) => createLogger({ ...options, level, write, clock, bindings: { ...bindings, ...more } }),
  };
}

/** The line's correlation id becomes the trace id; a different one it had is kept as `reference`. */
function correlateWithTrace(record: LogFields, traceId: string): void {
  const own = record.correlationId;
  if (own !== undefined && own !== traceId && record.reference === undefined) record.reference = own;
  record.correlationId = traceId;
}

/** The names every line owns: a field of the same name (a user's `at:08:00` logged as `time`) must not replace them. */
const RESERVED_NAMES = new Set(['time', 'level', 'msg']);

/** Fields with a reserved name are kept as `field_<name>`, so the line's own time, level and message stay true. */
function withoutReservedNames(fields: LogFields): LogFields {
  if (!Object.keys(fields).some((key) => RESERVED_NAMES.has(key))) return fields;
  return Object.fromEntries(Object.entries(fields).map(([key, value]) => [RESERVED_NAMES.has(key) ? `field_${key}` : key, value]));
}

/** Errors serialise to their useful parts (JSON.stringify drops them to `{}` otherwise). */
function jsonReplacer(_key: string, value: unknown): unknown {
  if (value instanceof Error) {
    const withCode = value as Error & { code?: unknown; kind?: unknown; status?: unknown };
    return {
      name: value.name,
      message: value.message,
      ...(withCode.code !== undefined ? { code: withCode.code } : {}),
      ...(withCode.kind !== undefined ? { kind: withCode.kind } : {}),
      ...(withCode.status !== undefined ? { status: withCode.status } : {}),
      stack: value.stack?.split('\n').slice(0, 6).join('\n'),
    };
  }
  if (typeof value === 'bigint') return value.toString();
  return value;
}

/** A logger that keeps lines in memory, for tests that assert on what was logged. */
export function createMemoryLogger(redact: Redact, level: LogLevel = 'debug'): Logger & { lines: string[] } {
  const lines: string[] = [];
  const logger = createLogger({ level, redact, write: (l) => lines.push(l) });
  return Object.assign(logger, { lines });
}
