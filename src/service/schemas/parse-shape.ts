import type { z } from 'zod';
import { ShapeError } from '../errors/shape-error.js';

/**
 * Runs a response schema; the first problem becomes a ShapeError naming where it is (e.g.
 * `docs[3].title`), which the call path turns into a ServiceError of kind 'bad_response'.
 * `at` prefixes the path when the value is a part of the body (a stock wrapper's `data`).
 */
export function parseShape<S extends z.ZodType>(schema: S, value: unknown, at: ReadonlyArray<PropertyKey> = []): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  // Parsing again to learn the offending value: only on failure, as reportInput slows every parse.
  const issue = schema.safeParse(value, { reportInput: true }).error?.issues[0];
  if (!issue) throw new ShapeError(pathText(at), 'a readable body', value);
  const expected = issue.code === 'invalid_type' ? (issue.expected === 'int' ? 'integer' : issue.expected) : issue.message;
  throw new ShapeError(pathText([...at, ...issue.path]), expected, issue.input);
}

/** The parse function of a call: a schema once built, applied to each body. */
export function shapeParser<S extends z.ZodType>(schema: S): (json: unknown) => z.output<S> {
  return (json) => parseShape(schema, json);
}

function pathText(path: ReadonlyArray<PropertyKey>): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out;
}
