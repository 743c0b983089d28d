/**
 * Values against a function's declared parameters: functions.completeSuccess's `outputs` must
 * conform to the function's `output_parameters` ("A JSON-based object that conforms to the output
 * parameters schema … defined in the manifest"), else `parameter_validation_failed`.
 * What exactly Slack checks is not documented; the emulator refuses a missing required output, a
 * value of the wrong type and an output the function does not declare, and names each one.
 * @see https://docs.slack.dev/reference/methods/functions.completeSuccess
 * @see https://docs.slack.dev/reference/objects/custom-function-types
 */
import { isRecord } from '../validation/validation-issue.js';
import type { FunctionParameter } from './workflow-function-spec.js';

const ID_PATTERNS: Record<string, RegExp> = {
  'slack#/types/user_id': /^[UW][A-Z0-9]{2,}$/,
  'slack#/types/channel_id': /^[CGD][A-Z0-9]{2,}$/,
  'slack#/types/usergroup_id': /^S[A-Z0-9]{2,}$/,
  'slack#/types/date': /^\d{4}-\d{2}-\d{2}$/,
  'slack#/types/message_ts': /^\d+\.\d+$/,
};

/** Why `value` is not of Slack type `type`, or undefined when it is (unknown types take anything). */
export function typeProblem(type: string, value: unknown): string | undefined {
  const pattern = ID_PATTERNS[type];
  if (pattern !== undefined)
    return typeof value === 'string' && pattern.test(value) ? undefined : `must be a ${type.replace('slack#/types/', '')}`;
  switch (type) {
    case 'string':
      return typeof value === 'string' ? undefined : 'must be a string';
    case 'number':
    case 'slack#/types/timestamp':
      return typeof value === 'number' && Number.isFinite(value) ? undefined : 'must be a number';
    case 'integer':
      return Number.isInteger(value) ? undefined : 'must be an integer';
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'must be a boolean';
    case 'array':
      return Array.isArray(value) ? undefined : 'must be an array';
    case 'object':
      return isRecord(value) ? undefined : 'must be an object';
    case 'slack#/types/rich_text':
    case 'slack#/types/expanded_rich_text':
      return isRecord(value) && value.type === 'rich_text' && Array.isArray(value.elements)
        ? undefined
        : 'must be a rich_text object ({type: "rich_text", elements: [...]})';
    default:
      return undefined;
  }
}

/**
 * Every problem of `values` against `params`, one line each, naming the parameter:
 * a required one missing, a value of the wrong type, a name not declared.
 */
export function parameterProblems(params: readonly FunctionParameter[], values: Record<string, unknown>, what: string): string[] {
  const problems: string[] = [];
  const declared = new Map(params.map((p) => [p.name, p]));
  for (const p of params) {
    const value = values[p.name];
    if (value === undefined || value === null) {
      if (p.isRequired) problems.push(`missing required ${what} '${p.name}' (${p.type})`);
      continue;
    }
    const problem = typeProblem(p.type, value);
    if (problem !== undefined) problems.push(`${what} '${p.name}' ${problem}`);
  }
  for (const name of Object.keys(values)) {
    if (!declared.has(name)) {
      const known = [...declared.keys()].join(', ') || 'none';
      problems.push(`${what} '${name}' is not declared by the function (declared: ${known})`);
    }
  }
  return problems;
}
