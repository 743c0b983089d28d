/**
 * The last step before Slack: every request the app's Slack clients send (Web API calls from
 * WebClient, Bolt's respond() to response_urls) has its text passed through the log redactor, so
 * a secret that reached some message text (a service that echoes its API key in an error, an
 * agent that repeats it) is masked whichever listener, card or relay path put it there.
 *
 * Values are redacted field by field after decoding (a form value, a JSON string inside it), never
 * on the encoded body, where URL or JSON escaping would hide a secret holding `%`, `"` or `\`.
 * The `token` field is the credential itself and is left alone; files (binary parts) are not text.
 * @see https://docs.slack.dev/tools/node-slack-sdk/web-api#custom-fetch
 */
import { parse as parseForm, stringify as stringifyForm } from 'node:querystring';
import type { FetchFunction } from '@slack/web-api';
import type { Redact } from '../observability/redactor.js';

type FetchInit = NonNullable<Parameters<FetchFunction>[1]>;

export function createRedactingFetch(fetchFn: FetchFunction, redact: Redact): FetchFunction {
  return (url, init) => fetchFn(url, init?.body === undefined ? init : { ...init, body: redactBody(init, redact) });
}

function redactBody(init: FetchInit, redact: Redact): FetchInit['body'] {
  const body = init.body;
  if (typeof body !== 'string') return body instanceof FormData ? redactFormData(body, redact) : body;
  if (isForm(init.headers)) {
    const fields = parseForm(body);
    const redacted: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(fields)) {
      // Stryker disable next-line ConditionalExpression: equivalent, querystring.parse never yields undefined (the check narrows the type).
      if (value === undefined) continue;
      redacted[name] =
        name === 'token' ? value : Array.isArray(value) ? value.map((v) => redactText(v, redact)) : redactText(value, redact);
    }
    return stringifyForm(redacted);
  }
  return redactText(body, redact);
}

/** A JSON text is redacted value by value (and re-serialised); any other text as it is. */
function redactText(text: string, redact: Redact): string {
  const first = text.trimStart()[0];
  if (first !== '{' && first !== '[') return redact(text);
  // The usual case, and the cheap one: nothing in the text for the redactor, neither as JSON
  // escapes a secret nor as plain text (a body that only looks like JSON holds it unescaped), so
  // there is no need to parse and write it again. mayChangeJson looks for both in one pass.
  if (redact.mayChangeJson && !redact.mayChangeJson(text)) return text;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON after all: redacted as plain text.
    return redact(text);
  }
  return JSON.stringify(redactJson(parsed, redact));
}

function redactJson(value: unknown, redact: Redact): unknown {
  if (typeof value === 'string') return redact(value);
  if (Array.isArray(value)) return value.map((item) => redactJson(item, redact));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactJson(item, redact)]));
  }
  return value;
}

function redactFormData(form: FormData, redact: Redact): FormData {
  const out = new FormData();
  form.forEach((value, name) => {
    if (typeof value === 'string') out.append(name, name === 'token' ? value : redactText(value, redact));
    else out.append(name, value, value.name);
  });
  return out;
}

function isForm(headers: FetchInit['headers']): boolean {
  const found = Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === 'content-type');
  return found?.[1].toLowerCase().includes('application/x-www-form-urlencoded') === true;
}
