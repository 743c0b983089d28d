/** operationFailure words every failure of an operation as the slash commands do, in plain text. */
import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../../../src/service/errors/service-error.js';
import { checkLimit } from '../../../../src/slack/kit/operations/check-limit.js';
import { operationFailure } from '../../../../src/slack/kit/operations/operation-failure.js';
import { OperationInputError } from '../../../../src/slack/kit/operations/operation-input-error.js';
import { WorkspaceNotInstalledError } from '../../../../src/workspaces/workspace-errors.js';

describe('operationFailure', () => {
  it('a bug: a generic message with the reference to give an admin, nothing of the error itself', () => {
    const failure = operationFailure(new TypeError('secret internals <!channel>'), { correlationId: 'ref-123', action: 'the search' });
    expect(failure).toEqual({
      code: 'internal',
      message: 'Something went wrong with the search. Please try again; if it keeps happening, give this reference to an admin: ref-123',
      retryable: false,
    });
  });

  it('a validation refusal of the service: the inputs in the commands’ words, as plain text', () => {
    const error = new ServiceError('validation', 'refused', {
      method: 'POST',
      path: '/v2/search',
      status: 422,
      issues: [{ loc: ['body', 'start_datetime'], msg: 'echo <key>', type: 'datetime_parsing' }],
    });
    expect(operationFailure(error, { correlationId: 'ref-1', action: 'the search' })).toEqual({
      code: 'service_validation',
      message: 'The research service did not accept the input for the search: start date (since:): must be a date',
      retryable: false,
    });
  });

  it('a workspace the app is not installed in: the error’s own words', () => {
    const error = new WorkspaceNotInstalledError('T1');
    expect(operationFailure(error, { correlationId: 'ref-2' })).toEqual({
      code: 'workspace_unavailable',
      message: error.message,
      retryable: false,
    });
  });

  it('an input error: its code, field and message', () => {
    const error = new OperationInputError({ code: 'missing', field: 'query', message: 'Give words to search for.' });
    expect(operationFailure(error, { correlationId: 'ref-3' })).toEqual({
      code: 'input_missing',
      field: 'query',
      message: 'Give words to search for.',
      retryable: false,
    });
  });
});

describe('checkLimit', () => {
  it('gives the default when absent, the value when in range', () => {
    expect(checkLimit(undefined, { max: 20, fallback: 5 })).toBe(5);
    expect(checkLimit(20, { max: 20, fallback: 5 })).toBe(20);
  });

  it.each([
    [0, 'out_of_range'],
    [21, 'out_of_range'],
    [1.5, 'bad_format'],
    ['3', 'bad_format'],
  ])('refuses %j (%s) with the range and the default', (value, code) => {
    expect(() => checkLimit(value, { max: 20, fallback: 5 })).toThrowError(
      expect.objectContaining({ code, field: 'limit', message: 'limit must be a whole number from 1 to 20 (leave it empty for 5).' }),
    );
  });
});
