/**
 * What a step hands a desk operation of its call: the correlation id and the step's log, never
 * the rest (the execution's function token stays with the step).
 */
import type { OperationCall } from '../../kit/operations/desk-operations.js';
import type { StepCall } from '../workflow-step.js';

export function operationCallOf(call: StepCall): OperationCall {
  return { correlationId: call.correlationId, log: call.log };
}
