/**
 * Checks a request the client sent against the operation the published schema documents: path
 * and query parameters (typed as FastAPI reads them from text), the JSON body, and fields the
 * schema does not declare (FastAPI ignores them, so the service would silently drop them).
 */
import { checkForm } from './form-check.js';
import type { ParsedForm } from './multipart-form.js';
import { DELIBERATE_EXTRA_FIELDS } from './operation-rules.js';
import type { OperationMatch, PublishedSpec, SchemaIssue, SchemaObject } from './published-spec.js';

export interface IncomingRequest {
  query: URLSearchParams;
  /** The parsed JSON body; undefined when the request had none. */
  body?: unknown;
  /** Set when the body was not JSON. */
  bodyError?: string | undefined;
  /** A multipart/form-data body, parsed; `formError` when it could not be. */
  form?: ParsedForm | undefined;
  formError?: string | undefined;
}

export function checkRequest(spec: PublishedSpec, match: OperationMatch, req: IncomingRequest): SchemaIssue[] {
  const op = match.operation;
  const key = `${op.method} ${op.template}`;
  const issues: SchemaIssue[] = [];

  for (const p of op.parameters) {
    if (p.in !== 'path' && p.in !== 'query') continue;
    const raw = p.in === 'path' ? match.pathParams[p.name] : (req.query.get(p.name) ?? undefined);
    if (raw === undefined) {
      if (p.required) issues.push({ loc: [p.in, p.name], msg: 'Field required', type: 'missing' });
      continue;
    }
    const value = fromText(raw, spec.resolve(p.schema));
    for (const i of spec.validate(p.schema, value)) issues.push({ ...i, loc: [p.in, p.name, ...i.loc] });
  }
  const declared = new Set(op.parameters.filter((p) => p.in === 'query').map((p) => p.name));
  for (const name of new Set(req.query.keys()))
    if (!declared.has(name))
      issues.push({ loc: ['query', name], msg: 'not a parameter of this operation in the published schema', type: 'undeclared' });

  if (op.requestBody?.multipart) {
    // FastAPI answers 400 "There was an error parsing the body" for a form it cannot read.
    if (req.formError) issues.push({ loc: ['body'], msg: `There was an error parsing the body: ${req.formError}`, type: 'form_invalid' });
    else issues.push(...checkForm(spec, key, op.requestBody.schema, req.form).issues);
  } else if (req.bodyError) {
    issues.push({ loc: ['body'], msg: req.bodyError, type: 'json_invalid' });
  } else if (op.requestBody) {
    if (req.body === undefined) {
      if (op.requestBody.required) issues.push({ loc: ['body'], msg: 'Field required', type: 'missing' });
    } else {
      for (const i of spec.validate(op.requestBody.schema, req.body)) issues.push({ ...i, loc: ['body', ...i.loc] });
      const declaredFields = spec.resolve(op.requestBody.schema).properties;
      const deliberate = DELIBERATE_EXTRA_FIELDS[key] ?? {};
      if (declaredFields && isRecord(req.body))
        for (const field of Object.keys(req.body))
          if (!(field in declaredFields) && !(field in deliberate))
            issues.push({
              loc: ['body', field],
              msg: 'not a field of this request in the published schema (the service ignores it)',
              type: 'undeclared',
            });
    }
  } else if (req.body !== undefined) {
    issues.push({ loc: ['body'], msg: 'this operation takes no body in the published schema', type: 'undeclared' });
  }
  return issues;
}

/** A parameter's text as FastAPI types it: integers, numbers and pydantic's boolean words. */
function fromText(raw: string, schema: SchemaObject): unknown {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'integer' && /^-?\d+$/.test(raw)) return Number(raw);
  if (type === 'number' && raw.trim() !== '' && !Number.isNaN(Number(raw))) return Number(raw);
  if (type === 'boolean') {
    const word = raw.toLowerCase();
    if (['true', '1', 'yes', 'on', 't', 'y'].includes(word)) return true;
    if (['false', '0', 'no', 'off', 'f', 'n'].includes(word)) return false;
  }
  return raw;
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
