/**
 * Cards made of several calls (the snapshot's statements, the calendar's markets, the overview's
 * profile and shareholders): each part settles on its own, so a failed part leaves the others and the card names
 * it; only when every part failed is there nothing to show, and the most telling failure is thrown.
 */
import { isServiceError, type ServiceError } from '../../../service/errors/service-error.js';
import type { Logger } from '../../../observability/logger.js';
import { partFailureReason } from './part-failure-reason.js';

export interface Part<T> {
  name: string;
  result: PromiseSettledResult<T>;
}

/** A part that could not be fetched, and why in the user's words. */
export interface FailedPart {
  name: string;
  reason: string;
}

/** Among several failures, the one that explains the most (a bad key beats an outage). */
function mostTelling(errors: unknown[]): unknown {
  const rank = (e: unknown): number => {
    if (!isServiceError(e)) return 9;
    const order: Array<ServiceError['kind']> = ['auth', 'validation', 'not_found', 'bad_response'];
    const i = order.indexOf(e.kind);
    return i === -1 ? 5 : i;
  };
  return [...errors].sort((a, b) => rank(a) - rank(b))[0];
}

export function throwWhenAllFailed(parts: ReadonlyArray<Part<unknown>>): void {
  const reasons = parts.flatMap((p) => (p.result.status === 'rejected' ? [p.result.reason] : []));
  if (reasons.length > 0 && reasons.length === parts.length) throw mostTelling(reasons);
}

/** The parts that failed, each logged once (`logLine`, with the part and the error). */
export function failedParts(
  parts: ReadonlyArray<Part<unknown>>,
  logLine: string,
  log: Logger,
  fields: Record<string, unknown> = {},
): FailedPart[] {
  return parts.flatMap((p) => {
    if (p.result.status !== 'rejected') return [];
    const error: unknown = p.result.reason;
    log.warn(logLine, { part: p.name, kind: isServiceError(error) ? error.kind : 'unknown', error, ...fields });
    return [{ name: p.name, reason: partFailureReason(error) }];
  });
}

/** The value of a part that succeeded, else `none`. */
export const valueOr = <T>(result: PromiseSettledResult<T>, none: T): T => (result.status === 'fulfilled' ? result.value : none);
