/**
 * The app's custom steps as its manifest declares them (`functions.<callback_id>`), read once at
 * the edge into the shapes the emulator works with, and the parameter list shape Slack sends in
 * `function_executed` (`function.input_parameters` / `output_parameters`).
 * @see https://docs.slack.dev/workflows/workflow-steps
 * @see https://docs.slack.dev/reference/app-manifest
 * @see https://docs.slack.dev/reference/events/function_executed
 */
import { z } from 'zod';
import { EmulatorUsageError } from '../errors.js';

const propertySchema = z
  .object({
    type: z.string().min(1),
    title: z.string().optional(),
    description: z.string().optional(),
    hint: z.string().optional(),
    is_required: z.boolean().optional(),
  })
  .loose();

const parametersSchema = z
  .object({
    properties: z.record(z.string(), propertySchema).default({}),
    required: z.array(z.string()).default([]),
  })
  .default({ properties: {}, required: [] });

const functionSchema = z.object({
  title: z.string().min(1),
  description: z.string().optional(),
  input_parameters: parametersSchema,
  output_parameters: parametersSchema,
});

/** The manifest's `functions` map: callback_id → definition. */
export const manifestFunctionsSchema = z.record(z.string().min(1), functionSchema);
export type ManifestFunctions = z.input<typeof manifestFunctionsSchema>;

export interface FunctionParameter {
  name: string;
  /** Slack's type: `string`, `number`, `integer`, `boolean`, `slack#/types/rich_text`, `slack#/types/channel_id` … */
  type: string;
  title?: string;
  description?: string;
  isRequired: boolean;
}

/** What a step takes and gives, for checking a workflow: an app function or a built-in step. */
export interface StepShape {
  title: string;
  inputs: readonly FunctionParameter[];
  outputs: readonly FunctionParameter[];
}

export interface WorkflowFunctionSpec {
  callbackId: string;
  /** Slack's function id (`Fn…`), stable per callback_id. */
  id: string;
  title: string;
  description?: string;
  inputs: FunctionParameter[];
  outputs: FunctionParameter[];
}

function parametersOf(p: z.output<typeof parametersSchema>): FunctionParameter[] {
  const required = new Set(p.required);
  return Object.entries(p.properties).map(([name, prop]) => ({
    name,
    type: prop.type,
    ...(prop.title !== undefined ? { title: prop.title } : {}),
    ...(prop.description !== undefined ? { description: prop.description } : {}),
    isRequired: required.has(name) || prop.is_required === true,
  }));
}

/** A stable `Fn…` id per callback_id, so the same manifest always gives the same ids. */
function functionId(callbackId: string): string {
  let hash = 0;
  for (const ch of callbackId) hash = (hash * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return `Fn0${hash.toString(36).toUpperCase().padStart(8, '0')}`;
}

/** Parses the manifest's `functions`; a malformed one is refused with the first problem named. */
export function parseManifestFunctions(raw: unknown): WorkflowFunctionSpec[] {
  const result = manifestFunctionsSchema.safeParse(raw ?? {});
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new EmulatorUsageError('invalid_functions', `manifest functions: ${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`);
  }
  return Object.entries(result.data).map(([callbackId, f]) => ({
    callbackId,
    id: functionId(callbackId),
    title: f.title,
    ...(f.description !== undefined ? { description: f.description } : {}),
    inputs: parametersOf(f.input_parameters),
    outputs: parametersOf(f.output_parameters),
  }));
}

/** A parameter as `function_executed` lists it. */
export function eventParameter(p: FunctionParameter): Record<string, unknown> {
  return {
    type: p.type,
    name: p.name,
    ...(p.description !== undefined ? { description: p.description } : {}),
    title: p.title ?? p.name,
    is_required: p.isRequired,
  };
}
