/**
 * The redacting fetch under every Slack client: secrets are masked in each decoded value of a
 * form body (JSON inside it too), in a JSON body (respond()) and in multipart text parts, whatever
 * escaping the encoded body would give them; the token field and files are left alone.
 */
import { parse as parseForm } from 'node:querystring';
import type { FetchFunction } from '@slack/web-api';
import { describe, expect, it } from 'vitest';
import { createRedactor } from '../../src/observability/redactor.js';
import { createRedactingFetch } from '../../src/slack-api/redacting-fetch.js';

// Characters URL and JSON escaping change, so a redactor run on the encoded body would miss it.
const SECRET = 'canary"key%2F\\with&escapes';
const redact = createRedactor([SECRET]);

function capture(): { fetch: FetchFunction; bodies: Array<string | FormData | undefined>; inits: unknown[] } {
  const bodies: Array<string | FormData | undefined> = [];
  const inits: unknown[] = [];
  const fetch: FetchFunction = async (_url, init) => {
    inits.push(init);
    bodies.push(init?.body);
    return {
      ok: true,
      status: 200,
      statusText: 'OK',
      url: '',
      headers: { get: () => null, entries: () => [][Symbol.iterator]() },
      arrayBuffer: async () => new ArrayBuffer(0),
      json: async () => ({}),
      text: async () => '',
    };
  };
  return { fetch, bodies, inits };
}

const JSON_HEADERS = { 'Content-Type': 'application/json' };

