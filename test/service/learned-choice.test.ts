/**
 * The fallback between two spellings of an operation, with attempts that answer as the service
 * would: a route that is missing (404 "Not Found", 405), an answer of the route (an unknown
 * symbol's 404, a 422), or an outage.
 */
import { describe, expect, it } from 'vitest';
import { createLearnedChoice, isRouteMissing, tryLearnedChoice } from '../../src/service/learned-choice.js';
import { ServiceError, type ServiceErrorKind } from '../../src/service/errors/service-error.js';

const error = (kind: ServiceErrorKind, status: number | undefined, serviceDetail?: string) =>
  new ServiceError(kind, 'x', { method: 'POST', path: '/p', ...(status ? { status } : {}), ...(serviceDetail ? { serviceDetail } : {}) });
const notFound = error('not_found', 404, 'Not Found');

/** A service that serves only `served`; `answer` decides what a served route gives. */
function service(served: string[], answer: (path: string) => Promise<string> = async (p) => `ok ${p}`) {
  const calls: string[] = [];
  const attempt = async (path: string): Promise<string> => {
    calls.push(path);
    if (!served.includes(path)) throw notFound;
    return answer(path);
  };
  return { calls, attempt };
}

const how = { isWrongOption: isRouteMissing };

describe('tryLearnedChoice', () => {
  it('uses the newest route when it is served and keeps to it', async () => {
    const choice = createLearnedChoice(['/new', '/old']);
    const s = service(['/new', '/old']);
    expect(await tryLearnedChoice(choice, s.attempt, how)).toBe('ok /new');
    expect(await tryLearnedChoice(choice, s.attempt, how)).toBe('ok /new');
    expect(s.calls).toEqual(['/new', '/new']);
  });

  it('falls back on a missing route, learns the old one, and says so once', async () => {
    const choice = createLearnedChoice(['/new', '/old']);
    const s = service(['/old']);
    const learned: string[] = [];
    const withLog = { ...how, onLearned: (o: string) => learned.push(o) };
    expect(await tryLearnedChoice(choice, s.attempt, withLog)).toBe('ok /old');
    expect(await tryLearnedChoice(choice, s.attempt, withLog)).toBe('ok /old');
    expect(s.calls).toEqual(['/new', '/old', '/old']);
    expect(learned).toEqual(['/old']);
    expect(choice.known()).toBe('/old');
  });

  it('learns a route from its own error answer (an unknown symbol), and rethrows it', async () => {
    const choice = createLearnedChoice(['/new', '/old']);
    const unknownSymbol = error('not_found', 404, 'No data for symbol US:ZZZZ');
    const s = service(['/new'], () => Promise.reject(unknownSymbol));
    await expect(tryLearnedChoice(choice, s.attempt, how)).rejects.toBe(unknownSymbol);
    expect(s.calls).toEqual(['/new']);
    expect(choice.known()).toBe('/new');
  });

  it('learns nothing from an outage', async () => {
    const choice = createLearnedChoice(['/new', '/old']);
    const down = error('upstream', 503);
    await expect(tryLearnedChoice(choice, () => Promise.reject(down), how)).rejects.toBe(down);
    expect(choice.known()).toBeUndefined();
  });

  it('throws the refusal of the current name when no route is served', async () => {
    const choice = createLearnedChoice(['/new', '/old']);
    const s = service([]);
    await expect(tryLearnedChoice(choice, s.attempt, how)).rejects.toBe(notFound);
    expect(s.calls).toEqual(['/new', '/old']);
  });

  it('tries again when a learned route disappears (the service was upgraded)', async () => {
    const choice = createLearnedChoice(['/new', '/old']);
    const served = ['/old'];
    const s = service(served);
    await tryLearnedChoice(choice, s.attempt, how);
    served.splice(0, 1, '/new');
    expect(await tryLearnedChoice(choice, s.attempt, how)).toBe('ok /new');
    expect(s.calls).toEqual(['/new', '/old', '/old', '/new']);
    expect(choice.known()).toBe('/new');
  });
});

describe('isRouteMissing', () => {
  it('is Starlette’s 404 "Not Found" or a 405, not a 404 about data', () => {
    expect(isRouteMissing(notFound)).toBe(true);
    expect(isRouteMissing(error('not_found', 404))).toBe(true);
    expect(isRouteMissing(error('bad_response', 405, 'Method Not Allowed'))).toBe(true);
    expect(isRouteMissing(error('not_found', 404, 'Unknown index NIKKEI'))).toBe(false);
    expect(isRouteMissing(error('validation', 422))).toBe(false);
  });
});
