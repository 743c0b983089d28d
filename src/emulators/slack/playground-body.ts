/**
 * Reading a playground route's JSON body (PLAYGROUND-API.md): an empty body is `{}`, anything
 * else must be a JSON object; string fields are read as "present and non-empty".
 */
import type { IncomingMessage } from 'node:http';
import { EmulatorUsageError } from './errors.js';
import { readBody } from './http-io.js';
import { parseJsonArg } from './validation/parse-json-arg.js';
import { isRecord } from './validation/validation-issue.js';

/** The request's JSON object (at most `limit` bytes); `{}` when the body is empty. */
export async function readPlaygroundBody(req: IncomingMessage, limit: number): Promise<Record<string, unknown>> {
  const raw = (await readBody(req, limit)).toString('utf8');
  if (raw.trim() === '') return {};
  // Text that is not JSON is refused like JSON that is not an object.
  const parsed = parseJsonArg(raw);
  if (parsed.ok && isRecord(parsed.value)) return parsed.value;
  throw new EmulatorUsageError('invalid_json', 'body must be a JSON object');
}

/** `body[key]` when it is a non-empty string. */
export function optionalString(body: Record<string, unknown>, key: string): string | undefined {
  const v = body[key];
  return typeof v === 'string' && v !== '' ? v : undefined;
}

/** `body[key]` as a non-empty string, or `invalid_arguments` naming the missing key. */
export function requiredString(body: Record<string, unknown>, key: string): string {
  const v = optionalString(body, key);
  if (v === undefined) throw new EmulatorUsageError('invalid_arguments', `missing ${key}`);
  return v;
}
