import { ServiceError } from '../errors/service-error.js';
import { safeCause } from '../errors/safe-cause.js';
import { isNonPublicAddressError } from './non-public-address-error.js';

/** What of a request and its client a transport failure is told by (request.ts's own types, narrowed). */
interface FailedRequest {
  method: string;
  path: string;
  opts?: { signal?: AbortSignal };
}
interface RequestingClient {
  lifetime: AbortSignal;
  apiKey: string;
  timeoutMs: number;
}

export function cancelledError(spec: FailedRequest, ctx: Pick<RequestingClient, 'lifetime'>): ServiceError {
  const why = ctx.lifetime.aborted && !spec.opts?.signal?.aborted ? 'the client was closed' : 'the request was cancelled';
  return new ServiceError('cancelled', why, { method: spec.method, path: spec.path });
}

/**
 * A failure before a status line arrived (or while reading the body) → cancelled, timeout or network.
 * An address refused by the public-only connector is a 'network' failure too, so the user hears what
 * an unreachable service gets; its cause keeps the code, and callers do not retry it.
 */
export function classifyTransportError(error: unknown, ctx: RequestingClient, spec: FailedRequest, timedOut: boolean): ServiceError {
  if (error instanceof ServiceError) return error;
  if (spec.opts?.signal?.aborted || ctx.lifetime.aborted) return cancelledError(spec, ctx);
  const init = { method: spec.method, path: spec.path, cause: safeCause(error, ctx.apiKey) };
  const code = (error as { code?: unknown } | null)?.code;
  if (isNonPublicAddressError(error)) return new ServiceError('network', 'the service address is not a public internet address', init);
  if (timedOut) return new ServiceError('timeout', `no answer within ${ctx.timeoutMs} ms`, init);
  if (typeof code === 'string' && /TIMEOUT/.test(code)) {
    return new ServiceError('timeout', 'the service stopped answering', init);
  }
  return new ServiceError('network', 'could not reach the service', init);
}

/** Whether a failure is final whatever the retry policy says: a refused address stays refused. */
export function isRefusedAddress(error: ServiceError): boolean {
  return isNonPublicAddressError(error.cause);
}
