/**
 * A workflow as Workflow Builder saves it: a trigger (run on demand, or a schedule) and a chain of
 * steps — the app's functions, or the built-in "Send a message to a channel" — whose inputs are
 * literals or variables naming an earlier step's outputs. Checked when it is saved, as Workflow
 * Builder refuses to publish a workflow with a missing required input or a dangling variable.
 * @see https://docs.slack.dev/workflows/workflow-steps
 */
import { z } from 'zod';
import { EmulatorUsageError } from '../errors.js';
import type { EmulatorState } from '../state.js';
import { SEND_MESSAGE_STEP } from './send-message-shape.js';
import { referencesIn, TRIGGER_OUTPUTS } from './step-inputs.js';
import type { StepShape } from './workflow-function-spec.js';
import { checkSchedule, type WorkflowSchedule } from './workflow-schedule.js';

const inputsSchema = z.record(z.string(), z.unknown()).default({});

const stepSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('function'), callback_id: z.string().min(1), inputs: inputsSchema }),
  z.object({ type: z.literal('send_message'), inputs: inputsSchema }),
]);

export const workflowInputSchema = z.object({
  id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, - and _ only')
    .optional(),
  name: z.string().trim().min(1).max(80),
  /** The workspace it lives in; default the seed workspace. */
  team_id: z.string().optional(),
  /** Who runs it (a scheduled workflow runs as its creator); default the workspace's default user. */
  user_id: z.string().optional(),
  schedule: z.object({ cron: z.string().trim().min(1), timezone: z.string().trim().min(1).default('UTC') }).optional(),
  steps: z.array(stepSchema).min(1).max(20),
});

export type WorkflowInput = z.input<typeof workflowInputSchema>;

export interface WorkflowStep {
  type: 'function' | 'send_message';
  /** The app's function (type function) or `send_message`. */
  callbackId: string;
  title: string;
  inputs: Record<string, unknown>;
}

export interface WorkflowDefinition {
  id: string;
  name: string;
  teamId: string;
  userId: string;
  schedule?: WorkflowSchedule;
  steps: WorkflowStep[];
}

function invalid(message: string): never {
  throw new EmulatorUsageError('invalid_workflow', message);
}

/** Parses and checks a workflow against the app's functions; throws invalid_workflow saying what to fix. */
export function parseWorkflow(raw: unknown, state: EmulatorState, newId: () => string): WorkflowDefinition {
  const parsed = workflowInputSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    invalid(`${issue?.path.join('.') || 'workflow'}: ${issue?.message ?? 'invalid'}`);
  }
  const input = parsed.data;
  const teamId = input.team_id ?? state.seed.teamId;
  const userId = input.user_id ?? state.seed.defaultUserId;
  if (!state.users.has(userId)) invalid(`user_id: no user ${userId}`);
  const shapes: StepShape[] = [];
  const steps = input.steps.map((s, i): WorkflowStep => {
    const n = i + 1;
    const shape = s.type === 'send_message' ? SEND_MESSAGE_STEP : state.workflows.functionOf(s.callback_id);
    if (shape === undefined) {
      const known = state.workflows.functions.map((f) => f.callbackId).join(', ') || 'none';
      invalid(`step ${n}: the app has no function "${s.type === 'function' ? s.callback_id : ''}" (its functions: ${known})`);
    }
    checkStepInputs(n, shape, s.inputs, shapes);
    if (s.type === 'send_message') checkChannel(n, s.inputs.channel_id, state);
    shapes.push(shape);
    return { type: s.type, callbackId: s.type === 'function' ? s.callback_id : 'send_message', title: shape.title, inputs: s.inputs };
  });
  const schedule = input.schedule === undefined ? undefined : { cron: input.schedule.cron, timezone: input.schedule.timezone };
  if (schedule !== undefined) checkSchedule(schedule);
  return { id: input.id ?? newId(), name: input.name, teamId, userId, ...(schedule ? { schedule } : {}), steps };
}

function checkStepInputs(n: number, shape: StepShape, inputs: Record<string, unknown>, earlier: readonly StepShape[]): void {
  const declared = new Set(shape.inputs.map((p) => p.name));
  for (const name of Object.keys(inputs)) {
    if (!declared.has(name)) invalid(`step ${n} (${shape.title}): no input "${name}" (inputs: ${[...declared].join(', ') || 'none'})`);
  }
  for (const p of shape.inputs) {
    const v = inputs[p.name];
    if (p.isRequired && (v === undefined || v === null || v === ''))
      invalid(`step ${n} (${shape.title}): the required input "${p.name}" is empty`);
  }
  for (const ref of referencesIn(inputs)) {
    if (ref.step === 0) {
      if (!TRIGGER_OUTPUTS.includes(ref.output))
        invalid(`step ${n}: {{trigger.${ref.output}}} is not a trigger variable (trigger.user_id is)`);
      continue;
    }
    const source = earlier[ref.step - 1];
    if (source === undefined) invalid(`step ${n}: {{steps.${ref.step}.${ref.output}}} names no earlier step (steps before it: 1–${n - 1})`);
    if (!source.outputs.some((o) => o.name === ref.output)) {
      const outs = source.outputs.map((o) => o.name).join(', ') || 'none';
      invalid(`step ${n}: step ${ref.step} (${source.title}) has no output "${ref.output}" (outputs: ${outs})`);
    }
  }
}

function checkChannel(n: number, channel: unknown, state: EmulatorState): void {
  if (typeof channel !== 'string' || referencesIn(channel).length > 0) return;
  if (state.resolveChannel(channel) === undefined) invalid(`step ${n}: no channel ${channel} (give a channel id or #name)`);
}
