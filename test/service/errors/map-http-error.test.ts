import { describe, expect, it } from 'vitest';
import { mapHttpError } from '../../../src/service/errors/map-http-error.js';

const failure = (status: number, body: unknown) => ({
  method: 'GET',
  path: '/v1/agent/conversations/1/messages',
  status,
  bodyText: JSON.stringify(body),
});

describe('mapHttpError', () => {
  it('reads the agent routes’ 400 "Invalid conversation_id" as not found, with the service’s words', () => {
    const error = mapHttpError(failure(400, { detail: 'Invalid conversation_id' }));
    expect(error).toMatchObject({ kind: 'not_found', status: 400, serviceDetail: 'Invalid conversation_id', retryable: false });
    expect(mapHttpError(failure(400, { detail: 'invalid assistant_message_id' })).kind).toBe('not_found');
  });

  it('keeps any other 400 a validation error', () => {
    expect(mapHttpError(failure(400, { detail: 'message must not be empty' })).kind).toBe('validation');
    expect(mapHttpError(failure(400, { detail: 'Invalid conversation_type' })).kind).toBe('validation');
    expect(mapHttpError(failure(422, { detail: [{ loc: ['path', 'conversation_id'], msg: 'bad', type: 'int_parsing' }] })).kind).toBe(
      'validation',
    );
    expect(mapHttpError(failure(404, { detail: 'Not Found' })).kind).toBe('not_found');
  });

  it('reads 413 as too large, not retryable, with the service’s words; a 400 detail stays readable', () => {
    const big = mapHttpError({
      method: 'POST',
      path: '/v1/docs/upload/form',
      status: 413,
      bodyText: '{"detail":"File too large: the limit is 50 MB"}',
    });
    expect(big).toMatchObject({ kind: 'too_large', status: 413, serviceDetail: 'File too large: the limit is 50 MB', retryable: false });
    expect(big.message).toBe('too large for the service: File too large: the limit is 50 MB (POST /v1/docs/upload/form → 413)');
    expect(mapHttpError({ method: 'POST', path: '/v1/docs/upload/form', status: 413, bodyText: '<html>nginx</html>' }).kind).toBe(
      'too_large',
    );
    const type = mapHttpError({
      method: 'POST',
      path: '/v1/docs/upload/form',
      status: 400,
      bodyText: '{"detail":"Unsupported file type: .exe"}',
    });
    expect(type).toMatchObject({ kind: 'validation', serviceDetail: 'Unsupported file type: .exe' });
  });
});
