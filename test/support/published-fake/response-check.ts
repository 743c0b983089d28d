/**
 * Checks an answer of the fake against the published schema for its operation and status, plus
 * the rules of operation-rules.ts (shapes the schema leaves loose, statuses the README states).
 */
import { checkInterfaceShape } from './interface-shapes.js';
import { RESPONSE_RULES } from './operation-rules.js';
import { componentPointer, type OperationSpec, type PublishedSpec, type SchemaIssue } from './published-spec.js';
import { isRecord } from './request-check.js';
import { asParsedJson } from './wire-json.js';

export function checkResponse(spec: PublishedSpec, op: OperationSpec, status: number, body: unknown): SchemaIssue[] {
  const key = `${op.method} ${op.template}`;
  const rule = RESPONSE_RULES[key]?.[String(status)];
  const json = asParsedJson(body);
  if (rule?.replaces === 'HTTPValidationError') return spec.validate(componentPointer('HTTPValidationError'), json);
  if (rule?.replaces) return checkInterfaceShape(rule.replaces, json);

  const documented = op.responses[String(status)];
  if (!documented) return [{ loc: [], msg: `status ${status} is not documented for ${key}`, type: 'undocumented_status' }];
  if (!documented.json) return [{ loc: [], msg: `${key} documents no JSON body for status ${status}`, type: 'undocumented_body' }];

  if (rule?.orShape && checkInterfaceShape(rule.orShape, json).length === 0) return [];
  const issues: SchemaIssue[] = [];
  // A list `data` is checked by its own shape below; the wrapper's fields still by the schema.
  const { data, ...wrapper } = isRecord(json) ? json : { data: undefined };
  issues.push(...spec.validate(documented.json, rule?.listData ? wrapper : json));
  if (rule?.data) issues.push(...checkInterfaceShape(rule.data, data).map((i) => ({ ...i, loc: ['data', ...i.loc] })));
  if (rule?.body) issues.push(...checkInterfaceShape(rule.body, json));
  return issues;
}

/** One event of an event stream, against the operation's text/event-stream schema. */
export function checkStreamEvent(spec: PublishedSpec, op: OperationSpec, event: unknown): SchemaIssue[] {
  const pointer = op.responses['200']?.eventStream;
  if (!pointer) return [{ loc: [], msg: `${op.method} ${op.template} documents no event stream`, type: 'undocumented_body' }];
  return spec.validate(pointer, asParsedJson(event));
}
