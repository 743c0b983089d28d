/**
 * No reference code for a user's mistake (issue 29): a not-found answering what the user typed
 * is theirs to fix; a fault of ours or the service's keeps the code an admin traces it by.
 */
import { describe, expect, it } from 'vitest';
import { ServiceError, type ServiceErrorKind } from '../../../src/service/errors/service-error.js';
import { failureMessage } from '../../../src/slack/kit/failure-reply.js';

const CORRELATION = 'corr-user-mistake-1';
const serviceError = (kind: ServiceErrorKind, status: number): ServiceError =>
  new ServiceError(kind, `${kind} happened`, { method: 'DELETE', path: '/v1/docs/folder/delete', status });
const shown = (m: { text?: string; blocks?: unknown[] }): string => `${m.text ?? ''}\n${JSON.stringify(m.blocks ?? [])}`;

describe('reference codes', () => {
  it('a not-found answering a command’s text has none', () => {
    const m = failureMessage(serviceError('not_found', 404), {
      correlationId: CORRELATION,
      fromUserInput: true,
      action: 'deleting the folder',
    });
    expect(shown(m)).toContain('Not found');
    expect(shown(m)).not.toContain(CORRELATION);
    expect(shown(m)).not.toContain('Reference:');
  });

  it('a not-found from a button (a document gone since) keeps it', () => {
    expect(shown(failureMessage(serviceError('not_found', 404), { correlationId: CORRELATION }))).toContain(CORRELATION);
  });

  it.each([
    ['upstream', 502],
    ['bad_response', 200],
    ['validation', 422],
    ['auth', 401],
  ] as const)('a %s failure keeps it, even answering a command', (kind, status) => {
    expect(shown(failureMessage(serviceError(kind, status), { correlationId: CORRELATION, fromUserInput: true }))).toContain(CORRELATION);
  });
});
