/**
 * Rebuilding a running run's script after a restart: buildRunScript is pure, so the input a run
 * was started with gives the same steps, and the run goes on at step `events.length`. When the
 * rebuilt script does not begin with the events the run already emitted (the demo agent changed
 * between the two starts), the run cannot go on; the store ends it visibly instead.
 */
import type { WorkflowEvent } from './agent-events.js';
import { buildRunScript, type RunScript } from './agent-run-script.js';
import type { StoredRun } from './agent-run-store-state.js';

export type RebuiltScript = { ok: true; script: RunScript } | { ok: false; problem: string };

export function rebuildRunScript(stored: StoredRun): RebuiltScript {
  if (!stored.scriptInput) return { ok: false, problem: 'its script input was not kept' };
  let script: RunScript;
  try {
    script = buildRunScript(stored.scriptInput);
  } catch (error) {
    return { ok: false, problem: `its script cannot be rebuilt (${error instanceof Error ? error.message : String(error)})` };
  }
  const problem = continuationProblem(stored.events, script);
  return problem ? { ok: false, problem } : { ok: true, script };
}

/** Why `script` cannot continue a run that emitted `events`, or undefined when they are its first steps. */
function continuationProblem(events: readonly WorkflowEvent[], script: RunScript): string | undefined {
  if (events.length > script.steps.length) return 'it emitted more events than its script now has';
  const differs = events.findIndex((e, i) => {
    const step = script.steps[i]?.event;
    return step?.event_id !== e.event_id || step.offset !== e.offset || step.event_type !== e.event_type;
  });
  return differs < 0 ? undefined : `its script now differs at event ${differs}`;
}
