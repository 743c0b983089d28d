import { isObject, oneLine, pickString, readNonEmptyString, type JsonObject } from './event-fields.js';

const MAX_ERROR_CHARS = 300;

/**
 * The failure of an `error` event in plain words: the error's message (or detail, reason),
 * else the event's content, else its type or code. One line, no stack trace.
 */
export function plainErrorMessage(event: JsonObject): { message: string; code?: string } {
  const err = event.error;
  let message: string | undefined;
  let code: string | undefined;
  if (typeof err === 'string') message = err;
  else if (isObject(err)) {
    message = pickString(err, ['message', 'msg', 'detail', 'error', 'reason', 'description']);
    code = pickString(err, ['code', 'type', 'error_code', 'status']);
    if (!message && isObject(err.error)) message = pickString(err.error, ['message', 'msg', 'detail']);
  }
  message ??= readNonEmptyString(event.content);
  message ??= code ? `error ${code}` : 'the service reported an error without details';
  // First line only: stack traces and dumps are not for users.
  const firstLine = message.split(/\r?\n/).find((l) => l.trim() !== '') ?? message;
  const result: { message: string; code?: string } = { message: oneLine(firstLine, MAX_ERROR_CHARS) };
  if (code) result.code = oneLine(code, 80);
  return result;
}
