import type { ManifestFunctions } from './workflow-function-spec.js';

/** The emulator's Workflow Builder options (part of SlackEmulatorOptions). */
export interface WorkflowsOptions {
  workflowFunctions?: ManifestFunctions;
  /** How often the emulator itself calls `tick()`; 0: never (a test calls it). Default 1000 ms. */
  workflowScheduleTickMs?: number;
  /** Saves the ready examples (the Monday earnings calendar) when the app has the functions they use. */
  exampleWorkflows?: boolean;
}
