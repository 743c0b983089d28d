import { FormData } from 'undici';
import { describe, expect, it } from 'vitest';
import { encodeBody } from '../../../src/service/outbound/request-body.js';

describe('encodeBody', () => {
  it('sends a JSON value as JSON text with its content type, and nothing when there is no body', () => {
    expect(encodeBody({ body: { doc_ids: ['1'] } })).toEqual({ contentType: 'application/json', body: '{"doc_ids":["1"]}' });
    expect(encodeBody({})).toEqual({});
  });

  it('hands a form to undici as it is, leaving the content type (with its boundary) to undici', () => {
    const form = new FormData();
    form.append('name', 'memo');
    expect(encodeBody({ multipart: form })).toEqual({ body: form });
  });

  it('refuses a spec with both a JSON body and a form', () => {
    expect(() => encodeBody({ body: {}, multipart: new FormData() })).toThrow(TypeError);
  });
});