describe('createRedactingFetch', () => {
  it('masks a secret in every form value, JSON ones included, and keeps the token field', async () => {
    const { fetch, bodies } = capture();
    const form = new URLSearchParams({
      token: SECRET,
      text: `failed: ${SECRET}`,
      blocks: JSON.stringify([{ type: 'section', text: { type: 'mrkdwn', text: `key ${SECRET}` } }]),
    }).toString();
    await createRedactingFetch(fetch, redact)('https://slack.test/api/chat.postMessage', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form,
    });
    const sent = parseForm(String(bodies[0]));
    expect(sent.token).toBe(SECRET);
    expect(sent.text).toBe('failed: [redacted]');
    expect(JSON.parse(String(sent.blocks))).toEqual([{ type: 'section', text: { type: 'mrkdwn', text: 'key [redacted]' } }]);
  });

  it('masks a secret in a JSON body (respond() to a response_url)', async () => {
    const { fetch, bodies } = capture();
    await createRedactingFetch(fetch, redact)('https://hooks.slack.test/response', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ text: `oops ${SECRET}`, replace_original: true }),
    });
    expect(JSON.parse(String(bodies[0]))).toEqual({ text: 'oops [redacted]', replace_original: true });
  });

  it('masks text parts of a multipart upload and leaves its file as it was', async () => {
    const { fetch, bodies } = capture();
    const form = new FormData();
    form.append('initial_comment', `see ${SECRET}`);
    form.append('file', new Blob(['file bytes']), 'report.md');
    await createRedactingFetch(fetch, redact)('https://files.slack.test/upload', { method: 'POST', body: form });
    const sent = bodies[0] as FormData;
    expect(sent.get('initial_comment')).toBe('see [redacted]');
    expect(await (sent.get('file') as Blob).text()).toBe('file bytes');
  });

  it('sends a JSON text with nothing to redact as it was written, and still parses one that holds a token', async () => {
    const { fetch, bodies } = capture();
    const send = (body: string) =>
      createRedactingFetch(fetch, redact)('https://hooks.slack.test/response', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
      });
    // Spaces JSON.stringify would not write: the text was not parsed and written again.
    const clean = '{ "text": "quote \\" and \\\\ backslash, no secret" }';
    await send(clean);
    expect(bodies[0]).toBe(clean);
    await send(JSON.stringify({ text: 'token xoxb-1234567890-abcdef in a value' }));
    expect(JSON.parse(String(bodies[1]))).toEqual({ text: 'token [redacted] in a value' });
  });

  it('sends a request without a body, or without any options, unchanged', async () => {
    const { fetch, bodies, inits } = capture();
    const init = { method: 'POST' };
    await createRedactingFetch(fetch, redact)('https://slack.test/api/auth.test', init);
    await createRedactingFetch(fetch, redact)('https://slack.test/api/auth.test');
    expect(bodies).toEqual([undefined, undefined]);
    expect(inits[0]).toBe(init);
    expect(inits[1]).toBeUndefined();
  });

  it('masks every value of a form field sent more than once', async () => {
    const { fetch, bodies } = capture();
    await createRedactingFetch(fetch, redact)('https://slack.test/api/chat.postMessage', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams([
        ['text', `one ${SECRET}`],
        ['text', `two ${SECRET}`],
      ]).toString(),
    });
    expect(parseForm(String(bodies[0])).text).toEqual(['one [redacted]', 'two [redacted]']);
  });

  it('finds the form content type whatever the case of the header name and value, among other headers', async () => {
    const { fetch, bodies } = capture();
    await createRedactingFetch(fetch, redact)('https://slack.test/api/chat.postMessage', {
      method: 'POST',
      headers: { Authorization: 'Bearer xoxb-not-a-form-type', 'content-type': 'Application/X-WWW-Form-Urlencoded; charset=UTF-8' },
      body: new URLSearchParams({ text: `failed: ${SECRET}` }).toString(),
    });
    expect(parseForm(String(bodies[0])).text).toBe('failed: [redacted]');
  });

  it('masks a JSON body that starts with whitespace, or holds null, value by value', async () => {
    const { fetch, bodies } = capture();
    const send = (body: string) =>
      createRedactingFetch(fetch, redact)('https://hooks.slack.test/response', { method: 'POST', headers: JSON_HEADERS, body });
    await send(`\n  ${JSON.stringify({ text: `oops ${SECRET}` })}`);
    await send(JSON.stringify({ text: `oops ${SECRET}`, thread_ts: null, blocks: [null, { text: SECRET }] }));
    expect(JSON.parse(String(bodies[0]))).toEqual({ text: 'oops [redacted]' });
    expect(JSON.parse(String(bodies[1]))).toEqual({ text: 'oops [redacted]', thread_ts: null, blocks: [null, { text: '[redacted]' }] });
  });

  it('masks a body that only looks like JSON as plain text, and a text body sent without a content type', async () => {
    const { fetch, bodies } = capture();
    const token = 'xoxb-1234567890-abcdef';
    const send = (body: string, headers?: Record<string, string>) =>
      createRedactingFetch(fetch, redact)('https://hooks.slack.test/response', { method: 'POST', headers, body });
    await send(`{not json: ${token}`, JSON_HEADERS);
    await send(`[1, ${token}`, JSON_HEADERS);
    await send(`plain ${SECRET}`);
    // A JSON string is not an object or an array: redacted as written, its spaces kept.
    await send(` "${token}" `, JSON_HEADERS);
    expect(bodies).toEqual(['{not json: [redacted]', '[1, [redacted]', 'plain [redacted]', ' "[redacted]" ']);
  });

  it('redacts a JSON body value by value with a redactor that cannot say in advance whether it would change it', async () => {
    const { fetch, bodies } = capture();
    // A Redact without mayChangeJson (the shortcut is optional): every JSON body is parsed.
    const bare = (text: string): string => text.replaceAll('hidden', '[gone]');
    await createRedactingFetch(fetch, bare)('https://hooks.slack.test/response', {
      method: 'POST',
      headers: JSON_HEADERS,
      body: '{ "text": "a hidden word" }',
    });
    expect(bodies).toEqual(['{"text":"a [gone] word"}']);
  });

  it('masks a configured secret holding a quote or a backslash in a body that only looks like JSON', async () => {
    const { fetch, bodies } = capture();
    const send = (body: string) =>
      createRedactingFetch(fetch, redact)('https://hooks.slack.test/response', { method: 'POST', headers: JSON_HEADERS, body });
    // Unescaped, as no JSON writer would leave it: the JSON-escaped search alone would miss it.
    await send(`{not json: ${SECRET}`);
    await send(`[${SECRET}`);
    expect(bodies).toEqual(['{not json: [redacted]', '[[redacted]']);
  });

  it('keeps the token part of a multipart upload as it was', async () => {
    const { fetch, bodies } = capture();
    const form = new FormData();
    form.append('token', SECRET);
    form.append('title', `title ${SECRET}`);
    await createRedactingFetch(fetch, redact)('https://files.slack.test/upload', { method: 'POST', body: form });
    const sent = bodies[0] as FormData;
    expect(sent.get('token')).toBe(SECRET);
    expect(sent.get('title')).toBe('title [redacted]');
  });
});
