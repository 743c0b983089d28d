/** What every operation works with: the call's correlation id, a logger carrying it, and the service calls' options. */
import { randomUUID } from 'node:crypto';
import type { Logger } from '../../../observability/logger.js';
import type { CallOptions } from '../../../service/types.js';
import type { ListenerDeps } from '../listener-deps.js';
import type { OperationCall } from './desk-operations.js';

export interface OperationContext {
  correlationId: string;
  log: Logger;
  /** For the service client: the correlation id and the caller's cancel signal. */
  call: CallOptions;
}

export function operationContext(deps: Pick<ListenerDeps, 'logger'>, operation: string, call: OperationCall = {}): OperationContext {
  const correlationId = call.correlationId ?? randomUUID();
  const log = (call.log ?? deps.logger).child({ correlationId, operation });
  return { correlationId, log, call: { correlationId, ...(call.signal ? { signal: call.signal } : {}) } };
}
