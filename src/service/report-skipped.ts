import type { Requester } from './request.js';
import type { SkippedItems } from './schemas/lenient-list.js';
import type { CallOptions } from './types.js';

/**
 * One warn line for the items of a list answer that could not be read and were left out
 * (src/service/schemas/lenient-list.ts): how many, where the first failed, and which call.
 */
export function reportSkipped(
  req: Requester,
  call: { method: string; path: string; opts?: CallOptions | undefined },
  skipped: SkippedItems,
): void {
  if (skipped.count === 0) return;
  req.ctx.logger?.warn('service list items skipped', {
    method: call.method,
    path: call.path,
    skipped: skipped.count,
    ...(skipped.first !== undefined ? { firstProblem: skipped.first } : {}),
    ...(call.opts?.correlationId ? { correlationId: call.opts.correlationId } : {}),
  });
}
