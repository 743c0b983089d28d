import { FunctionExecutions } from './function-executions.js';
import { parseManifestFunctions, type WorkflowFunctionSpec } from './workflow-function-spec.js';

/**
 * What the workspace knows of the app's workflow steps: the functions its manifest declares and
 * every execution of one (with its workflow token). The Web API handlers and the runner share it.
 */
export class WorkflowState {
  functions: WorkflowFunctionSpec[] = [];
  readonly executions: FunctionExecutions;

  constructor(clock: () => number, newId: (prefix: string) => string, onChange: () => void) {
    this.executions = new FunctionExecutions(clock, newId, onChange);
  }

  /** Takes the manifest's `functions` map (callback_id → definition); refuses a malformed one. */
  setFunctions(manifestFunctions: unknown): void {
    this.functions = parseManifestFunctions(manifestFunctions);
  }

  functionOf(callbackId: string): WorkflowFunctionSpec | undefined {
    return this.functions.find((f) => f.callbackId === callbackId);
  }
}
