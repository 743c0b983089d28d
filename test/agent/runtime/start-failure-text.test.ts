import { describe, expect, it } from 'vitest';
import { startFailureText } from '../../../src/agent/runtime/fail-run.js';
import { ServiceError, type ServiceErrorKind } from '../../../src/service/errors/service-error.js';

const refused = (init: Partial<ConstructorParameters<typeof ServiceError>[2]>, kind: 'validation' | 'upstream' = 'validation') =>
  new ServiceError(kind, 'refused', { method: 'POST', path: '/v1/agent/conversations', status: 422, ...init });

describe('why a run could not start', () => {
  it('names SERVICE_AGENT_ID when the service requires an agent id (2025-12 schema)', () => {
    const error = refused({ issues: [{ loc: ['body', 'agent_id'], msg: 'Field required', type: 'missing' }] });
    expect(startFailureText(error)).toContain('SERVICE_AGENT_ID');
  });

  it('never passes the service’s own words on: a short summary of the status and what to do', () => {
    const echo = 'request api key canary-key; request headers {"authorization":"Bearer canary-key"}';
    const texts = [
      startFailureText(refused({ serviceDetail: `Invalid conversation_id (${echo})`, status: 400 })),
      startFailureText(refused({ serviceDetail: `Bad Gateway (${echo})`, status: 502 }, 'upstream')),
      startFailureText(refused({ issues: [{ loc: ['body', 'title'], msg: `too long (${echo})`, type: 'string_too_long' }] })),
    ];
    for (const text of texts) expect(text).not.toContain('canary-key');
    expect(texts[0]).toBe('the research service did not accept the request (status 400): ask again, in other words if it keeps failing');
    expect(texts[1]).toBe('the research service is unavailable (status 502): try again in a few minutes');
  });

  it('says what to do for each kind of failure', () => {
    const kinds = { auth: 'SERVICE_API_KEY', rate_limited: 'busy', timeout: 'in time', network: 'reached', not_found: 'new thread' };
    for (const [kind, words] of Object.entries(kinds)) {
      const error = new ServiceError(kind as ServiceErrorKind, 'failed', { method: 'POST', path: '/v1/agent/conversations' });
      expect(startFailureText(error)).toContain(words);
    }
    expect(startFailureText(new Error('socket hang up'))).toBe('the research service could not start the run');
  });
});
