/**
 * A workflow step's inputs, checked once at the edge: Slack sends `inputs` as JSON values, each
 * as its manifest type says (text, numbers, a date as YYYY-MM-DD, a channel or user id). An input
 * left empty in Workflow Builder may arrive absent, null or as blank text: all read as absent.
 * Anything else unusable becomes an OperationInputError whose message names the input by the title
 * the builder sees and says what to put there; the step completes with it (run-workflow-step.ts).
 * @see https://docs.slack.dev/workflows/workflow-steps
 */
import { z } from 'zod';
import { OperationInputError } from '../kit/operations/operation-input-error.js';

/** One input as manifest.yml declares it (test/manifest.test.ts keeps the names and titles equal). */
export interface StepInputField<T> {
  /** The input's title in Workflow Builder. */
  title: string;
  /** What a good value looks like, for the error message ("e.g. NVDA data center"). */
  example: string;
  schema: z.ZodType<T>;
  required: boolean;
}

export type StepInputFields = Record<string, StepInputField<unknown>>;

export type StepInputs<F extends StepInputFields> = {
  [K in keyof F]: F[K] extends StepInputField<infer T> ? T : never;
};

const blankToUndefined = (value: unknown): unknown =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

/** Text, trimmed. */
export const text = (title: string, example: string): StepInputField<string> => ({
  title,
  example,
  schema: z.preprocess(blankToUndefined, z.string().trim()),
  required: true,
});

export const optionalText = (title: string, example: string): StepInputField<string | undefined> => ({
  title,
  example,
  schema: z.preprocess(blankToUndefined, z.string().trim().optional()),
  required: false,
});

/** A whole number; Workflow Builder may hand a number typed as text ("5"). */
export const optionalWholeNumber = (title: string, example: string): StepInputField<number | undefined> => ({
  title,
  example,
  schema: z.preprocess((value) => {
    const v = blankToUndefined(value);
    return typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v;
  }, z.number().int().optional()),
  required: false,
});

/** `slack#/types/date`: YYYY-MM-DD. */
export const optionalDate = (title: string, example: string): StepInputField<string | undefined> => ({
  title,
  example,
  schema: z.preprocess(blankToUndefined, z.iso.date().optional()),
  required: false,
});

/** `slack#/types/channel_id` / `user_id`: Slack's ids (C…, G…, D… / U…, W…). */
export const slackId = (title: string, example: string, pattern: RegExp): StepInputField<string> => ({
  title,
  example,
  schema: z.preprocess(blankToUndefined, z.string().trim().regex(pattern)),
  required: true,
});

export const optionalSlackId = (title: string, example: string, pattern: RegExp): StepInputField<string | undefined> => ({
  title,
  example,
  schema: z.preprocess(blankToUndefined, z.string().trim().regex(pattern).optional()),
  required: false,
});

export const CHANNEL_ID = /^[CGD][A-Z0-9]{2,}$/;
export const USER_ID = /^[UW][A-Z0-9]{2,}$/;

/** The step's inputs, typed; throws OperationInputError for the first input that cannot be used. */
export function parseStepInputs<F extends StepInputFields>(fields: F, raw: unknown): StepInputs<F> {
  const inputs = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const parsed: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(fields)) {
    const result = field.schema.safeParse(inputs[name]);
    if (!result.success) throw inputError(name, field, inputs[name]);
    if (result.data === undefined) continue;
    if (field.required && result.data === '') throw inputError(name, field, inputs[name]);
    parsed[name] = result.data;
  }
  return parsed as StepInputs<F>;
}

function inputError(name: string, field: StepInputField<unknown>, value: unknown): OperationInputError {
  const empty = blankToUndefined(value) === undefined;
  return new OperationInputError({
    code: empty ? 'missing' : 'bad_format',
    field: name,
    message: empty
      ? `“${field.title}” is empty: fill it in the step’s settings in Workflow Builder (${field.example}).`
      : `“${field.title}” cannot be used as given: ${field.example}.`,
  });
}
