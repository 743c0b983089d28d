/**
 * Checks a multipart form against the operation's form schema as FastAPI reads it: a `binary`
 * property must come as a file part and any other as a text part (typed from its text, as query
 * parameters are), required ones must be there, undeclared ones are reported (FastAPI ignores
 * them), and fields the operation's description says are JSON strings must hold that JSON.
 * Returns the form as the value handlers read: text fields typed, files under `files`.
 */
import type { FormFile, ParsedForm } from './multipart-form.js';
import { FORM_JSON_FIELDS } from './operation-rules.js';
import type { PublishedSpec, SchemaIssue, SchemaObject } from './published-spec.js';

export interface CheckedForm {
  issues: SchemaIssue[];
  /** Text fields, typed as the schema declares them (the last value of a repeated one, as FastAPI takes). */
  fields: Record<string, unknown>;
  files: Record<string, FormFile>;
}

const isBinary = (schema: SchemaObject): boolean => schema.type === 'string' && schema.format === 'binary';

function typed(raw: string, schema: SchemaObject): unknown {
  if (schema.type === 'integer' && /^-?\d+$/.test(raw.trim())) return Number(raw);
  if (schema.type === 'number' && raw.trim() !== '' && !Number.isNaN(Number(raw))) return Number(raw);
  return raw;
}

export function checkForm(spec: PublishedSpec, operationKey: string, pointer: string, form: ParsedForm | undefined): CheckedForm {
  const schema = spec.resolve(pointer);
  const properties = schema.properties ?? {};
  const issues: SchemaIssue[] = [];
  const fields: Record<string, unknown> = {};
  const files: Record<string, FormFile> = {};
  const given = form ?? { fields: {}, files: {} };

  for (const [name, raw] of Object.entries(properties)) {
    const prop = typeof raw.$ref === 'string' ? spec.resolve(raw.$ref) : raw;
    const file = given.files[name]?.at(-1);
    const text = given.fields[name]?.at(-1);
    if (isBinary(prop)) {
      if (file) files[name] = file;
      else if (text !== undefined)
        issues.push({ loc: ['body', name], msg: "Expected UploadFile, received: <class 'str'>", type: 'value_error' });
    } else if (file) {
      issues.push({ loc: ['body', name], msg: 'a file part where the schema declares a text field', type: 'string_type' });
    } else if (text !== undefined) {
      fields[name] = typed(text, prop);
    }
  }
  for (const name of schema.required ?? [])
    if (!(name in fields) && !(name in files) && !issues.some((i) => i.loc[1] === name))
      issues.push({ loc: ['body', name], msg: 'Field required', type: 'missing' });

  // The text fields against the schema (files stand in as the binary strings they are declared as).
  const asDeclared = { ...fields, ...Object.fromEntries(Object.keys(files).map((name) => [name, '<binary>'])) };
  for (const i of spec.validate(pointer, asDeclared)) if (i.type !== 'missing') issues.push({ ...i, loc: ['body', ...i.loc] });

  for (const name of new Set([...Object.keys(given.fields), ...Object.keys(given.files)]))
    if (!(name in properties))
      issues.push({
        loc: ['body', name],
        msg: 'not a field of this form in the published schema (the service ignores it)',
        type: 'undeclared',
      });

  for (const [name, rule] of Object.entries(FORM_JSON_FIELDS[operationKey] ?? {})) {
    const value = fields[name];
    if (typeof value !== 'string') continue;
    const problem = rule.check(value);
    if (problem) issues.push({ loc: ['body', name], msg: `${problem} (${rule.source})`, type: 'json_invalid' });
  }
  return { issues, fields, files };
}
