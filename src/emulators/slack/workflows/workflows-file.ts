/**
 * Keeps Workflow Builder's state next to the workspace's state file (`slack.json` →
 * `slack-workflows.json`): saved workflows and their next instants, runs, and function executions
 * with their workflow tokens' hashes. A playground restart then goes on where it was: a run waiting
 * on the app's agent step is still waiting, and the app completes it (with its bot token, or its
 * workflow token while unexpired).
 */
import path from 'node:path';
import { z } from 'zod';
import { createSnapshotWriter, moveAsideCorrupt, readSnapshotFile, SnapshotFileError } from '../../persistence/snapshot-file.js';
import type { ChangeEvent } from '../change-event.js';
import type { EmulatorState } from '../state.js';
import type { ExecutionsSnapshot } from './function-executions.js';
import type { RunnerSnapshot, WorkflowRunner } from './workflow-runner.js';

const VERSION = 1;

/** The file's shape; the records inside are the emulator's own, checked for their keys. */
const fileSchema = z.object({
  version: z.literal(VERSION),
  workflows: z.array(z.looseObject({ id: z.string(), name: z.string(), steps: z.array(z.unknown()) })),
  nextAt: z.array(z.tuple([z.string(), z.number()])),
  runs: z.array(z.looseObject({ id: z.string(), status: z.string(), steps: z.array(z.unknown()) })),
  runDefs: z.array(z.tuple([z.string(), z.looseObject({ id: z.string(), steps: z.array(z.unknown()) })])),
  executions: z.array(z.looseObject({ id: z.string(), status: z.string(), installKey: z.string() })),
  tokenHashes: z.array(z.tuple([z.string(), z.string()])),
});

/** `dir/slack.json` → `dir/slack-workflows.json`. */
export function workflowsFileOf(stateFile: string): string {
  const parsed = path.parse(stateFile);
  return path.join(parsed.dir, `${parsed.name}-workflows.json`);
}

export interface WorkflowsFile {
  flush(): Promise<void>;
  detach(): void;
}

/** Restores from `file` when it holds a usable snapshot, then saves every workflow change to it. */
export async function attachWorkflowsFile(
  state: EmulatorState,
  runner: WorkflowRunner,
  file: string,
  onProblem: (error: SnapshotFileError) => void,
): Promise<WorkflowsFile> {
  const raw = await readSnapshotFile(file, onProblem);
  if (raw !== undefined) {
    const parsed = fileSchema.safeParse(raw);
    if (parsed.success) {
      const { executions, tokenHashes, ...rest } = parsed.data;
      state.workflows.executions.restore({ executions, tokenHashes } as unknown as ExecutionsSnapshot);
      runner.restore(rest as unknown as RunnerSnapshot);
    } else {
      const movedAside = await moveAsideCorrupt(file);
      onProblem(
        new SnapshotFileError(`${file} is not a workflows snapshot; ${movedAside} and started fresh`, file, { cause: parsed.error }),
      );
    }
  }
  const writer = createSnapshotWriter({
    file,
    snapshot: () => ({ version: VERSION, ...runner.snapshot(), ...state.workflows.executions.snapshot() }),
    onError: onProblem,
  });
  // No file for an emulator that never had a workflow; once there is one, every change is kept.
  let kept = raw !== undefined;
  const onChange = (change: ChangeEvent): void => {
    if (change.kind !== 'workflow' && change.kind !== 'reset') return;
    kept ||= runner.workflows.size > 0 || runner.runs.size > 0 || state.workflows.executions.executions.size > 0;
    if (kept) writer.markDirty();
  };
  state.events.on('change', onChange);
  return { flush: () => writer.flush(), detach: () => state.events.off('change', onChange) };
}
