import { isServiceError } from '../service/errors/service-error.js';
import type { CheckResult } from './check-result.js';
import { describeServiceError } from './describe-service-error.js';
import type { ExchangeRecorder } from './record-exchanges.js';
import type { ServiceCheck } from './service-checks.js';
import { describeServiceVariant } from './service-variant.js';

export interface ServiceCheckDeps {
  recorder: ExchangeRecorder;
  /** Warning lines the client logged (JSON), drained by each check: e.g. list items it skipped. */
  warnings: string[];
  /** Milliseconds, for the latency column. */
  now: () => number;
}

export interface ServiceCheckRun {
  row: CheckResult;
  /** The service cannot be reached or refuses the key: every further check would fail the same way. */
  stopsTheRest: boolean;
}

/** Runs one check and turns what happened on the wire into its row. */
export async function runServiceCheck(check: ServiceCheck, deps: ServiceCheckDeps): Promise<ServiceCheckRun> {
  const from = deps.recorder.exchanges.length;
  deps.warnings.length = 0;
  const started = deps.now();
  let row: Pick<CheckResult, 'status' | 'problem'>;
  let stopsTheRest = false;
  try {
    const outcome = await check.run();
    row = outcome ?? { status: 'ok' };
  } catch (error) {
    row = { status: 'fail', problem: describeServiceError(error) };
    stopsTheRest = isServiceError(error) && (error.kind === 'network' || error.kind === 'auth');
  }
  const ms = Math.round(deps.now() - started);
  const exchanges = deps.recorder.exchanges.slice(from);
  const last = exchanges.at(-1);
  const warning = row.status === 'ok' ? firstWarning(deps.warnings) : undefined;
  const variant = describeServiceVariant(exchanges, { namesRoute: check.namesRoute === true, pagedList: check.pagedList === true });
  return {
    row: {
      endpoint: last ? `${last.method} ${last.path}` : check.endpoint,
      ...(warning ? { status: 'warn' as const, problem: warning } : row),
      ...(exchanges.length > 0 ? { ms } : {}),
      ...(variant ? { variant } : {}),
    },
    stopsTheRest,
  };
}

/** The client's first warning as one line (its message and fields), and how many followed. */
function firstWarning(lines: readonly string[]): string | undefined {
  const first = lines[0];
  if (first === undefined) return undefined;
  const more = lines.length > 1 ? ` (+${lines.length - 1} more)` : '';
  return `the client warned: ${logLineText(first).slice(0, 200)}${more}`;
}

/** A JSON log line as its message and fields; any other line as it is. */
function logLineText(line: string): string {
  try {
    const { msg, time: _t, level: _l, component: _c, ...fields } = JSON.parse(line) as Record<string, unknown>;
    const extra = Object.keys(fields).length > 0 ? ` ${JSON.stringify(fields)}` : '';
    return `${String(msg)}${extra}`;
  } catch {
    // Not JSON: shown as logged.
    return line;
  }
}
