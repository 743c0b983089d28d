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
});
