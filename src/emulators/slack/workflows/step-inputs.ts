/**
 * A step's inputs as Workflow Builder fills them: literals, or variables naming an earlier step's
 * output — written `{{steps.<n>.<output>}}` here, steps numbered from 1. A value that is one
 * variable alone takes the output as it is (a number stays a number, rich text stays rich text);
 * a variable inside longer text is inserted as text. `{{trigger.user_id}}` is the person who ran
 * the workflow (Workflow Builder's "Person who used this workflow"); it counts as step 0.
 */
import { isRecord } from '../validation/validation-issue.js';
import { isRichText, richTextToText } from './rich-text-text.js';

export interface StepReference {
  step: number;
  output: string;
}

const REFERENCE = /\{\{\s*(?:steps\.(\d+)|trigger)\.([A-Za-z0-9_]+)\s*\}\}/g;
const WHOLE_REFERENCE = /^\s*\{\{\s*(?:steps\.(\d+)|trigger)\.([A-Za-z0-9_]+)\s*\}\}\s*$/;

/** What the trigger gives (step 0): the person who ran the workflow. */
export const TRIGGER_OUTPUTS: readonly string[] = ['user_id'];

/** Every variable in a value (strings inside arrays and objects included). */
export function referencesIn(value: unknown): StepReference[] {
  if (typeof value === 'string') return [...value.matchAll(REFERENCE)].map((m) => ({ step: Number(m[1] ?? 0), output: m[2] ?? '' }));
  if (Array.isArray(value)) return value.flatMap(referencesIn);
  if (isRecord(value)) return Object.values(value).flatMap(referencesIn);
  return [];
}

/** An output as text: rich text as mrkdwn, other objects as JSON. */
export function valueAsText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return '';
  if (isRichText(value)) return richTextToText(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Outputs of the steps run so far, by step number (1-based; 0 is the trigger). */
export type OutputsByStep = ReadonlyMap<number, Readonly<Record<string, unknown>>>;

function resolveValue(value: unknown, outputs: OutputsByStep): unknown {
  if (typeof value === 'string') {
    const whole = WHOLE_REFERENCE.exec(value);
    if (whole !== null) return outputs.get(Number(whole[1] ?? 0))?.[whole[2] ?? ''];
    return value.replace(REFERENCE, (_m, step: string | undefined, name: string) => valueAsText(outputs.get(Number(step ?? 0))?.[name]));
  }
  if (Array.isArray(value)) return value.map((v) => resolveValue(v, outputs));
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveValue(v, outputs)]));
  return value;
}

/** The inputs with every variable replaced; an input whose one variable has no value is left out. */
export function resolveInputs(inputs: Readonly<Record<string, unknown>>, outputs: OutputsByStep): Record<string, unknown> {
  const resolved: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(inputs)) {
    const v = resolveValue(value, outputs);
    if (v !== undefined && v !== null) resolved[name] = v;
  }
  return resolved;
}

/** Workflow Builder inserts a variable into a text field as text: a rich text output given to a string input. */
export function coerceToDeclared(type: string, value: unknown): unknown {
  if (type === 'string' && typeof value !== 'string') return valueAsText(value);
  if (type === 'slack#/types/rich_text' && typeof value === 'string') {
    return { type: 'rich_text', elements: [{ type: 'rich_text_section', elements: [{ type: 'text', text: value }] }] };
  }
  return value;
}
