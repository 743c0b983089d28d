/**
 * The fake's form checks, without a server: a multipart upload is held to the published
 * Body_upload_doc_by_form schema as FastAPI holds it, so a client that sends anything else fails
 * its tests. Forms are built with undici's FormData and serialised as undici sends them.
 */
import { FormData, Response } from 'undici';
import { describe, expect, it } from 'vitest';
import { checkResponse } from './response-check.js';
import { parseMultipart } from './multipart-form.js';
import { loadPublishedSpec, SPEC_VERSIONS } from './published-spec.js';
import { checkRequest } from './request-check.js';

const UPLOAD = '/v1/docs/upload/form';

async function parsedForm(form: FormData) {
  const res = new Response(form);
  const parsed = await parseMultipart(res.headers.get('content-type') ?? '', Buffer.from(await res.arrayBuffer()));
  if (!('form' in parsed)) throw new Error(parsed.error);
  return parsed.form;
}

const withFile = (fields: Record<string, string> = {}): FormData => {
  const form = new FormData();
  form.append('file', new Blob(['%PDF-1.4'], { type: 'application/pdf' }), 'memo.pdf');
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return form;
};

describe.each(SPEC_VERSIONS)('upload forms against the published %s schema', (version) => {
  const spec = loadPublishedSpec(version);
  const match = spec.match('POST', UPLOAD);
  if (!match.operation) throw new Error('no upload route');
  const check = async (form: FormData | undefined, formError?: string) =>
    checkRequest(spec, match, {
      query: new URLSearchParams(),
      ...(form ? { form: await parsedForm(form) } : {}),
      ...(formError ? { formError } : {}),
    });

  it('reads the upload as a multipart form operation', () => {
    expect(match.operation?.requestBody).toMatchObject({ required: true, multipart: true });
  });

  it('takes the file with the schema’s text fields, tags and metadatas as JSON objects', async () => {
    const form = withFile({
      folder_id: '12',
      name: 'Memo',
      tags: '{"industry":["Logistics"]}',
      metadatas: '{"k":"v"}',
      published_at: '1700000000000',
    });
    expect(await check(form)).toEqual([]);
  });

  it('refuses a form without its file, a file sent as text, and no form at all', async () => {
    expect(await check(new FormData())).toEqual([{ loc: ['body', 'file'], msg: 'Field required', type: 'missing' }]);
    const asText = new FormData();
    asText.append('file', 'not a file');
    expect(await check(asText)).toEqual([expect.objectContaining({ loc: ['body', 'file'], type: 'value_error' })]);
    expect(await check(undefined)).toEqual([expect.objectContaining({ loc: ['body', 'file'], type: 'missing' })]);
    expect(await check(undefined, 'Unexpected end of form')).toEqual([expect.objectContaining({ type: 'form_invalid' })]);
  });

  it('refuses tags or metadatas that are not the JSON the service reads, and a published_at that is no integer', async () => {
    const issues = await check(withFile({ tags: '["Logistics"]', metadatas: 'period=Q4', published_at: 'yesterday' }));
    expect(issues.map((i) => [i.loc.join('.'), i.type]).sort()).toEqual([
      ['body.metadatas', 'json_invalid'],
      ['body.published_at', 'integer_type'],
      ['body.tags', 'json_invalid'],
    ]);
    const lists = await check(withFile({ tags: '{"industry":"Logistics"}' }));
    expect(lists).toEqual([expect.objectContaining({ loc: ['body', 'tags'], msg: expect.stringContaining('not a list of strings') })]);
  });

  it('reports a field the schema does not declare (the service would drop it) and a text field sent as a file', async () => {
    const form = withFile({ folder: '12' });
    form.append('name', new Blob(['x']), 'name.txt');
    const issues = await check(form);
    expect(issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ loc: ['body', 'folder'], type: 'undeclared' }),
        expect.objectContaining({ loc: ['body', 'name'], type: 'string_type' }),
      ]),
    );
  });

  it('checks the answers: the id response, the enum or the undocumented failure, and detail refusals', () => {
    const op = (method: string, path: string) => {
      const m = spec.match(method, path);
      if (!m.operation) throw new Error(path);
      return m.operation;
    };
    expect(checkResponse(spec, op('POST', UPLOAD), 200, { id: '1', title: 't', original_url: 'u' })).toEqual([]);
    expect(checkResponse(spec, op('POST', UPLOAD), 200, { doc_id: '1', title: 't' }).length).toBeGreaterThan(0);
    expect(checkResponse(spec, op('POST', UPLOAD), 413, { detail: 'File too large' })).toEqual([]);
    expect(checkResponse(spec, op('POST', UPLOAD), 500, { detail: 'x' }).length).toBeGreaterThan(0);
    const status = op('GET', '/v1/docs/1/upload/status');
    expect(checkResponse(spec, status, 200, { id: '1', status: 'completed' })).toEqual([]);
    expect(checkResponse(spec, status, 200, { id: '1', status: 'failed', message: 'encrypted' })).toEqual([]);
    // A failure says why; an enum status with a message is no failure shape either way.
    expect(checkResponse(spec, status, 200, { id: '1', status: 'failed' }).length).toBeGreaterThan(0);
  });
});
