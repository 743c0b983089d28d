import { describe, expect, it } from 'vitest';
import { startFailureText } from '../../../src/agent/runtime/fail-run.js';
import { ServiceError } from '../../../src/service/errors/service-error.js';

const refused = (init: Partial<ConstructorParameters<typeof ServiceError>[2]>, kind: 'validation' | 'upstream' = 'validation') =>
  new ServiceError(kind, 'refused', { method: 'POST', path: '/v1/agent/conversations', status: 422, ...init });

describe('why a run could not start', () => {
  it('names SERVICE_AGENT_ID when the service requires an agent id (2025-12 schema)', () => {
    const error = refused({ issues: [{ loc: ['body', 'agent_id'], msg: 'Field required', type: 'missing' }] });
    expect(startFailureText(error)).toContain('SERVICE_AGENT_ID');
  });

  it('passes the service’s own words on for other refusals, and says something for anything else', () => {
    expect(startFailureText(refused({ serviceDetail: 'Invalid conversation_id', status: 400 }))).toBe('Invalid conversation_id');
    expect(startFailureText(refused({ issues: [{ loc: ['body', 'title'], msg: 'too long', type: 'string_too_long' }] }))).toBe(
      'the research service could not start the run',
    );
    expect(startFailureText(new Error('socket hang up'))).toBe('the research service could not start the run');
  });
});
